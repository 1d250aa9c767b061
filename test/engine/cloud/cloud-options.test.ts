import { afterEach, describe, expect, it } from 'vitest';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { CloudOptionsError, Engine, type CloudOptions } from '../../../src/engine/engine.js';
import { closeLocalClient, createLocalClient, localEngineOf } from '../../../src/local/index.js';
import { SeededRandom } from '../../../src/engine/cloud/seeded-random.js';

const engines: Engine[] = [];
function engineWith(cloud: unknown): Engine {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, cloud: cloud as CloudOptions });
  engines.push(engine);
  return engine;
}
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

function refusal(cloud: unknown): string {
  try {
    engineWith(cloud);
  } catch (error) {
    expect(error).toBeInstanceOf(CloudOptionsError);
    return (error as Error).message;
  }
  throw new Error('the options were accepted');
}

describe('cloud options', () => {
  it('is off by default: the engine holds no cloud behaviour', () => {
    const engine = engineWith(undefined);
    expect(engine.cloud).toBeUndefined();
    expect(engine.context.cloud).toBeUndefined();
  });

  it('resolves numbers to ranges and keeps the seed', () => {
    const engine = engineWith({
      seed: 7,
      consistency: { replicationLagMs: 20, indexLagMs: [50, 200] },
      transactions: { inFlightMs: 100 },
    });
    expect(engine.cloud?.options).toEqual({
      seed: 7,
      profile: undefined,
      consistency: { replicationLagMs: [20, 20], indexLagMs: [50, 200] },
      transactions: { inFlightMs: [100, 100] },
      capacity: undefined,
      faults: [],
    });
    expect(engine.context.cloud).toBe(engine.cloud);
  });

  it('applies the realistic profile, options given beside it winning', () => {
    expect(engineWith({ profile: 'realistic' }).cloud?.options.consistency).toEqual({
      replicationLagMs: [0, 1000],
      indexLagMs: [0, 1000],
    });
    expect(engineWith({ profile: 'realistic', consistency: { indexLagMs: 5 } }).cloud?.options.consistency).toEqual({
      replicationLagMs: [0, 1000],
      indexLagMs: [5, 5],
    });
  });

  it('refuses unknown options, naming them', () => {
    expect(refusal({ consistancy: {} })).toBe(
      'cloud.consistancy: is not an option (known: seed, profile, consistency, transactions, capacity, faults)',
    );
    expect(refusal({ consistency: { lagMs: 3 } })).toBe(
      'cloud.consistency.lagMs: is not an option (known: replicationLagMs, indexLagMs)',
    );
    expect(refusal({ transactions: {} })).toBe('cloud.transactions.inFlightMs: is required with transactions');
    expect(refusal({ profile: 'lazy' })).toBe('cloud.profile: "lazy" is not a profile (known: realistic)');
    expect(refusal({ seed: '7' })).toBe('cloud.seed: must be a number, not "7"');
    expect(refusal([])).toBe('cloud: must be an object, not []');
  });

  it('refuses negative and inverted ranges', () => {
    expect(refusal({ consistency: { replicationLagMs: -1 } })).toBe(
      'cloud.consistency.replicationLagMs: must not be negative (-1)',
    );
    expect(refusal({ consistency: { indexLagMs: [200, 50] } })).toBe(
      'cloud.consistency.indexLagMs: [200, 50] is inverted: the minimum is above the maximum',
    );
    expect(refusal({ consistency: { indexLagMs: [0, -5] } })).toBe(
      'cloud.consistency.indexLagMs[1]: must not be negative (-5)',
    );
    expect(refusal({ transactions: { inFlightMs: [1, 2, 3] } })).toBe(
      'cloud.transactions.inFlightMs: must be a number of ms or [min, max], not [1,2,3]',
    );
  });

  it('refuses fault rules naming an unknown operation, error or reason', () => {
    expect(refusal({ faults: [{ operation: 'PutItems', error: 'ThrottlingException' }] })).toBe(
      "cloud.faults[0].operation: \"PutItems\" is not an operation (an operation's name, such as PutItem or Query, or '*')",
    );
    expect(
      refusal({
        faults: [
          { operation: '*', error: 'ThrottlingException' },
          { operation: 'Query', error: 'Slow' },
        ],
      }),
    ).toMatch(
      /^cloud\.faults\[1\]\.error: "Slow" is not one of ProvisionedThroughputExceededException, ThrottlingException, /,
    );
    expect(
      refusal({
        faults: [{ operation: 'PutItem', error: 'TransactionCanceledException', reason: 'TransactionConflict' }],
      }),
    ).toBe(
      'cloud.faults[0].error: TransactionCanceledException cancels transactions only (TransactWriteItems, TransactGetItems, ExecuteTransaction), not PutItem',
    );
    expect(refusal({ faults: [{ operation: 'TransactWriteItems', error: 'TransactionCanceledException' }] })).toMatch(
      /^cloud\.faults\[0\]\.reason: undefined is not a cancellation reason code \(TransactionConflict, /,
    );
    expect(
      refusal({ faults: [{ operation: 'GetItem', error: 'ThrottlingException', reason: 'ThrottlingError' }] }),
    ).toBe('cloud.faults[0].reason: is given only with error TransactionCanceledException');
    expect(refusal({ faults: [{ operation: 'GetItem', error: 'ThrottlingException', times: 2, every: 3 }] })).toBe(
      'cloud.faults[0]: takes one of times, every and probability, not several',
    );
    expect(refusal({ faults: [{ operation: 'GetItem', error: 'ThrottlingException', probability: 1.5 }] })).toBe(
      'cloud.faults[0].probability: must be a number from 0 to 1, not 1.5',
    );
    expect(refusal({ faults: [{ operation: 'GetItem', error: 'ThrottlingException', times: 0 }] })).toBe(
      'cloud.faults[0].times: must be a whole number of at least 1, not 0',
    );
    expect(refusal({ faults: [{ operation: 'GetItem', error: 'ThrottlingException', key: { pk: 'x' } }] })).toBe(
      'cloud.faults[0].key.pk: must be an attribute value in wire form such as { "S": "x" }, not "x"',
    );
    expect(refusal({ faults: [{ operation: 'GetItem', error: 'ThrottlingException', when: 'now' }] })).toMatch(
      /^cloud\.faults\[0\]\.when: is not an option/,
    );
  });

  it('draws the same numbers from the same seed and purpose, others from another', () => {
    const draws = (seed: number, purpose: string) => {
      const random = new SeededRandom(seed, purpose);
      return [random.next(), random.next(), random.next()];
    };
    expect(draws(7, 'lag')).toEqual(draws(7, 'lag'));
    expect(draws(7, 'lag')).not.toEqual(draws(8, 'lag'));
    expect(draws(7, 'lag')).not.toEqual(draws(7, 'faults'));
    for (const value of draws(1, 'x')) expect(value >= 0 && value < 1).toBe(true);
    const engine = engineWith({ seed: 3 });
    const first = engine.cloud?.draw([10, 20], 'lag') as number;
    expect(first).toBeGreaterThanOrEqual(10);
    expect(first).toBeLessThanOrEqual(20);
    expect(first).toBe(10 + new SeededRandom(3, 'lag').next() * 10);
  });

  it('is accepted by createLocalClient, which gives it to the engine it opens', async () => {
    const client = createLocalClient({ inMemory: true, cloud: { seed: 5, transactions: { inFlightMs: 50 } } });
    try {
      const engine = localEngineOf(client) as Engine;
      expect(engine.cloud?.options.transactions).toEqual({ inFlightMs: [50, 50] });
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    } finally {
      closeLocalClient(client);
    }
    expect(() => createLocalClient({ inMemory: true, cloud: { seed: 'x' } as never })).toThrow(
      'cloud.seed: must be a number, not "x"',
    );
    const own = engineWith(undefined);
    expect(() => createLocalClient({ engine: own, cloud: { seed: 1 } })).toThrow(/give it to the engine you pass/);
  });
});
