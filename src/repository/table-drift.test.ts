import type { TableDescription, TimeToLiveDescription } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ModelDefinition } from '../model/model.js';
import { driftModel, driftTableConfig, evolvedDriftModel } from '../../test/repository/fixtures/drift-model.js';
import { buildCreateTableInput } from './create-table-input.js';
import { RepositoryError, TableDriftError } from './errors.js';
import { compareTableWithModel, driftRemedies, type TableDifference } from './table-drift.js';

/** What DescribeTable says of a table created from `model`'s CreateTable input. */
function describedAs(model: ModelDefinition): TableDescription {
  const input = buildCreateTableInput(model);
  return {
    TableName: input.TableName,
    TableStatus: 'ACTIVE',
    KeySchema: input.KeySchema,
    AttributeDefinitions: input.AttributeDefinitions,
    GlobalSecondaryIndexes: input.GlobalSecondaryIndexes?.map(({ IndexName, KeySchema, Projection }) => ({
      IndexName,
      KeySchema,
      Projection,
      IndexStatus: 'ACTIVE',
    })),
    // DynamoDB leaves the summary out for a table that has always been provisioned.
    ...(input.BillingMode === 'PAY_PER_REQUEST' ? { BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' } } : {}),
    ...(input.StreamSpecification ? { StreamSpecification: input.StreamSpecification } : {}),
  };
}

const ttlOn = (AttributeName: string, TimeToLiveStatus: TimeToLiveDescription['TimeToLiveStatus'] = 'ENABLED') => ({
  AttributeName,
  TimeToLiveStatus,
});
const disabled: TimeToLiveDescription = { TimeToLiveStatus: 'DISABLED' };
const shapeOf = ({ kind, subject, inModel, inTable }: TableDifference) => ({ kind, subject, inModel, inTable });
const kindsOf = (differences: readonly TableDifference[]) => differences.map((d) => `${d.kind} ${d.subject}`);

describe('compareTableWithModel', () => {
  it('finds nothing on a table created from the model', () => {
    expect(compareTableWithModel(describedAs(driftModel()), ttlOn('expires_at'), driftModel())).toEqual([]);
    expect(compareTableWithModel(describedAs(evolvedDriftModel()), ttlOn('ttl'), evolvedDriftModel())).toEqual([]);
    const bare = driftModel({ name: 'bare' });
    expect(compareTableWithModel(describedAs(bare), disabled, bare)).toEqual([]);
  });

  it('lists every difference at once: keys, types, indexes, projection, TTL, stream, billing', () => {
    const differences = compareTableWithModel(describedAs(driftModel()), ttlOn('expires_at'), evolvedDriftModel());
    expect(differences.map(shapeOf)).toEqual([
      {
        kind: 'table-key-schema',
        subject: 'table',
        inModel: 'pk (HASH), SK (RANGE)',
        inTable: 'pk (HASH), sk (RANGE)',
      },
      { kind: 'attribute-type', subject: 'rank', inModel: 'S', inTable: 'N' },
      { kind: 'index-projection', subject: 'gsi1', inModel: 'KEYS_ONLY', inTable: 'ALL' },
      { kind: 'missing-index', subject: 'gsi2', inModel: 'gsi2pk (HASH), gsi2sk (RANGE); ALL', inTable: 'none' },
      { kind: 'index-key-schema', subject: 'gsi3', inModel: 'gsi3pk (HASH)', inTable: 'gsi3pk (HASH), gsi3sk (RANGE)' },
      { kind: 'extra-index', subject: 'legacy', inModel: 'none', inTable: 'legacypk (HASH); KEYS_ONLY' },
      { kind: 'time-to-live', subject: 'table', inModel: "on 'ttl'", inTable: "on 'expires_at'" },
      { kind: 'stream', subject: 'table', inModel: 'KEYS_ONLY', inTable: 'NEW_AND_OLD_IMAGES' },
      { kind: 'billing-mode', subject: 'table', inModel: 'PROVISIONED', inTable: 'PAY_PER_REQUEST' },
    ]);
    expect(differences.find((d) => d.subject === 'gsi2')?.description).toBe(
      "global secondary index 'gsi2' is in the model but not on the table",
    );
  });

  it('compares multi-attribute keys attribute by attribute, in order', () => {
    const byTenant = (partitionKey: readonly string[], sortKey: readonly string[]) =>
      driftModel({ name: 'tickets', indexes: { byTenant: { partitionKey, sortKey, projection: { type: 'ALL' } } } });
    const table = describedAs(byTenant(['tenantId', 'status'], ['createdAt', 'id']));
    expect(compareTableWithModel(table, disabled, byTenant(['tenantId', 'status'], ['createdAt', 'id']))).toEqual([]);
    expect(
      compareTableWithModel(table, disabled, byTenant(['status', 'tenantId'], ['createdAt', 'id'])).map(shapeOf),
    ).toEqual([
      {
        kind: 'index-key-schema',
        subject: 'byTenant',
        inModel: 'status (HASH), tenantId (HASH), createdAt (RANGE), id (RANGE)',
        inTable: 'tenantId (HASH), status (HASH), createdAt (RANGE), id (RANGE)',
      },
    ]);
    expect(kindsOf(compareTableWithModel(table, disabled, byTenant(['tenantId', 'status'], ['createdAt'])))).toEqual([
      'index-key-schema byTenant',
    ]);
  });

  it('compares INCLUDE projections as sets of attributes', () => {
    const model = driftModel();
    const table = describedAs(model);
    const byOwner = table.GlobalSecondaryIndexes?.find((index) => index.IndexName === 'byOwner');
    byOwner!.Projection = { ProjectionType: 'INCLUDE', NonKeyAttributes: ['title', 'note'].reverse() };
    expect(compareTableWithModel(table, ttlOn('expires_at'), model)).toEqual([]);
    byOwner!.Projection = { ProjectionType: 'INCLUDE', NonKeyAttributes: ['title'] };
    expect(compareTableWithModel(table, ttlOn('expires_at'), model).map(shapeOf)).toEqual([
      { kind: 'index-projection', subject: 'byOwner', inModel: 'INCLUDE (note, title)', inTable: 'INCLUDE (title)' },
    ]);
  });

  it('reads TTL as enabled while ENABLING, disabled while DISABLING or when no description is given', () => {
    const model = driftModel();
    const table = describedAs(model);
    expect(compareTableWithModel(table, ttlOn('expires_at', 'ENABLING'), model)).toEqual([]);
    for (const ttl of [ttlOn('expires_at', 'DISABLING'), disabled, undefined]) {
      const [difference] = compareTableWithModel(table, ttl, model);
      expect(difference).toMatchObject({ kind: 'time-to-live', inModel: "on 'expires_at'", inTable: 'none' });
      expect(difference.description).toBe("TTL is not enabled on the table; the model expires items by 'expires_at'");
    }
    const { timeToLiveAttribute: _, ...withoutTtlConfig } = driftTableConfig;
    const withoutTtl = driftModel(withoutTtlConfig);
    expect(compareTableWithModel(describedAs(withoutTtl), ttlOn('expires_at'), withoutTtl).map(shapeOf)).toEqual([
      { kind: 'time-to-live', subject: 'table', inModel: 'none', inTable: "on 'expires_at'" },
    ]);
  });

  it('reads a stream with StreamEnabled false as no stream', () => {
    const model = driftModel();
    const table = { ...describedAs(model), StreamSpecification: { StreamEnabled: false } };
    expect(compareTableWithModel(table, ttlOn('expires_at'), model).map(shapeOf)).toEqual([
      { kind: 'stream', subject: 'table', inModel: 'NEW_AND_OLD_IMAGES', inTable: 'none' },
    ]);
  });

  it('reads a table without a billing summary as provisioned', () => {
    const model = driftModel();
    const { BillingModeSummary: _, ...table } = describedAs(model);
    expect(kindsOf(compareTableWithModel(table, ttlOn('expires_at'), model))).toEqual(['billing-mode table']);
  });

  it('reports a local secondary index as extra: a model declares none', () => {
    const model = driftModel();
    const table: TableDescription = {
      ...describedAs(model),
      LocalSecondaryIndexes: [
        {
          IndexName: 'byDate',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'date', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    };
    expect(compareTableWithModel(table, ttlOn('expires_at'), model).map(shapeOf)).toEqual([
      { kind: 'extra-local-index', subject: 'byDate', inModel: 'none', inTable: 'pk (HASH), date (RANGE); ALL' },
    ]);
  });
});

describe('TableDriftError', () => {
  const differences = compareTableWithModel(describedAs(driftModel()), disabled, evolvedDriftModel());

  it('carries every difference in its payload and names each in its message', () => {
    const error = new TableDriftError('drift-dev', differences);
    expect(error).toBeInstanceOf(RepositoryError);
    expect(error).toMatchObject({ code: 'TableDrift', payload: { tableName: 'drift-dev', differences } });
    expect(error.message).toMatch(/^Table drift-dev does not match the model \(9 differences\):\n/);
    for (const difference of differences) expect(error.message).toContain(`\n  - ${difference.description}\n`);
    expect(error.message).toContain('update-table --global-secondary-index-updates');
  });

  it('names each remedy once, and only those the differences need', () => {
    const remedies = driftRemedies(differences);
    expect(new Set(remedies).size).toBe(remedies.length);
    // Missing and extra indexes share one remedy, and so do key schema and projection of an index.
    expect(remedies).toHaveLength(differences.length - 2);
    const streamOnly = differences.filter((difference) => difference.kind === 'stream');
    expect(driftRemedies(streamOnly)).toEqual([
      'the stream: `aws dynamodb update-table --stream-specification` (to change the view type, disable the stream first)',
    ]);
  });
});
