import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { engineWithStatusIndex } from '../../test-tables.test-support.js';

/*
 * A transaction's Put without condition does not read the item it replaces unless the
 * answer reports capacity (which depends on it). Asking for capacity therefore takes the
 * reading path: whatever the history, both paths must answer the same (but for
 * ConsumedCapacity) and leave the same items and index entries.
 */

const key = fc.record({ pk: fc.constantFrom('a', 'b'), sk: fc.constantFrom('1', '2') });
const status = fc.option(fc.constantFrom('open', 'done'), { nil: undefined });

const action = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), key, status, conditioned: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), key }),
);

type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

function wireAction(entry: Action): Record<string, unknown> {
  const wireKey = { pk: { S: entry.key.pk }, sk: { S: entry.key.sk } };
  if (entry.kind === 'delete') return { Delete: { TableName: 'jobs', Key: wireKey } };
  const item = entry.status === undefined ? wireKey : { ...wireKey, status: { S: entry.status } };
  return {
    Put: {
      TableName: 'jobs',
      Item: item,
      ...(entry.conditioned ? { ConditionExpression: 'attribute_exists(status)' } : {}),
    },
  };
}

/** The answer (or error type and reasons) of one call, without what only the billed path reports. */
function outcome(engine: Engine, actions: readonly Action[], billed: boolean): unknown {
  try {
    const answer = engine.handle('TransactWriteItems', {
      TransactItems: actions.map(wireAction),
      ...(billed ? { ReturnConsumedCapacity: 'TOTAL' } : {}),
    });
    const { ConsumedCapacity: _capacity, ...rest } = answer;
    return rest;
  } catch (error) {
    const failure = error as { type: string; message: string };
    return { type: failure.type, message: failure.message };
  }
}

function contents(engine: Engine): unknown {
  const items = engine.handle('Scan', { TableName: 'jobs' }).Items;
  const entries = engine.handle('Scan', { TableName: 'jobs', IndexName: 'byStatus' }).Items;
  return { items, entries };
}

describe('TransactWriteItems Put without reading the replaced item', () => {
  it('answers and stores what the reading path answers and stores', () => {
    fc.assert(
      fc.property(fc.array(fc.array(action, { minLength: 1, maxLength: 3 }), { maxLength: 12 }), (history) => {
        const blind = engineWithStatusIndex();
        const reading = engineWithStatusIndex();
        try {
          for (const actions of history) {
            expect(outcome(blind, actions, false)).toEqual(outcome(reading, actions, true));
          }
          expect(contents(blind)).toEqual(contents(reading));
        } finally {
          blind.close();
          reading.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
