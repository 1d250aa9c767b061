import { reconcileKnownDifferences, resyncKnownDifferences } from './allowlist.js';
import { firstDifference } from './compare.js';
import type { Endpoint } from './endpoints.js';
import { executeStep, type Observation } from './execute-step.js';
import type { Step } from './read-requests.js';
import { generateScenario } from './scenario.js';

export interface Mismatch {
  readonly seed: number;
  /** 0-based index into the scenario's steps (step 0 is CreateTable). */
  readonly stepIndex: number;
  readonly step: Step;
  readonly difference: string;
  readonly reference: Observation;
  readonly engine: Observation;
}

export interface SeedResult {
  readonly seed: number;
  readonly stepsRun: number;
  readonly mismatch?: Mismatch;
}

export interface SeedOptions {
  readonly steps: number;
  /** Distinguishes this run's tables from earlier runs' on the same DynamoDB Local. */
  readonly runTag: string;
}

/**
 * Runs one seed's scenario against both endpoints, step by step, and stops at the first
 * difference (later steps would only repeat it: the two states have diverged). The table
 * is deleted on both afterwards.
 */
export async function runSeed(
  seed: number,
  reference: Endpoint,
  engine: Endpoint,
  options: SeedOptions,
): Promise<SeedResult> {
  const tableName = `diff_${options.runTag}_${seed}`;
  const scenario = generateScenario(seed, options.steps, tableName);
  let stepsRun = 0;
  try {
    for (const [stepIndex, step] of scenario.steps.entries()) {
      const [expected, observed] = await Promise.all([
        executeStep(reference, step, 'reference'),
        executeStep(engine, step, 'engine'),
      ]);
      stepsRun++;
      if (reconcileKnownDifferences(step, scenario.table, expected, observed) === 'diverged') return { seed, stepsRun };
      await resyncKnownDifferences(step, scenario.table, reference, engine);
      const difference =
        expected.status !== observed.status
          ? `status: DynamoDB Local ${expected.status}, engine ${observed.status}`
          : firstDifference(expected.body, observed.body);
      if (difference) {
        return {
          seed,
          stepsRun,
          mismatch: { seed, stepIndex, step, difference, reference: expected, engine: observed },
        };
      }
    }
    return { seed, stepsRun };
  } finally {
    await Promise.all([
      reference.send('DeleteTable', { TableName: tableName }),
      engine.send('DeleteTable', { TableName: tableName }),
    ]);
  }
}

/** A report that lets anyone reproduce the mismatch: seed, step, request and both answers. */
export function describeMismatch(mismatch: Mismatch, steps: number): string {
  return [
    `seed ${mismatch.seed}, step ${mismatch.stepIndex} ${mismatch.step.op}${mismatch.step.mode ? ` (${mismatch.step.mode})` : ''}: ${mismatch.difference}`,
    `  request:        ${JSON.stringify(mismatch.step.request)}`,
    `  DynamoDB Local: ${JSON.stringify(mismatch.reference)}`,
    `  engine:         ${JSON.stringify(mismatch.engine)}`,
    `  reproduce:      node --import tsx test/differential/run.ts --seed ${mismatch.seed} --steps ${steps} --verbose`,
  ].join('\n');
}
