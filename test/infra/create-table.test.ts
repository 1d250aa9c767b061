import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureModelTable, tableProperties, tableSpec } from '../../src/infra/index.js';
import { buildCreateTableInput } from '../../src/repository/index.js';
import { endpointClient, uniqueTableName } from '../transfer/support/engines.js';
import { models } from './support/models.js';

const endpoint = inject('dynamoDbLocalEndpoint');

describe.each(Object.entries(models))('the local CreateTable request of %s', (_, model) => {
  it('declares what the CloudFormation template declares', () => {
    const expected = tableProperties(tableSpec(model)) as Record<string, any>;
    const input = buildCreateTableInput(model);
    expect(input.KeySchema).toEqual(expected.KeySchema);
    expect(input.AttributeDefinitions).toEqual(expected.AttributeDefinitions);
    expect(input.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
    expect(input.ProvisionedThroughput).toEqual(expected.ProvisionedThroughput);
    expect(input.BillingMode).toBe(expected.BillingMode ?? 'PROVISIONED');
  });
});

describe.skipIf(!endpoint)('creating a model\'s table on DynamoDB Local', () => {
  const client = endpointClient(endpoint);
  afterAll(() => client.destroy());

  it.each(Object.entries(models))('%s: keys, indexes and TTL as the CloudFormation template says', async (_, model) => {
    const tableName = uniqueTableName('model');
    expect(await ensureModelTable(client, model, { tableName })).toBe(true);
    expect(await ensureModelTable(client, model, { tableName })).toBe(false);

    const expected = tableProperties(tableSpec(model, { tableName })) as Record<string, any>;
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.KeySchema).toEqual(expected.KeySchema);
    expect(Table?.AttributeDefinitions).toEqual(expect.arrayContaining(expected.AttributeDefinitions));
    const indexes = (Table?.GlobalSecondaryIndexes ?? []).map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }));
    const expectedIndexes = ((expected.GlobalSecondaryIndexes ?? []) as any[]).map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }));
    expect(indexes).toEqual(expect.arrayContaining(expectedIndexes));
    expect(indexes).toHaveLength(expectedIndexes.length);

    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    if (model.table.timeToLiveAttribute) expect(TimeToLiveDescription?.AttributeName).toBe(model.table.timeToLiveAttribute);
    else expect(TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
  });
});
