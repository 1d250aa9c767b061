import { ModelDefinitionError } from './errors.js';
import type { IndexProjection } from './table.js';

/**
 * Indexes keyed on the items' own attributes (DynamoDB's multi-attribute GSI keys): up to four
 * partition attributes and up to four sort attributes, each with its own type. No synthetic
 * `gsi1pk = "STATUS#…"` strings: DynamoDB reads `tenantId`, `status`, `createdAt` themselves.
 */

/** The scalar type of a key attribute: string, number or binary. */
export type KeyAttributeType = 'S' | 'N' | 'B';

/** A key attribute of an attribute-keyed index: a name (a string attribute) or a name with its type. */
export type IndexKeyAttribute = string | { readonly name: string; readonly type: KeyAttributeType };

/**
 * A global secondary index keyed on item attributes.
 *
 * @example
 * const byTenantStatus = {
 *   partitionKey: ['tenantId', 'status'],
 *   sortKey: ['createdAt', { name: 'priority', type: 'N' }],
 *   projection: { type: 'ALL' },
 * } as const;
 */
export interface AttributeIndexDefinition {
  readonly partitionKey: readonly IndexKeyAttribute[];
  readonly sortKey?: readonly IndexKeyAttribute[];
  readonly projection: IndexProjection;
}

/** One key attribute with its type resolved. */
export interface ResolvedKeyAttribute {
  readonly name: string;
  readonly type: KeyAttributeType;
}

/** DynamoDB's limits on a multi-attribute GSI key. */
export const maxIndexPartitionAttributes = 4;
export const maxIndexSortAttributes = 4;

/** True for an index keyed on item attributes (its `partitionKey` is a list). */
export function isAttributeIndex(index: {
  readonly partitionKey: string | readonly IndexKeyAttribute[];
}): index is AttributeIndexDefinition {
  return Array.isArray(index.partitionKey);
}

/** The key attributes of an attribute-keyed index, types resolved (a bare name is a string). */
export function attributeIndexKeys(index: AttributeIndexDefinition): {
  readonly partition: ResolvedKeyAttribute[];
  readonly sort: ResolvedKeyAttribute[];
} {
  const resolve = (attribute: IndexKeyAttribute): ResolvedKeyAttribute =>
    typeof attribute === 'string' ? { name: attribute, type: 'S' } : attribute;
  return { partition: index.partitionKey.map(resolve), sort: (index.sortKey ?? []).map(resolve) };
}

/** Every key attribute name of an attribute-keyed index, partition attributes first. */
export function attributeIndexKeyNames(index: AttributeIndexDefinition): string[] {
  const { partition, sort } = attributeIndexKeys(index);
  return [...partition, ...sort].map((attribute) => attribute.name);
}

/** Checks an attribute-keyed index declaration against DynamoDB's rules; throws {@link ModelDefinitionError}. */
export function checkAttributeIndex(indexName: string, index: AttributeIndexDefinition): void {
  const where = `index '${indexName}'`;
  const { partition, sort } = attributeIndexKeys(index);
  if (partition.length < 1 || partition.length > maxIndexPartitionAttributes) {
    throw new ModelDefinitionError(
      where,
      `a partition key has 1 to ${maxIndexPartitionAttributes} attributes, got ${partition.length}`,
    );
  }
  if (sort.length > maxIndexSortAttributes) {
    throw new ModelDefinitionError(
      where,
      `a sort key has at most ${maxIndexSortAttributes} attributes, got ${sort.length}`,
    );
  }
  const seen = new Set<string>();
  for (const attribute of [...partition, ...sort]) {
    if (typeof attribute.name !== 'string' || attribute.name.length === 0)
      throw new ModelDefinitionError(where, 'a key attribute needs a name');
    if (!['S', 'N', 'B'].includes(attribute.type))
      throw new ModelDefinitionError(
        where,
        `key attribute '${attribute.name}' has type '${attribute.type}': a key is S, N or B`,
      );
    if (seen.has(attribute.name))
      throw new ModelDefinitionError(where, `key attribute '${attribute.name}' appears twice`);
    seen.add(attribute.name);
  }
}

/** The names of the key attributes in a key list, as a union type: `'tenantId' | 'status'`. */
export type KeyAttributeNames<K> = K extends readonly (infer E)[]
  ? E extends { readonly name: infer N extends string }
    ? N
    : E & string
  : never;

/** The names of a key list as a tuple: `['tenantId', { name: 'n', type: 'N' }]` → `['tenantId', 'n']`. */
export type KeyAttributeTuple<K> = {
  readonly [P in keyof K]: K[P] extends { readonly name: infer N extends string } ? N : K[P];
};

/** Every key attribute name of an attribute-keyed index type, or never for a template index. */
export type IndexKeyAttributeNames<I> = I extends { readonly partitionKey: infer P extends readonly unknown[] }
  ?
      | KeyAttributeNames<P>
      | (I extends { readonly sortKey: infer S extends readonly unknown[] } ? KeyAttributeNames<S> : never)
  : never;
