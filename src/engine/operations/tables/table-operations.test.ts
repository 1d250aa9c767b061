import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsedReads } from '../../storage/storage.test-support.js';
import { Engine } from '../../engine.js';
import { DynamoDBError } from '../../errors.js';

const engines: Engine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

function newEngine(): Engine {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0, now: () => 1_700_000_000_000 });
  engines.push(engine);
  return engine;
}

function errorOf(run: () => unknown): { type: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DynamoDBError) return { type: error.type, message: error.message };
    throw error;
  }
  throw new Error('expected an error');
}

const hashOnly = (name: string, extra: Record<string, unknown> = {}) => ({
  TableName: name,
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  BillingMode: 'PAY_PER_REQUEST',
  ...extra,
});

describe('CreateTable and DescribeTable', () => {
  it('describes a table with indexes as DynamoDB does', () => {
    const engine = newEngine();
    const created = engine.handle('CreateTable', {
      TableName: 'jobs',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
        { AttributeName: 'status', AttributeType: 'S' },
        { AttributeName: 'rank', AttributeType: 'B' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 3 },
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byStatus',
          KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['title'] },
          ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 1 },
        },
      ],
      LocalSecondaryIndexes: [
        {
          IndexName: 'byRank',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'rank', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    });
    expect((created.TableDescription as Record<string, unknown>).TableStatus).toBe('CREATING');
    const { Table: table } = engine.handle('DescribeTable', { TableName: 'jobs' }) as {
      Table: Record<string, unknown>;
    };
    expect(table).toMatchObject({
      TableName: 'jobs',
      TableStatus: 'ACTIVE',
      CreationDateTime: 1_700_000_000,
      ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 5, WriteCapacityUnits: 3 },
      TableSizeBytes: 0,
      ItemCount: 0,
      TableArn: 'arn:aws:dynamodb:us-east-1:000000000000:table/jobs',
      DeletionProtectionEnabled: false,
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byStatus',
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['title'] },
          IndexStatus: 'ACTIVE',
          ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 1 },
          IndexArn: 'arn:aws:dynamodb:us-east-1:000000000000:table/jobs/index/byStatus',
        },
      ],
      LocalSecondaryIndexes: [
        { IndexName: 'byRank', IndexArn: 'arn:aws:dynamodb:us-east-1:000000000000:table/jobs/index/byRank' },
      ],
    });
    expect(table.BillingModeSummary).toBeUndefined();
    const storage = engine.context.storage;
    const definition = storage.requireTable('jobs');
    expect(definition.sortKey).toEqual({ name: 'sk', type: 'N' });
    expect(definition.localIndexes[0].sortKeys).toEqual([{ name: 'rank', type: 'B' }]);
  });

  it('reports on-demand tables with zero throughput and a billing mode summary', () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('ondemand'));
    const { Table: table } = engine.handle('DescribeTable', { TableName: 'ondemand' }) as {
      Table: Record<string, unknown>;
    };
    expect(table.ProvisionedThroughput).toEqual({
      NumberOfDecreasesToday: 0,
      ReadCapacityUnits: 0,
      WriteCapacityUnits: 0,
    });
    expect(table.BillingModeSummary).toEqual({
      BillingMode: 'PAY_PER_REQUEST',
      LastUpdateToPayPerRequestDateTime: 1_700_000_000,
    });
  });

  it('rejects definitions with DynamoDB messages', () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('exists'));
    expect(errorOf(() => engine.handle('CreateTable', hashOnly('exists')))).toEqual({
      type: 'ResourceInUseException',
      message: 'Table already exists: exists',
    });
    expect(
      errorOf(() =>
        engine.handle(
          'CreateTable',
          hashOnly('paid', { ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } }),
        ),
      ).message,
    ).toBe(
      'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
    );
    expect(
      errorOf(() => engine.handle('CreateTable', { ...hashOnly('noThroughput'), BillingMode: 'PROVISIONED' })).message,
    ).toBe(
      'One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED',
    );
    expect(
      errorOf(() =>
        engine.handle(
          'CreateTable',
          hashOnly('lsiOnHash', {
            AttributeDefinitions: [
              { AttributeName: 'pk', AttributeType: 'S' },
              { AttributeName: 'l', AttributeType: 'S' },
            ],
            LocalSecondaryIndexes: [
              {
                IndexName: 'lsi',
                KeySchema: [
                  { AttributeName: 'pk', KeyType: 'HASH' },
                  { AttributeName: 'l', KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              },
            ],
          }),
        ),
      ).message,
    ).toBe(
      'One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex',
    );
  });

  it('answers ResourceNotFoundException naming the table', () => {
    const engine = newEngine();
    for (const operation of ['DescribeTable', 'DeleteTable', 'DescribeTimeToLive']) {
      expect(errorOf(() => engine.handle(operation, { TableName: 'missing' }))).toEqual({
        type: 'ResourceNotFoundException',
        message: 'Requested resource not found: Table: missing not found',
      });
    }
  });
});

