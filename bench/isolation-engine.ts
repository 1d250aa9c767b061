import type { EngineOptions } from '../src/engine/engine.js';

/**
 * The isolated test of isolation-test.ts as the engine sees it: the same calls as wire JSON
 * through `engine.handle` on a fresh in-memory engine, no SDK. What of the in-process figure
 * is the engine's, split by phase.
 */
export const ENGINE_PHASES = [
  'open',
  'CreateTable',
  'DescribeTable',
  '20 PutItem',
  'Query + GSI Query',
  'UpdateItem',
  'DeleteTable',
  'close',
] as const;
export type EnginePhase = (typeof ENGINE_PHASES)[number];

interface EngineUnderTest {
  handle(operation: string, input: unknown): unknown;
  close(): void;
}

const S = (value: string) => ({ S: value });

const createTable = (name: string) => ({
  TableName: name,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((AttributeName) => ({
    AttributeName,
    AttributeType: 'S',
  })),
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'GSI1',
      KeySchema: [
        { AttributeName: 'gsi1pk', KeyType: 'HASH' },
        { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
});

/** Runs the test `tests` times on fresh engines; returns the mean microseconds of each phase. */
export function measureEngineIsolation(
  newEngine: (options: EngineOptions) => EngineUnderTest,
  tests: number,
  warmup: number,
): Record<EnginePhase, number> {
  const totals = Object.fromEntries(ENGINE_PHASES.map((phase) => [phase, 0])) as Record<EnginePhase, number>;
  for (let test = 0; test < warmup + tests; test++) {
    const timed = test >= warmup;
    let mark = performance.now();
    const lap = (phase: EnginePhase): void => {
      const now = performance.now();
      if (timed) totals[phase] += (now - mark) * 1000;
      mark = now;
    };
    const engine = newEngine({ inMemory: true, ttlReapIntervalMs: 0 });
    lap('open');
    const table = 'isolation';
    engine.handle('CreateTable', createTable(table));
    lap('CreateTable');
    engine.handle('DescribeTable', { TableName: table });
    lap('DescribeTable');
    for (let i = 0; i < 20; i++) {
      const status = i % 2 ? 'open' : 'done';
      engine.handle('PutItem', {
        TableName: table,
        Item: {
          pk: S(`JOB#${i % 4}`),
          sk: S(`TASK#${String(i).padStart(3, '0')}`),
          gsi1pk: S(`STATUS#${status}`),
          gsi1sk: S(`T#${i}`),
          status: S(status),
          n: { N: String(i) },
        },
      });
    }
    lap('20 PutItem');
    engine.handle('Query', {
      TableName: table,
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': S('JOB#1') },
    });
    engine.handle('Query', {
      TableName: table,
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :g',
      ExpressionAttributeValues: { ':g': S('STATUS#open') },
    });
    lap('Query + GSI Query');
    engine.handle('UpdateItem', {
      TableName: table,
      Key: { pk: S('JOB#1'), sk: S('TASK#001') },
      UpdateExpression: 'SET #n = #n + :one, #s = :done',
      ConditionExpression: 'attribute_exists(pk) AND #s = :open',
      ExpressionAttributeNames: { '#n': 'n', '#s': 'status' },
      ExpressionAttributeValues: { ':one': { N: '1' }, ':done': S('done'), ':open': S('open') },
    });
    lap('UpdateItem');
    engine.handle('DeleteTable', { TableName: table });
    lap('DeleteTable');
    engine.close();
    lap('close');
  }
  for (const phase of ENGINE_PHASES) totals[phase] /= tests;
  return totals;
}
