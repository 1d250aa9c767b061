import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseOfEngine } from '../../storage/storage.test-support.js';
import type { Engine } from '../../engine.js';
import { createTestTable, errorOf, testEngine } from '../../test-tables.test-support.js';

describe('TransactWriteItems ClientRequestToken', () => {
  let engine: Engine;
  let now = 1_700_000_000_000;
  beforeEach(() => {
    now = 1_700_000_000_000;
    engine = testEngine({ now: () => now });
    createTestTable(engine, { name: 'counters' });
    engine.handle('PutItem', { TableName: 'counters', Item: { pk: { S: 'c' }, n: { N: '0' } } });
  });
  afterEach(() => engine.close());

  const increment = (token: string, by = '1', extra: Record<string, unknown> = {}) =>
    engine.handle('TransactWriteItems', {
      ClientRequestToken: token,
      TransactItems: [
        {
          Update: {
            TableName: 'counters',
            Key: { pk: { S: 'c' } },
            UpdateExpression: 'ADD n :by',
            ExpressionAttributeValues: { ':by': { N: by } },
          },
        },
      ],
      ...extra,
    });
  const counter = () =>
    (engine.handle('GetItem', { TableName: 'counters', Key: { pk: { S: 'c' } } }).Item as { n: { N: string } }).n.N;

  it('runs a retried request only once within 10 minutes, charging the replay as reads', () => {
    increment('t1');
    now += 9 * 60 * 1000;
    expect(increment('t1', '1', { ReturnConsumedCapacity: 'TOTAL' })).toEqual({
      ConsumedCapacity: [{ TableName: 'counters', CapacityUnits: 2, ReadCapacityUnits: 2 }],
    });
    expect(counter()).toBe('1');
  });

  it('forgets a token after 10 minutes', () => {
    increment('t1');
    now += 10 * 60 * 1000 + 1;
    increment('t1');
    expect(counter()).toBe('2');
  });

  it('hands an expired token to another request, which it then replays', () => {
    increment('t1');
    now += 10 * 60 * 1000 + 1;
    increment('t1', '5');
    expect(counter()).toBe('6');
    now += 60 * 1000;
    increment('t1', '5');
    expect(counter()).toBe('6');
    expect(errorOf(() => increment('t1')).type).toBe('IdempotentParameterMismatchException');
    expect(counter()).toBe('6');
  });

  it('refuses the same token with another request', () => {
    increment('t1');
    expect(errorOf(() => increment('t1', '5')).type).toBe('IdempotentParameterMismatchException');
    expect(counter()).toBe('1');
  });

  it('does not remember the token of a cancelled transaction', () => {
    const conditional = (token: string) =>
      engine.handle('TransactWriteItems', {
        ClientRequestToken: token,
        TransactItems: [
          {
            ConditionCheck: {
              TableName: 'counters',
              Key: { pk: { S: 'c' } },
              ConditionExpression: 'n = :one',
              ExpressionAttributeValues: { ':one': { N: '1' } },
            },
          },
        ],
      });
    expect(errorOf(() => conditional('t2')).type).toBe('TransactionCanceledException');
    increment('t3');
    expect(conditional('t2')).toEqual({});
  });

  it('keeps tokens when the first transaction that carried one was cancelled', () => {
    // The cancelled transaction created the token table, and its rollback removed it again.
    const cancelled = () =>
      engine.handle('TransactWriteItems', {
        ClientRequestToken: 't0',
        TransactItems: [
          {
            ConditionCheck: {
              TableName: 'counters',
              Key: { pk: { S: 'c' } },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      });
    expect(errorOf(cancelled).type).toBe('TransactionCanceledException');
    increment('t1');
    increment('t1');
    expect(counter()).toBe('1');
  });

  it('creates the token table again should it vanish after it was in use', () => {
    increment('t1');
    increment('t2');
    databaseOfEngine(engine).exec('DROP TABLE monotable_client_request_tokens');
    increment('t3');
    increment('t3');
    expect(counter()).toBe('3');
    // Purging (after a minute) finds the table too.
    databaseOfEngine(engine).exec('DROP TABLE monotable_client_request_tokens');
    now += 2 * 60 * 1000;
    increment('t4');
    increment('t4');
    expect(counter()).toBe('4');
  });
});
