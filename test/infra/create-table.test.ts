import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureModelTable, tableProperties, tableSpec } from '../../src/infra/index.js';
import { buildCreateTableInput, TableDriftError } from '../../src/repository/index.js';
import { dynamoDbLocalSkipNote } from '../support/dynamodb-local.js';
import { describeEachEngine } from '../support/engines.js';
import { endpointClient, uniqueTableName } from '../transfer/support/engines.js';
import { driftModel, driftTableConfig } from '../repository/fixtures/drift-model.js';
import { hasMultiAttributeKeys, models } from './support/models.js';

const endpoint = inject('dynamoDbLocalEndpoint');
// DynamoDB Local 1.25.1 refuses multi-attribute GSI keys ("Key Schema too big"); 3.3.1 takes them.
const endpoint3 = inject('dynamoDbLocal3Endpoint');

describe.each(Object.entries(models))('the local CreateTable request of %s', (_, model) => {
  it('declares what the CloudFormation template declares', () => {
    const expected = tableProperties(tableSpec(model)) as Record<string, any>;
    const input = buildCreateTableInput(model);
    expect(input.KeySchema).toEqual(expected.KeySchema);
    expect(input.AttributeDefinitions).toEqual(expected.AttributeDefinitions);
    expect(input.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
    expect(input.ProvisionedThroughput).toEqual(expected.ProvisionedThroughput);
    expect(input.BillingMode).toBe(expected.BillingMode ?? 'PROVISIONED');
    // CloudFormation's StreamSpecification has no StreamEnabled: declaring it enables it.
    expect(input.StreamSpecification).toEqual(
      expected.StreamSpecification ? { StreamEnabled: true, ...expected.StreamSpecification } : undefined,
    );
  });
});

const suiteTitle = `creating a model's table on DynamoDB Local${dynamoDbLocalSkipNote(endpoint || endpoint3)}`;
describe.skipIf(!endpoint && !endpoint3)(suiteTitle, () => {
  const client125 = endpoint ? endpointClient(endpoint) : undefined;
  const client3 = endpoint3 ? endpointClient(endpoint3) : undefined;
  afterAll(() => {
    client125?.destroy();
    client3?.destroy();
  });
  const peerFor = (model: (typeof models)[string]) => (hasMultiAttributeKeys(model) ? client3 : (client125 ?? client3));
  const runnable = Object.entries(models).filter(([, model]) => peerFor(model) !== undefined);
  const waiting = Object.entries(models).filter(([, model]) => peerFor(model) === undefined);
  if (waiting.length > 0)
    it.skip.each(waiting)('%s (needs DynamoDB Local 3.3.1, not started in this run)', () => undefined);

  it.each(runnable)('%s: keys, indexes, stream and TTL as the CloudFormation template says', async (_, model) => {
    const client = peerFor(model)!;
    const tableName = uniqueTableName('model');
    expect(await ensureModelTable(client, model, { tableName })).toBe(true);
    expect(await ensureModelTable(client, model, { tableName })).toBe(false);

    const expected = tableProperties(tableSpec(model, { tableName })) as Record<string, any>;
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.KeySchema).toEqual(expected.KeySchema);
    expect(Table?.AttributeDefinitions).toEqual(expect.arrayContaining(expected.AttributeDefinitions));
    const indexes = (Table?.GlobalSecondaryIndexes ?? []).map(({ IndexName, KeySchema, Projection }) => ({
      IndexName,
      KeySchema,
      Projection,
    }));
    const expectedIndexes = ((expected.GlobalSecondaryIndexes ?? []) as any[]).map(
      ({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }),
    );
    expect(indexes).toEqual(expect.arrayContaining(expectedIndexes));
    expect(indexes).toHaveLength(expectedIndexes.length);
    expect(Table?.StreamSpecification).toEqual(
      expected.StreamSpecification ? { StreamEnabled: true, ...expected.StreamSpecification } : undefined,
    );

    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    if (model.table.timeToLiveAttribute)
      expect(TimeToLiveDescription?.AttributeName).toBe(model.table.timeToLiveAttribute);
    else expect(TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
  });
});

describeEachEngine('ensureModelTable on an existing table', (engine) => {
  // The model gained an index the table lacks: the drift is reported before any query needs it.
  const grown = () =>
    driftModel({
      ...driftTableConfig,
      indexes: {
        ...driftTableConfig.indexes,
        byStatus: { partitionKey: 'statuspk', sortKey: 'statussk', projection: { type: 'ALL' } },
      },
    });

  it('accepts the model it was created from, and refuses one that gained an index, naming it', async () => {
    const client = engine.client();
    const tableName = uniqueTableName('drift');
    expect(await ensureModelTable(client, driftModel(), { tableName })).toBe(true);
    expect(await ensureModelTable(client, driftModel(), { tableName })).toBe(false);
    const error = await ensureModelTable(client, grown(), { tableName }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TableDriftError);
    expect((error as TableDriftError).payload.differences).toMatchObject([
      {
        kind: 'missing-index',
        subject: 'byStatus',
        inModel: 'statuspk (HASH), statussk (RANGE); ALL',
        inTable: 'none',
      },
    ]);
    expect((error as Error).message).toContain(
      "global secondary index 'byStatus' is in the model but not on the table",
    );
  });

  it("leaves a table that differs alone with ifExists: 'ignore'", async () => {
    const client = engine.client();
    const tableName = uniqueTableName('drift');
    await ensureModelTable(client, driftModel(), { tableName });
    expect(await ensureModelTable(client, grown(), { tableName, ifExists: 'ignore' })).toBe(false);
  });
});
