import type {
  AttributeDefinition,
  KeySchemaElement,
  Projection,
  TableDescription,
  TimeToLiveDescription,
} from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import { buildCreateTableInput } from './create-table-input.js';

/** What a {@link TableDifference} is about. */
export type TableDifferenceKind =
  | 'table-key-schema'
  | 'attribute-type'
  | 'missing-index'
  | 'extra-index'
  | 'extra-local-index'
  | 'index-key-schema'
  | 'index-projection'
  | 'time-to-live'
  | 'stream'
  | 'billing-mode';

/**
 * One way an existing table differs from its model. `inModel` and `inTable` are short texts
 * (`'gsi1pk (HASH), gsi1sk (RANGE)'`, `'INCLUDE (name, price)'`, `'none'`) for people and logs.
 */
export interface TableDifference {
  readonly kind: TableDifferenceKind;
  /** What differs: `'table'`, an index name, or an attribute name (`'attribute-type'`). */
  readonly subject: string;
  readonly inModel: string;
  readonly inTable: string;
  /** One line saying what differs. */
  readonly description: string;
}

/**
 * Every difference between an existing table (DescribeTable's `Table`, DescribeTimeToLive's
 * description) and what the model declares: the table's key schema, key attribute types, global
 * secondary indexes missing or extra, each shared index's key schema (every attribute of a
 * multi-attribute key, in order) and projection, local secondary indexes (a model declares none),
 * TTL, the stream and the billing mode. Provisioned capacity is not compared: autoscaling and
 * operators change it on purpose. Pure; an empty list means the table serves the model. A missing
 * `ttl` counts as TTL disabled.
 *
 * @example
 * const { Table } = await client.send(new DescribeTableCommand({ TableName: 'research' }));
 * const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: 'research' }));
 * for (const difference of compareTableWithModel(Table!, TimeToLiveDescription, model)) console.log(difference.description);
 */
export function compareTableWithModel(
  table: TableDescription,
  ttl: TimeToLiveDescription | undefined,
  model: ModelDefinition,
): TableDifference[] {
  const expected = buildCreateTableInput(model);
  return [
    ...compareKeySchema('table', expected.KeySchema ?? [], table.KeySchema ?? []),
    ...compareAttributeTypes(expected, table),
    ...compareGlobalIndexes(expected.GlobalSecondaryIndexes ?? [], table.GlobalSecondaryIndexes ?? []),
    ...(table.LocalSecondaryIndexes ?? []).map((index) =>
      difference(
        'extra-local-index',
        index.IndexName ?? '',
        'none',
        indexText(index),
        `local secondary index '${index.IndexName}' is on the table but not in the model (a model declares no local indexes)`,
      ),
    ),
    ...compareTimeToLive(model.table.timeToLiveAttribute, ttl),
    ...compareStream(expected.StreamSpecification?.StreamViewType, table),
    ...compareBillingMode(expected.BillingMode ?? 'PROVISIONED', table),
  ];
}

const recreateTable =
  'create the table again (a local table: delete it and run `monotable infra create-table`; on AWS: a new table, with the data moved to it)';

/** What applies each kind of difference today: monotable does not change existing tables itself. */
const remedies: Readonly<Record<TableDifferenceKind, string>> = {
  'missing-index':
    'add or delete a global secondary index with `aws dynamodb update-table --global-secondary-index-updates` (one index per call) or in the AWS console',
  'extra-index':
    'add or delete a global secondary index with `aws dynamodb update-table --global-secondary-index-updates` (one index per call) or in the AWS console',
  'index-key-schema':
    "an index's keys and projection cannot change in place: delete the index and create it again (two `update-table --global-secondary-index-updates` calls)",
  'index-projection':
    "an index's keys and projection cannot change in place: delete the index and create it again (two `update-table --global-secondary-index-updates` calls)",
  'attribute-type': `a key attribute's type changes only with what keys on it: an index, deleted and created again, or the table's own key: ${recreateTable}`,
  'table-key-schema': `a table's key schema is fixed when it is created: ${recreateTable}`,
  'extra-local-index': `local secondary indexes are fixed when the table is created: ${recreateTable}`,
  'time-to-live': 'TTL: `aws dynamodb update-time-to-live` (to move it to another attribute, disable it first)',
  stream:
    'the stream: `aws dynamodb update-table --stream-specification` (to change the view type, disable the stream first)',
  'billing-mode': 'the billing mode: `aws dynamodb update-table --billing-mode`',
};

/**
 * The ways to apply these differences that exist today, once each, in the order of the
 * differences.
 *
 * @example
 * driftRemedies([{ kind: 'stream', … }]) // ['the stream: `aws dynamodb update-table --stream-specification` …']
 */
export function driftRemedies(differences: readonly TableDifference[]): string[] {
  return [...new Set(differences.map((difference) => remedies[difference.kind]))];
}

type IndexShape = { IndexName?: string; KeySchema?: KeySchemaElement[]; Projection?: Projection };

