import type { Random } from './random.js';

/**
 * The shape of one randomly generated table: what the operation generator needs to
 * know to write mostly-valid requests (key names and types, indexes and projections).
 */
export type ScalarType = 'S' | 'N' | 'B';

export interface KeyAttribute {
  readonly name: string;
  readonly type: ScalarType;
}

export interface IndexModel {
  readonly name: string;
  readonly kind: 'GSI' | 'LSI';
  readonly hash: KeyAttribute;
  readonly range?: KeyAttribute;
  readonly projection: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  readonly include: readonly string[];
}

export interface TableModel {
  readonly name: string;
  readonly hash: KeyAttribute;
  readonly range?: KeyAttribute;
  readonly indexes: readonly IndexModel[];
  readonly provisioned: boolean;
}

/** Attributes that are never keys; projections and expressions draw on these too. */
export const PLAIN_ATTRIBUTES = ['a', 'b', 'list', 'map', 'tags'] as const;
/** Attributes that an index may use as its key (and items may carry with any type). */
export const INDEX_KEY_CANDIDATES = ['gpk', 'gsk', 'lsk', 'n'] as const;

/** Small value pools per key type, so that random keys collide and reads find items. */
export const KEY_VALUES: Record<ScalarType, readonly string[]> = {
  S: ['a', 'b', 'ab', 'abc', 'é', 'z'],
  N: ['1', '2', '10', '-3', '0.5', '100'],
  B: ['AQ==', 'Ag==', 'AQI=', '/w==', 'AAE='],
};

/** Every key attribute of the table and its indexes (name → type). */
export function keyAttributeTypes(table: TableModel): Map<string, ScalarType> {
  const types = new Map<string, ScalarType>([[table.hash.name, table.hash.type]]);
  if (table.range) types.set(table.range.name, table.range.type);
  for (const index of table.indexes) {
    types.set(index.hash.name, index.hash.type);
    if (index.range) types.set(index.range.name, index.range.type);
  }
  return types;
}

/** A random table: hash-only or hash+range on S/N/B, 0–3 GSIs, 0–2 LSIs (when it has a range key). */
export function randomTable(random: Random, name: string): TableModel {
  const types = new Map<string, ScalarType>();
  const typeOf = (attribute: string): ScalarType => {
    let type = types.get(attribute);
    if (!type) {
      type = random.pick(['S', 'N', 'B'] as const);
      types.set(attribute, type);
    }
    return type;
  };
  const key = (attribute: string): KeyAttribute => ({ name: attribute, type: typeOf(attribute) });
  const hash = key('pk');
  const range = random.chance(0.65) ? key('sk') : undefined;
  const projection = (): Pick<IndexModel, 'projection' | 'include'> => {
    const type = random.pick(['ALL', 'KEYS_ONLY', 'INCLUDE'] as const);
    return { projection: type, include: type === 'INCLUDE' ? random.subset(['a', 'b', 'map', 'tags'], 1, 3) : [] };
  };
  const indexes: IndexModel[] = [];
  const gsiCount = random.weighted([
    [3, 0],
    [4, 1],
    [2, 2],
    [1, 3],
  ] as const);
  for (let i = 0; i < gsiCount; i++) {
    const hashName = random.pick(range ? ['gpk', 'gpk', 'n', 'sk'] : ['gpk', 'gpk', 'n']);
    const rangeChoices = ['gsk', 'n', 'pk', 'lsk'].filter((candidate) => candidate !== hashName);
    const rangeName = random.chance(0.6) ? random.pick(rangeChoices) : undefined;
    indexes.push({
      name: `gsi${i}`,
      kind: 'GSI',
      hash: key(hashName),
      range: rangeName ? key(rangeName) : undefined,
      ...projection(),
    });
  }
  if (range) {
    const lsiCount = random.weighted([
      [5, 0],
      [3, 1],
      [1, 2],
    ] as const);
    const rangeNames = random.subset(['lsk', 'n', 'gsk'], lsiCount, lsiCount);
    rangeNames.forEach((rangeName, i) => {
      indexes.push({ name: `lsi${i}`, kind: 'LSI', hash, range: key(rangeName), ...projection() });
    });
  }
  return { name, hash, range, indexes, provisioned: random.chance(0.2) };
}

/** The CreateTable request for a model. */
export function createTableRequest(table: TableModel): Record<string, unknown> {
  const keySchema = (hash: KeyAttribute, range?: KeyAttribute) => [
    { AttributeName: hash.name, KeyType: 'HASH' },
    ...(range ? [{ AttributeName: range.name, KeyType: 'RANGE' }] : []),
  ];
  const projection = (index: IndexModel) =>
    index.projection === 'INCLUDE'
      ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] }
      : { ProjectionType: index.projection };
  const throughput = { ReadCapacityUnits: 5, WriteCapacityUnits: 5 };
  const gsis = table.indexes.filter((index) => index.kind === 'GSI');
  const lsis = table.indexes.filter((index) => index.kind === 'LSI');
  return {
    TableName: table.name,
    AttributeDefinitions: [...keyAttributeTypes(table)].map(([name, type]) => ({
      AttributeName: name,
      AttributeType: type,
    })),
    KeySchema: keySchema(table.hash, table.range),
    ...(table.provisioned ? { ProvisionedThroughput: throughput } : { BillingMode: 'PAY_PER_REQUEST' }),
    ...(gsis.length
      ? {
          GlobalSecondaryIndexes: gsis.map((index) => ({
            IndexName: index.name,
            KeySchema: keySchema(index.hash, index.range),
            Projection: projection(index),
            ...(table.provisioned ? { ProvisionedThroughput: throughput } : {}),
          })),
        }
      : {}),
    ...(lsis.length
      ? {
          LocalSecondaryIndexes: lsis.map((index) => ({
            IndexName: index.name,
            KeySchema: keySchema(index.hash, index.range),
            Projection: projection(index),
          })),
        }
      : {}),
  };
}
