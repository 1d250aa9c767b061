import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine.js';
import { errorOf, testEngine } from '../../test-tables.test-support.js';

/** UpdateTable and CreateTable behaviour observed on DynamoDB Local 1.25.1, the conformance reference. */
describe('UpdateTable as the reference answers it', () => {
  let engine: Engine;
  const throughput = (read: number, write: number) => ({ ReadCapacityUnits: read, WriteCapacityUnits: write });
  beforeEach(() => {
    engine = testEngine();
    engine.handle('CreateTable', {
      TableName: 'items',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      ProvisionedThroughput: throughput(5, 5),
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi',
          KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
          ProvisionedThroughput: throughput(5, 5),
        },
      ],
    });
  });
  afterEach(() => engine.close());
  const describeTable = () => engine.handle('DescribeTable', { TableName: 'items' }).Table as Record<string, any>;

  it('does not count throughput decreases', () => {
    engine.handle('UpdateTable', { TableName: 'items', ProvisionedThroughput: throughput(2, 9) });
    expect(describeTable().ProvisionedThroughput).toMatchObject({
      NumberOfDecreasesToday: 0,
      ReadCapacityUnits: 2,
      WriteCapacityUnits: 9,
    });
  });

  it('keeps GSI throughput across billing mode switches, and needs no GSI throughput to switch back', () => {
    engine.handle('UpdateTable', { TableName: 'items', BillingMode: 'PAY_PER_REQUEST' });
    expect(describeTable().GlobalSecondaryIndexes[0].ProvisionedThroughput).toEqual(throughput(5, 5));
    engine.handle('UpdateTable', {
      TableName: 'items',
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: throughput(3, 3),
    });
    expect(describeTable().BillingModeSummary).toMatchObject({ BillingMode: 'PROVISIONED' });
  });

  it('accepts BillingMode PROVISIONED without throughput on a provisioned table', () => {
    expect(engine.handle('UpdateTable', { TableName: 'items', BillingMode: 'PROVISIONED' })).toHaveProperty(
      'TableDescription',
    );
  });

  it('rejects a GSI throughput update that changes nothing', () => {
    const update = { Update: { IndexName: 'gsi', ProvisionedThroughput: throughput(5, 5) } };
    expect(
      errorOf(() => engine.handle('UpdateTable', { TableName: 'items', GlobalSecondaryIndexUpdates: [update] })),
    ).toMatchObject({
      type: 'ValidationException',
      message: expect.stringMatching(/^The provisioned throughput for the index gsi will not change/),
    });
  });

  it('keeps attribute definitions brought along by a GSI creation', () => {
    engine.handle('UpdateTable', {
      TableName: 'items',
      AttributeDefinitions: [
        { AttributeName: 'h', AttributeType: 'S' },
        { AttributeName: 'x', AttributeType: 'S' },
      ],
      GlobalSecondaryIndexUpdates: [
        {
          Create: {
            IndexName: 'gsi2',
            KeySchema: [{ AttributeName: 'h', KeyType: 'HASH' }],
            Projection: { ProjectionType: 'ALL' },
            ProvisionedThroughput: throughput(1, 1),
          },
        },
      ],
    });
    expect(
      describeTable().AttributeDefinitions.map((definition: { AttributeName: string }) => definition.AttributeName),
    ).toEqual(['pk', 'g', 'h', 'x']);
  });

  it('rejects an INCLUDE projection naming an attribute twice', () => {
    const failure = errorOf(() =>
      engine.handle('CreateTable', {
        TableName: 'other',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'g', AttributeType: 'S' },
        ],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi',
            KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
            Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a', 'a'] },
          },
        ],
      }),
    );
    expect(failure).toMatchObject({
      type: 'ValidationException',
      message: 'Cannot have two attributes with the same name',
    });
  });
});
