import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DynamoDBError } from '../../src/engine/errors.js';
import { Engine } from '../../src/engine/engine.js';

/**
 * The PartiQL corpus: statements with the answers AWS DynamoDB Local 3.3.1 gave
 * (scripts/record-partiql-goldens.ts), or the `correction` where the facts file says
 * DynamoDB answers otherwise. Each file runs in order on a fresh engine.
 */
interface Step {
  operation: string;
  input: Record<string, unknown>;
  expect: Answer;
  correction?: { fact: string; expect: Answer };
}
type Answer =
  | { output: Record<string, unknown> }
  | { error: { type: string; message: string; CancellationReasons?: unknown } };
interface CaseFile {
  description: string;
  tables: Record<string, unknown>[];
  steps: Step[];
}

const directory = new URL('./cases/', import.meta.url);
const files = readdirSync(directory).filter((name) => name.endsWith('.json'));

function answerOf(engine: Engine, step: Step): Answer {
  try {
    return { output: engine.handle(step.operation, structuredClone(step.input)) };
  } catch (error) {
    if (!(error instanceof DynamoDBError)) throw error;
    const reasons = error.extra.CancellationReasons;
    return {
      error: { type: error.type, message: error.message, ...(reasons ? { CancellationReasons: reasons } : {}) },
    };
  }
}

/** NextToken is opaque: each side's own text; the corpus checks only that one is there. */
function opaqueTokens(answer: Answer): Answer {
  if (!('output' in answer) || typeof answer.output.NextToken !== 'string') return answer;
  return { output: { ...answer.output, NextToken: '(a NextToken)' } };
}

for (const name of files) {
  const file = JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as CaseFile;
  describe(`PartiQL corpus ${name}: ${file.description}`, () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    for (const table of file.tables) engine.handle('CreateTable', table);
    file.steps.forEach((step, index) => {
      const statement = (step.input.Statement as string | undefined) ?? JSON.stringify(step.input).slice(0, 120);
      it(`${index}: ${step.operation} ${statement}`, () => {
        expect(opaqueTokens(answerOf(engine, step))).toEqual(opaqueTokens((step.correction ?? step).expect));
      });
    });
  });
}