describe('ListTables and DeleteTable', () => {
  it('pages table names in order', () => {
    const engine = newEngine();
    for (const name of ['ccc', 'aaa', 'bbb']) engine.handle('CreateTable', hashOnly(name));
    expect(engine.handle('ListTables', {})).toEqual({ TableNames: ['aaa', 'bbb', 'ccc'] });
    expect(engine.handle('ListTables', { Limit: 2 })).toEqual({
      TableNames: ['aaa', 'bbb'],
      LastEvaluatedTableName: 'bbb',
    });
    expect(engine.handle('ListTables', { Limit: 3 })).toEqual({ TableNames: ['aaa', 'bbb', 'ccc'] });
    expect(engine.handle('ListTables', { ExclusiveStartTableName: 'bbb' })).toEqual({ TableNames: ['ccc'] });
  });

  it('deletes a table unless deletion protection is on', () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('guarded', { DeletionProtectionEnabled: true }));
    expect(errorOf(() => engine.handle('DeleteTable', { TableName: 'guarded' })).type).toBe('ValidationException');
    engine.handle('UpdateTable', { TableName: 'guarded', DeletionProtectionEnabled: false });
    const deleted = engine.handle('DeleteTable', { TableName: 'guarded' }) as {
      TableDescription: Record<string, unknown>;
    };
    expect(deleted.TableDescription.TableStatus).toBe('DELETING');
    expect(engine.handle('ListTables', {})).toEqual({ TableNames: [] });
  });
});

/** UpdateTable adding GSI `byColour` (hash key `colour`) to table `items`. */
const createByColour = (projectionType: 'ALL' | 'KEYS_ONLY') => ({
  TableName: 'items',
  AttributeDefinitions: [{ AttributeName: 'colour', AttributeType: 'S' }],
  GlobalSecondaryIndexUpdates: [
    {
      Create: {
        IndexName: 'byColour',
        KeySchema: [{ AttributeName: 'colour', KeyType: 'HASH' }],
        Projection: { ProjectionType: projectionType },
      },
    },
  ],
});

describe('UpdateTable', () => {
  it("makes a small table's new GSI ACTIVE at once, however long each row seems to take", () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('items'));
    for (const pk of ['a', 'b', 'c'])
      engine.handle('PutItem', { TableName: 'items', Item: { pk: { S: pk }, colour: { S: 'red' } } });
    let clock = 0;
    // A loaded machine: every reading of the clock is 10 ms after the one before.
    const slowClock = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    try {
      engine.handle('UpdateTable', createByColour('KEYS_ONLY'));
    } finally {
      slowClock.mockRestore();
    }
    const { Table } = engine.handle('DescribeTable', { TableName: 'items' }) as {
      Table: { GlobalSecondaryIndexes: Record<string, unknown>[] };
    };
    expect(Table.GlobalSecondaryIndexes[0]).toMatchObject({ IndexStatus: 'ACTIVE', ItemCount: 3 });
  });

  it('creates a GSI from the existing items and deletes it again', () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('items'));
    const storage = engine.context.storage;
    storage.putItem(storage.requireTable('items'), { pk: { S: 'a' }, colour: { S: 'red' } });
    storage.putItem(storage.requireTable('items'), { pk: { S: 'b' } });
    const answer = engine.handle('UpdateTable', createByColour('ALL')) as {
      TableDescription: { GlobalSecondaryIndexes: Record<string, unknown>[] };
    };
    expect(answer.TableDescription.GlobalSecondaryIndexes[0]).toMatchObject({
      IndexStatus: 'CREATING',
      Backfilling: false,
    });
    const table = storage.requireTable('items');
    expect([
      ...parsedReads(storage).queryItems(table, {
        indexName: 'byColour',
        partitionValues: [{ S: 'red' }],
        forward: true,
      }),
    ]).toHaveLength(1);
    const { Table: described } = engine.handle('DescribeTable', { TableName: 'items' }) as {
      Table: Record<string, unknown>;
    };
    expect(described.AttributeDefinitions).toEqual([
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'colour', AttributeType: 'S' },
    ]);
    expect((described.GlobalSecondaryIndexes as Record<string, unknown>[])[0]).toMatchObject({
      IndexStatus: 'ACTIVE',
      ItemCount: 1,
    });
    engine.handle('UpdateTable', {
      TableName: 'items',
      GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byColour' } }],
    });
    const { Table: after } = engine.handle('DescribeTable', { TableName: 'items' }) as {
      Table: Record<string, unknown>;
    };
    expect(after.GlobalSecondaryIndexes).toBeUndefined();
    expect(after.AttributeDefinitions).toEqual([{ AttributeName: 'pk', AttributeType: 'S' }]);
  });

  it('switches billing modes and records throughput changes (decreases uncounted, as DynamoDB Local)', () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('billing'));
    engine.handle('UpdateTable', {
      TableName: 'billing',
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: { ReadCapacityUnits: 4, WriteCapacityUnits: 4 },
    });
    engine.handle('UpdateTable', {
      TableName: 'billing',
      ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 4 },
    });
    const { Table: table } = engine.handle('DescribeTable', { TableName: 'billing' }) as {
      Table: Record<string, unknown>;
    };
    expect(table.ProvisionedThroughput).toEqual({
      LastDecreaseDateTime: 1_700_000_000,
      NumberOfDecreasesToday: 0,
      ReadCapacityUnits: 2,
      WriteCapacityUnits: 4,
    });
    expect(table.BillingModeSummary).toMatchObject({ BillingMode: 'PROVISIONED' });
    expect(
      errorOf(() =>
        engine.handle('UpdateTable', {
          TableName: 'billing',
          ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 4 },
        }),
      ).message,
    ).toMatch(/^The provisioned throughput for the table will not change/);
    expect(errorOf(() => engine.handle('UpdateTable', { TableName: 'billing' })).type).toBe('ValidationException');
  });
});

