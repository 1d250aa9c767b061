/**
 * The isolated test of isolation-test.ts, in-process, on this checkout and on another one
 * loaded into the same process, alternating in rounds: a before/after comparison that
 * holds on a loaded machine, where two separate runs do not. Each round's figure is CPU
 * time (`process.cpuUsage`, all threads of the process) per test; the result is the median
 * of the round means, for the whole test and for the same calls through `engine.handle`
 * alone (isolation-engine.ts).
 *
 *   node --import tsx bench/isolation-against-checkout.ts <other checkout> [rounds] [tests per round]
 *
 * The other checkout needs its dependencies (a `node_modules` of its own or a link to one).
 */
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { EngineOptions } from '../src/engine/engine.js';
import { ENGINE_PHASES, measureEngineIsolation } from './isolation-engine.js';
import { runIsolatedTest } from './isolation-test.js';

interface Side {
  readonly name: string;
  readonly newClient: () => DynamoDBClient;
  readonly newEngine: (options: EngineOptions) => { handle(operation: string, input: unknown): unknown; close(): void };
  readonly tests: number[];
  readonly engine: number[];
}

async function sideOf(name: string, root: string): Promise<Side> {
  const at = (path: string) => pathToFileURL(join(root, path)).href;
  const { createLocalClient } = (await import(
    at('src/local/client/create-local-client.ts')
  )) as typeof import('../src/local/client/create-local-client.js');
  const { Engine } = (await import(at('src/engine/engine.ts'))) as typeof import('../src/engine/engine.js');
  return {
    name,
    newClient: () => createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } }),
    newEngine: (options) => new Engine(options),
    tests: [],
    engine: [],
  };
}

const cpuMicroseconds = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const [other, roundsArgument, perRoundArgument] = process.argv.slice(2);
if (!other) {
  console.error(
    'usage: node --import tsx bench/isolation-against-checkout.ts <other checkout> [rounds] [tests per round]',
  );
  process.exit(2);
}
const rounds = Number(roundsArgument ?? 40);
const perRound = Number(perRoundArgument ?? 20);
const sides = [
  await sideOf('other', isAbsolute(other) ? other : resolve(other)),
  await sideOf('this', resolve(import.meta.dirname, '..')),
];
for (const side of sides) for (let i = 0; i < 300; i++) await runIsolatedTest(side.newClient, 'isolation');
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 ? [...sides].reverse() : sides) {
    let since = process.cpuUsage();
    for (let i = 0; i < perRound; i++) await runIsolatedTest(side.newClient, 'isolation');
    side.tests.push(cpuMicroseconds(since) / perRound);
    since = process.cpuUsage();
    measureEngineIsolation(side.newEngine, perRound, 0);
    side.engine.push(cpuMicroseconds(since) / perRound);
  }
}
for (const side of sides) {
  console.log(
    `${side.name} checkout: isolated test ${median(side.tests).toFixed(0)} µs CPU; through engine.handle alone (${ENGINE_PHASES.length} phases) ${median(side.engine).toFixed(0)} µs CPU`,
  );
}
const [before, after] = sides;
console.log(
  `other ÷ this: isolated test ${(median(before.tests) / median(after.tests)).toFixed(3)}, engine alone ${(median(before.engine) / median(after.engine)).toFixed(3)}`,
);
