import { attributeIndexKeys, isAttributeIndex, type KeyAttributeType } from './attribute-index.js';
import type { IndexProjection, TableDefinition } from './table.js';

/** A key attribute as DynamoDB declares it: name and scalar type. */
export interface PhysicalKeyAttribute {
  readonly name: string;
  readonly type: KeyAttributeType;
}

/** A global secondary index as DynamoDB declares it: 1–4 partition and 0–4 sort attributes. */
export interface PhysicalIndex {
  readonly name: string;
  readonly partitionKeys: readonly PhysicalKeyAttribute[];
  readonly sortKeys: readonly PhysicalKeyAttribute[];
  readonly projection: IndexProjection;
}

/** The physical keys of a model's table: what CreateTable, CloudFormation and CDK all declare. */
export interface PhysicalKeys {
  readonly partitionKey: PhysicalKeyAttribute;
  readonly sortKey: PhysicalKeyAttribute;
  readonly indexes: readonly PhysicalIndex[];
  /** Every key attribute once, in declaration order (table keys, then each index's): AttributeDefinitions. */
  readonly attributes: readonly PhysicalKeyAttribute[];
}

/**
 * The one mapping from a table declaration to its physical keys. Template keys (table keys,
 * `gsi1pk`/`gsi1sk`) are strings; attribute-keyed indexes keep their declared attributes and types.
 *
 * @example
 * physicalKeys(model.table).indexes.map((index) => index.partitionKeys.map((a) => a.name)) // [['gsi1pk'], ['tenantId', 'status']]
 */
export function physicalKeys(table: TableDefinition): PhysicalKeys {
  const string = (name: string): PhysicalKeyAttribute => ({ name, type: 'S' });
  const indexes = Object.entries(table.indexes).map(([name, index]): PhysicalIndex => {
    if (isAttributeIndex(index)) {
      const { partition, sort } = attributeIndexKeys(index);
      return { name, partitionKeys: partition, sortKeys: sort, projection: index.projection };
    }
    return {
      name,
      partitionKeys: [string(index.partitionKey)],
      sortKeys: index.sortKey ? [string(index.sortKey)] : [],
      projection: index.projection,
    };
  });
  const partitionKey = string(table.partitionKey);
  const sortKey = string(table.sortKey);
  const seen = new Map<string, PhysicalKeyAttribute>();
  for (const attribute of [
    partitionKey,
    sortKey,
    ...indexes.flatMap((index) => [...index.partitionKeys, ...index.sortKeys]),
  ]) {
    if (!seen.has(attribute.name)) seen.set(attribute.name, attribute);
  }
  return { partitionKey, sortKey, indexes, attributes: [...seen.values()] };
}

/** An index's KeySchema: every partition attribute (HASH) in order, then every sort attribute (RANGE). */
export function indexKeySchema(index: PhysicalIndex): { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[] {
  return [
    ...index.partitionKeys.map((attribute) => ({ AttributeName: attribute.name, KeyType: 'HASH' as const })),
    ...index.sortKeys.map((attribute) => ({ AttributeName: attribute.name, KeyType: 'RANGE' as const })),
  ];
}