describe('tags', () => {
  it('tags, lists and untags a table by ARN', () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('tagged', { Tags: [{ Key: 'team', Value: 'a' }] }));
    const arn = 'arn:aws:dynamodb:us-east-1:000000000000:table/tagged';
    engine.handle('TagResource', {
      ResourceArn: arn,
      Tags: [
        { Key: 'env', Value: 'dev' },
        { Key: 'team', Value: 'b' },
      ],
    });
    expect(engine.handle('ListTagsOfResource', { ResourceArn: arn })).toEqual({
      Tags: [
        { Key: 'team', Value: 'b' },
        { Key: 'env', Value: 'dev' },
      ],
    });
    engine.handle('UntagResource', { ResourceArn: arn, TagKeys: ['team', 'absent'] });
    expect(engine.handle('ListTagsOfResource', { ResourceArn: arn })).toEqual({ Tags: [{ Key: 'env', Value: 'dev' }] });
    const missing = 'arn:aws:dynamodb:us-east-1:000000000000:table/missing';
    expect(errorOf(() => engine.handle('ListTagsOfResource', { ResourceArn: missing }))).toEqual({
      type: 'ResourceNotFoundException',
      message: `Requested resource not found: ResourcArn: ${missing} not found`,
    });
    expect(
      errorOf(() => engine.handle('TagResource', { ResourceArn: 'nonsense', Tags: [{ Key: 'a', Value: 'b' }] }))
        .message,
    ).toBe('Invalid TableArn: Invalid ResourceArn provided as input nonsense');
  });
});

describe('time to live settings', () => {
  it('enables and disables TTL with DynamoDB errors', () => {
    const engine = newEngine();
    engine.handle('CreateTable', hashOnly('ttl'));
    const update = (Enabled: boolean, AttributeName: string) =>
      engine.handle('UpdateTimeToLive', { TableName: 'ttl', TimeToLiveSpecification: { Enabled, AttributeName } });
    expect(errorOf(() => update(false, 'expires')).message).toBe('TimeToLive is already disabled');
    expect(update(true, 'expires')).toEqual({ TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' } });
    expect(engine.handle('DescribeTimeToLive', { TableName: 'ttl' })).toEqual({
      TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED', AttributeName: 'expires' },
    });
    expect(errorOf(() => update(true, 'expires')).message).toBe('TimeToLive is already enabled');
    expect(errorOf(() => update(true, 'other')).message).toBe('TimeToLive is active on a different AttributeName');
    update(false, 'expires');
    expect(engine.handle('DescribeTimeToLive', { TableName: 'ttl' })).toEqual({
      TimeToLiveDescription: { TimeToLiveStatus: 'DISABLED' },
    });
  });
});
