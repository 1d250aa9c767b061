import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import {
  buildCreateTableInput,
  createTableFromModel,
  findTableDrift,
  TableDriftError,
  type TableDifference,
} from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { driftModel, evolvedDriftModel } from './fixtures/drift-model.js';
import { rejectionOf } from './support/open-table.js';

const kindsOf = (differences: readonly TableDifference[] | undefined) =>
  differences?.map((difference) => `${difference.kind} ${difference.subject}`);

describeEachEngine('an existing table compared with its model', (engine) => {
  it('matches the model it was created from', async () => {
    const client = engine.client();
    const tableName = uniqueTableName('drift');
    expect(await createTableFromModel(client, driftModel(), { tableName, ifExists: 'check' })).toBe(true);
    expect(await createTableFromModel(client, driftModel(), { tableName, ifExists: 'check' })).toBe(false);
    expect(await findTableDrift(client, driftModel(), { tableName })).toEqual([]);
  });

  it('reports every difference from a model that moved on, in one TableDriftError', async () => {
    const client = engine.client();
    const tableName = uniqueTableName('drift');
    await createTableFromModel(client, driftModel(), { tableName });
    const error = await rejectionOf(
      createTableFromModel(client, evolvedDriftModel(), { tableName, ifExists: 'check' }),
    );
    expect(error).toBeInstanceOf(TableDriftError);
    const { payload, message } = error as TableDriftError;
    expect(payload.tableName).toBe(tableName);
    expect(kindsOf(payload.differences)).toEqual([
      'table-key-schema table',
      'attribute-type rank',
      'index-projection gsi1',
      'missing-index gsi2',
      'index-key-schema gsi3',
      'extra-index legacy',
      'time-to-live table',
      'stream table',
      'billing-mode table',
    ]);
    for (const { description } of payload.differences) expect(message).toContain(description);
  });

  it("leaves an existing table alone with 'ignore', and lets CreateTable refuse it by default", async () => {
    const client = engine.client();
    const tableName = uniqueTableName('drift');
    await createTableFromModel(client, driftModel(), { tableName });
    expect(await createTableFromModel(client, evolvedDriftModel(), { tableName, ifExists: 'ignore' })).toBe(false);
    expect(await rejectionOf(createTableFromModel(client, driftModel(), { tableName }))).toMatchObject({
      name: 'ResourceInUseException',
    });
  });

  it('reports a local secondary index the model does not declare', async () => {
    const client = engine.client();
    const tableName = uniqueTableName('drift');
    const model = driftModel({ name: 'drift' });
    const input = buildCreateTableInput(model, tableName);
    await client.send(
      new CreateTableCommand({
        ...input,
        AttributeDefinitions: [...(input.AttributeDefinitions ?? []), { AttributeName: 'date', AttributeType: 'S' }],
        LocalSecondaryIndexes: [
          {
            IndexName: 'byDate',
            KeySchema: [
              { AttributeName: 'pk', KeyType: 'HASH' },
              { AttributeName: 'date', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
      }),
    );
    expect(kindsOf(await findTableDrift(client, model, { tableName }))).toEqual(['extra-local-index byDate']);
  });

  it('finds no table to compare when there is none', async () => {
    expect(await findTableDrift(engine.client(), driftModel(), { tableName: uniqueTableName('none') })).toBeUndefined();
  });
});

describeEachEngine(
  'an existing table with multi-attribute index keys compared with its model',
  (engine) => {
    it('reports an index whose key attributes changed order', async () => {
      const byTenant = (partitionKey: readonly string[]) =>
        driftModel({
          name: 'tickets',
          indexes: { byTenant: { partitionKey, sortKey: ['createdAt', 'id'], projection: { type: 'ALL' } } },
        });
      const client = engine.client();
      const tableName = uniqueTableName('tickets');
      await createTableFromModel(client, byTenant(['tenantId', 'status']), { tableName });
      expect(await findTableDrift(client, byTenant(['tenantId', 'status']), { tableName })).toEqual([]);
      const [difference, ...rest] =
        (await findTableDrift(client, byTenant(['status', 'tenantId']), { tableName })) ?? [];
      expect(rest).toEqual([]);
      expect(difference).toMatchObject({
        kind: 'index-key-schema',
        subject: 'byTenant',
        inModel: 'status (HASH), tenantId (HASH), createdAt (RANGE), id (RANGE)',
        inTable: 'tenantId (HASH), status (HASH), createdAt (RANGE), id (RANGE)',
      });
    });
  },
  // DynamoDB Local 1.25.1 refuses multi-attribute GSI keys; 3.3.1 takes them.
  { engines: ['in-process', 'dynamodb-local-3'] },
);
