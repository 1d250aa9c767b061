import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { referenceValidate } from './request-shape-reference.test-support.js';
import { validateRequestShape } from '../operations/registry.js';

// The shared conformance corpus lives beside the project (see scripts/conformance.mjs).
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const corpus = join(projectRoot, '..', 'shared', 'conformance', 'public');

interface Step {
  op: string;
  request: unknown;
  expect: { status: number; body?: { __type?: string; message?: string } };
}

/** Expands `{{T}}` placeholders and `{"$repeat": [text, count]}` as the corpus runner does. */
function materialize(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\{\{(T\d?|U)\}\}/g, (_, name: string) => `table_${name}`);
  if (Array.isArray(value)) return value.map(materialize);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.$repeat)) return String(record.$repeat[0]).repeat(Number(record.$repeat[1]));
    return Object.fromEntries(Object.entries(record).map(([key, entry]) => [materialize(key), materialize(entry)]));
  }
  return value;
}

function corpusSteps(): Array<{ name: string; step: Step }> {
  if (!existsSync(corpus)) return [];
  const steps: Array<{ name: string; step: Step }> = [];
  for (const area of readdirSync(corpus)) {
    for (const file of readdirSync(join(corpus, area)).filter((entry) => entry.endsWith('.json'))) {
      const testCase = JSON.parse(readFileSync(join(corpus, area, file), 'utf8')) as { steps: Step[] };
      testCase.steps.forEach((step, index) => {
        if (!step.op.startsWith('$')) steps.push({ name: `${area}/${file} step ${index}`, step });
      });
    }
  }
  return steps;
}

function outcome(
  step: Step,
  validate: (operation: string, request: object) => void = validateRequestShape,
): { type: string; message: string } | undefined {
  try {
    validate(step.op, materialize(step.request) as object);
    return undefined;
  } catch (error) {
    const { name, message } = error as Error;
    return { type: name, message };
  }
}

const shapeMessage = /^\d+ validation errors? detected: |^The requestItems parameter is required/;
const steps = corpusSteps();

const skipNote =
  steps.length === 0 ? ' (skipped: no conformance corpus beside the project, ../shared/conformance/public)' : '';

describe.skipIf(steps.length === 0)(`request shapes against the conformance corpus${skipNote}`, () => {
  it('let every request through that DynamoDB answers without a shape error', () => {
    const wronglyRejected = steps
      .filter(
        ({ step }) =>
          !shapeMessage.test(step.expect.body?.message ?? '') && step.expect.body?.__type !== 'SerializationException',
      )
      .filter(({ step }) => step.expect.body?.message !== undefined || step.expect.status === 200)
      .map(({ name, step }) => ({ name, error: outcome(step) }))
      .filter(({ error }) => error !== undefined);
    expect(wronglyRejected).toEqual([]);
  });

  it('are checked by the engine exactly as by the plain reference: same error, same converted request', () => {
    for (const { name, step } of steps) {
      if (step.request === null || typeof step.request !== 'object' || Array.isArray(step.request)) continue;
      const viaEngine = materialize(step.request) as Record<string, unknown>;
      const viaReference = materialize(step.request) as Record<string, unknown>;
      const engineOutcome = outcome(step, () => validateRequestShape(step.op, viaEngine));
      const referenceOutcome = outcome(step, () => referenceValidate(step.op, viaReference));
      expect({ name, outcome: engineOutcome, request: viaEngine }).toEqual({
        name,
        outcome: referenceOutcome,
        request: viaReference,
      });
    }
  });

  it('answer every shape error of the corpus with its exact message', () => {
    const expected = steps.filter(({ step }) => shapeMessage.test(step.expect.body?.message ?? ''));
    expect(expected.length).toBeGreaterThan(5);
    for (const { name, step } of expected) {
      const message = materialize(step.expect.body?.message);
      expect({ name, ...outcome(step) }).toEqual({ name, type: step.expect.body?.__type, message });
    }
  });
});