function compareGlobalIndexes(model: readonly IndexShape[], table: readonly IndexShape[]): TableDifference[] {
  const out: TableDifference[] = [];
  const onTable = new Map(table.map((index) => [index.IndexName ?? '', index]));
  const inModel = new Set(model.map((index) => index.IndexName ?? ''));
  for (const index of model) {
    const name = index.IndexName ?? '';
    const actual = onTable.get(name);
    if (!actual) {
      out.push(
        difference(
          'missing-index',
          name,
          indexText(index),
          'none',
          `global secondary index '${name}' is in the model but not on the table`,
        ),
      );
      continue;
    }
    out.push(...compareKeySchema(name, index.KeySchema ?? [], actual.KeySchema ?? []));
    const [wanted, found] = [projectionText(index.Projection), projectionText(actual.Projection)];
    if (wanted !== found)
      out.push(
        difference(
          'index-projection',
          name,
          wanted,
          found,
          `index '${name}' projects ${found} on the table, ${wanted} in the model`,
        ),
      );
  }
  for (const index of table) {
    const name = index.IndexName ?? '';
    if (!inModel.has(name))
      out.push(
        difference(
          'extra-index',
          name,
          'none',
          indexText(index),
          `global secondary index '${name}' is on the table but not in the model`,
        ),
      );
  }
  return out;
}

/** Key schemas compare by attribute names and roles, in order; types are compared once per attribute. */
function compareKeySchema(
  subject: string,
  model: readonly KeySchemaElement[],
  table: readonly KeySchemaElement[],
): TableDifference[] {
  const [wanted, found] = [keySchemaText(model), keySchemaText(table)];
  if (wanted === found) return [];
  const kind = subject === 'table' ? 'table-key-schema' : 'index-key-schema';
  const what = subject === 'table' ? 'the table is keyed' : `index '${subject}' is keyed`;
  return [difference(kind, subject, wanted, found, `${what} on ${found}, the model on ${wanted}`)];
}

/** A key attribute both sides define, with another type (a table key, or the key of a shared index). */
function compareAttributeTypes(
  model: { AttributeDefinitions?: AttributeDefinition[] },
  table: TableDescription,
): TableDifference[] {
  const onTable = new Map((table.AttributeDefinitions ?? []).map((a) => [a.AttributeName, a.AttributeType]));
  return (model.AttributeDefinitions ?? []).flatMap(({ AttributeName: name, AttributeType: wanted }) => {
    const found = onTable.get(name);
    if (found === undefined || found === wanted) return [];
    return [
      difference(
        'attribute-type',
        name ?? '',
        String(wanted),
        found,
        `key attribute '${name}' is ${found} on the table, ${wanted} in the model`,
      ),
    ];
  });
}

function compareTimeToLive(wanted: string | undefined, ttl: TimeToLiveDescription | undefined): TableDifference[] {
  const enabled = ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING';
  const found = enabled ? ttl?.AttributeName : undefined;
  if (wanted === found) return [];
  const text = (name: string | undefined) => (name === undefined ? 'none' : `on '${name}'`);
  const description =
    found === undefined
      ? `TTL is not enabled on the table; the model expires items by '${wanted}'`
      : wanted === undefined
        ? `the table expires items by '${found}' (TTL); the model declares no TTL attribute`
        : `the table expires items by '${found}' (TTL), the model by '${wanted}'`;
  return [difference('time-to-live', 'table', text(wanted), text(found), description)];
}

function compareStream(wanted: string | undefined, table: TableDescription): TableDifference[] {
  const found = table.StreamSpecification?.StreamEnabled ? table.StreamSpecification.StreamViewType : undefined;
  if (wanted === found) return [];
  const text = (viewType: string | undefined) => viewType ?? 'none';
  const description =
    found === undefined
      ? `the table has no stream; the model declares one (${wanted})`
      : wanted === undefined
        ? `the table has a stream (${found}); the model declares none`
        : `the table's stream shows ${found}, the model's ${wanted}`;
  return [difference('stream', 'table', text(wanted), text(found), description)];
}

function compareBillingMode(wanted: string, table: TableDescription): TableDifference[] {
  // DynamoDB leaves BillingModeSummary out for a table that has always been provisioned.
  const found = table.BillingModeSummary?.BillingMode ?? 'PROVISIONED';
  if (wanted === found) return [];
  return [
    difference('billing-mode', 'table', wanted, found, `the table is billed ${found}, the model declares ${wanted}`),
  ];
}

function difference(
  kind: TableDifferenceKind,
  subject: string,
  inModel: string,
  inTable: string,
  description: string,
): TableDifference {
  return { kind, subject, inModel, inTable, description };
}

function keySchemaText(schema: readonly KeySchemaElement[]): string {
  return schema.map((element) => `${element.AttributeName} (${element.KeyType})`).join(', ') || 'no key';
}

function projectionText(projection: Projection | undefined): string {
  const type = projection?.ProjectionType ?? 'ALL';
  if (type !== 'INCLUDE') return type;
  return `INCLUDE (${[...(projection?.NonKeyAttributes ?? [])].sort().join(', ')})`;
}

function indexText(index: IndexShape): string {
  return `${keySchemaText(index.KeySchema ?? [])}; ${projectionText(index.Projection)}`;
}
