/**
 * Script mode of the differential test: many seeds, or one seed replayed in detail.
 *
 *   node --import tsx test/differential/run.ts --seeds 500 [--from 1000] [--steps 60] [--concurrency 4]
 *   node --import tsx test/differential/run.ts --seed 1234 --steps 60 --verbose
 *
 * Starts its own DynamoDB Local unless `--endpoint http://127.0.0.1:PORT` names a running one.
 * Exit status 1 when any seed found a difference.
 */
import { randomBytes } from 'node:crypto';
import { startDynamoDbLocal, type RunningDynamoDbLocal } from '../support/dynamodb-local.js';
import { dynamoDbLocalEndpoint, engineEndpoint, type Endpoint } from './endpoints.js';
import { executeStep } from './execute-step.js';
import { describeMismatch, runSeed, type SeedResult } from './run-seed.js';
import { generateScenario } from './scenario.js';

interface Options {
  seeds: number[];
  steps: number;
  endpoint?: string;
  verbose: boolean;
  concurrency: number;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const steps = Number(value('--steps') ?? 60);
  const single = value('--seed');
  const count = Number(value('--seeds') ?? 100);
  const from = Number(value('--from') ?? Math.floor(Math.random() * 1_000_000));
  return {
    seeds: single !== undefined ? [Number(single)] : Array.from({ length: count }, (_, i) => from + i),
    steps,
    endpoint: value('--endpoint'),
    verbose: argv.includes('--verbose'),
    concurrency: Number(value('--concurrency') ?? 4),
  };
}

/** Prints every step of a seed with both answers (the requests are the same on both sides). */
async function replayVerbose(seed: number, steps: number, reference: Endpoint, engine: Endpoint): Promise<void> {
  const tableName = `diff_verbose_${randomBytes(3).toString('hex')}_${seed}`;
  const scenario = generateScenario(seed, steps, tableName);
  try {
    for (const [index, step] of scenario.steps.entries()) {
      const [expected, observed] = await Promise.all([
        executeStep(reference, step, 'reference'),
        executeStep(engine, step, 'engine'),
      ]);
      console.log(`#${index} ${step.op}${step.mode ? ` (${step.mode})` : ''} ${JSON.stringify(step.request)}`);
      console.log(`   DynamoDB Local: ${JSON.stringify(expected)}`);
      if (JSON.stringify(expected) !== JSON.stringify(observed))
        console.log(`   engine:         ${JSON.stringify(observed)}`);
    }
  } finally {
    await Promise.all([
      reference.send('DeleteTable', { TableName: tableName }),
      engine.send('DeleteTable', { TableName: tableName }),
    ]);
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let local: RunningDynamoDbLocal | undefined;
  const url = options.endpoint ?? (local = await startDynamoDbLocal()).endpoint;
  const reference = dynamoDbLocalEndpoint(url);
  const engine = engineEndpoint();
  const runTag = randomBytes(3).toString('hex');
  const results: SeedResult[] = [];
  try {
    const queue = [...options.seeds];
    const worker = async () => {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
        const result = await runSeed(seed, reference, engine, { steps: options.steps, runTag });
        results.push(result);
        if (result.mismatch) console.log(`${describeMismatch(result.mismatch, options.steps)}\n`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    if (options.verbose) for (const seed of options.seeds) await replayVerbose(seed, options.steps, reference, engine);
  } finally {
    await engine.close();
    await local?.stop();
  }
  const failed = results.filter((result) => result.mismatch);
  const stepsRun = results.reduce((sum, result) => sum + result.stepsRun, 0);
  console.log(
    `${results.length} seeds, ${stepsRun} steps, ${failed.length} with a difference${failed.length ? `: ${failed.map((r) => r.seed).join(' ')}` : ''}`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

await main();
