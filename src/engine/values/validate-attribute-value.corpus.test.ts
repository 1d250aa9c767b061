import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Item } from './attribute-value.js';
import { validateItemValues } from './validate-attribute-value.js';

// The shared conformance corpus lives beside the project (see scripts/conformance.mjs).
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const corpus = join(projectRoot, '..', 'shared', 'conformance', 'public');

interface Step {
  op: string;
  request: { Item?: Item };
  expect: { status: number; body?: { __type?: string; message?: string } };
}

function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.$repeat)) return String(record.$repeat[0]).repeat(Number(record.$repeat[1]));
    return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, expand(entry)]));
  }
  return value;
}

function putItemSteps(): Array<{ name: string; step: Step }> {
  if (!existsSync(corpus)) return [];
  const steps: Array<{ name: string; step: Step }> = [];
  for (const area of readdirSync(corpus)) {
    for (const file of readdirSync(join(corpus, area)).filter((entry) => entry.endsWith('.json'))) {
      const testCase = JSON.parse(readFileSync(join(corpus, area, file), 'utf8')) as { steps: Step[] };
      testCase.steps.forEach((step, index) => {
        if (step.op === 'PutItem' && step.request.Item) steps.push({ name: `${area}/${file} step ${index}`, step });
      });
    }
  }
  return steps;
}

function outcome(item: Item): string | undefined {
  try {
    validateItemValues(expand(item) as Item);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

// Item-level messages this module owns; other errors of PutItem steps come later.
const valueMessage =
  /^(Supplied AttributeValue|Input collection|One or more parameter values were invalid: (Input collection|An? \w+ set|Binary sets|Null attribute)|Empty attribute name|Nesting Levels|Number (overflow|underflow)|The parameter cannot be converted|Attempting to store)/;
const steps = putItemSteps();

const skipNote =
  steps.length === 0 ? ' (skipped: no conformance corpus beside the project, ../shared/conformance/public)' : '';

describe.skipIf(steps.length === 0)(`item values against the conformance corpus${skipNote}`, () => {
  it('accept every item DynamoDB stores and reject the others with its message', () => {
    const mismatches = steps
      .map(({ name, step }) => {
        const expected = step.expect.body?.message;
        const wanted = expected !== undefined && valueMessage.test(expected) ? expected : undefined;
        return { name, wanted, got: outcome(step.request.Item as Item) };
      })
      .filter(({ wanted, got }) => wanted !== got);
    expect(mismatches).toEqual([]);
  });
});
