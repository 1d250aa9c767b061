import {
  attributeIndexKeys,
  attributeIndexKeyNames,
  checkAttributeIndex,
  isAttributeIndex,
  type AttributeIndexDefinition,
  type KeyAttributeType,
} from './attribute-index.js';
import { ModelDefinitionError } from './errors.js';
import { checkTableStream, type TableStreamDefinition } from './table-stream.js';

/** Which attributes a GSI copies: all, keys only, or keys plus a list. */
export type IndexProjection =
  | { readonly type: 'ALL' }
  | { readonly type: 'KEYS_ONLY' }
  | { readonly type: 'INCLUDE'; readonly attributes: readonly string[] };

/** A global secondary index on synthetic string keys that entities fill from key templates. */
export interface TemplateIndexDefinition {
  readonly partitionKey: string;
  readonly sortKey?: string;
  readonly projection: IndexProjection;
}

/**
 * A global secondary index: on synthetic template keys (`partitionKey: 'gsi1pk'`), or on the items'
 * own attributes (`partitionKey: ['tenantId', 'status']`, see {@link AttributeIndexDefinition}).
 */
export type GlobalIndexDefinition = TemplateIndexDefinition | AttributeIndexDefinition;

export type BillingMode =
  | { readonly mode: 'PAY_PER_REQUEST' }
  | { readonly mode: 'PROVISIONED'; readonly readCapacityUnits: number; readonly writeCapacityUnits: number };

/**
 * What to do with empty-string attributes outside keys. DynamoDB accepts them today, but the guide
 * asks to sanitize them: `'omit'` drops them before the write (default), `'reject'` fails the
 * write, `'keep'` stores them.
 */
export type EmptyStringPolicy = 'omit' | 'reject' | 'keep';

/**
 * DynamoDB's rule for table and index names: 3 to 255 characters of `[a-zA-Z0-9_.-]`.
 *
 * @example
 * dynamoDbNamePattern.test('research-jobs') // true
 */
export const dynamoDbNamePattern = /^[a-zA-Z0-9_.-]{3,255}$/;

/** A table declaration: plain data, used by repositories, the design check and infrastructure. */
export interface TableDefinition<
  Indexes extends Readonly<Record<string, GlobalIndexDefinition>> = Readonly<Record<string, GlobalIndexDefinition>>,
  Stream extends TableStreamDefinition | undefined = TableStreamDefinition | undefined,
> {
  /** Default physical table name (repositories can be pointed at another). */
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly indexes: Indexes;
  /** Attribute holding the TTL (epoch seconds); absent when the table has no TTL. */
  readonly timeToLiveAttribute?: string;
  readonly billingMode: BillingMode;
  readonly pointInTimeRecovery: boolean;
  readonly emptyStrings: EmptyStringPolicy;
  /** Attribute that records which entity an item is (how a collection Query is split). */
  readonly entityTypeAttribute: string;
  /** Separator of composite keys, escaped inside values. */
  readonly separator: string;
  /** The table's DynamoDB stream and its handlers; absent when the table has no stream. */
  readonly stream?: Stream;
}

export interface TableConfig<
  Indexes extends Readonly<Record<string, GlobalIndexDefinition>>,
  Stream extends TableStreamDefinition | undefined = TableStreamDefinition | undefined,
> {
  readonly name: string;
  readonly partitionKey?: string;
  readonly sortKey?: string;
  readonly indexes?: Indexes;
  readonly timeToLiveAttribute?: string;
  readonly billingMode?: BillingMode;
  readonly pointInTimeRecovery?: boolean;
  readonly emptyStrings?: EmptyStringPolicy;
  readonly entityTypeAttribute?: string;
  readonly separator?: string;
  /** `{ viewType: 'NEW_AND_OLD_IMAGES', handlers: { … } }`: see {@link TableStreamDefinition}. */
  readonly stream?: Stream;
}

/**
 * Declares a table with the guide's defaults: `pk`/`sk` strings, on-demand billing,
 * point-in-time recovery on, empty strings omitted, entity type in `_type`, `#` separator,
 * no stream.
 *
 * @example
 * const table = defineTable({
 *   name: 'research',
 *   indexes: {
 *     gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } },
 *     byTenantStatus: { partitionKey: ['tenantId', 'status'], sortKey: ['createdAt'], projection: { type: 'ALL' } },
 *   },
 *   timeToLiveAttribute: 'expires_at',
 *   stream: { viewType: 'NEW_AND_OLD_IMAGES', handlers: { counters: { entry: 'src/counters-lambda.ts', batchSize: 100 } } },
 * });
 */
export function defineTable<
  const Indexes extends Readonly<Record<string, GlobalIndexDefinition>> = {},
  const Stream extends TableStreamDefinition | undefined = undefined,
>(config: TableConfig<Indexes, Stream>): TableDefinition<Indexes, Stream> {
  const table: TableDefinition<Indexes, Stream> = {
    name: config.name,
    partitionKey: config.partitionKey ?? 'pk',
    sortKey: config.sortKey ?? 'sk',
    indexes: config.indexes ?? ({} as Indexes),
    ...(config.timeToLiveAttribute ? { timeToLiveAttribute: config.timeToLiveAttribute } : {}),
    billingMode: config.billingMode ?? { mode: 'PAY_PER_REQUEST' },
    pointInTimeRecovery: config.pointInTimeRecovery ?? true,
    emptyStrings: config.emptyStrings ?? 'omit',
    entityTypeAttribute: config.entityTypeAttribute ?? '_type',
    separator: config.separator ?? '#',
    ...(config.stream ? { stream: config.stream } : {}),
  };
  if (table.stream) checkTableStream(table.name, table.stream);
  if (!dynamoDbNamePattern.test(table.name)) {
    throw new ModelDefinitionError(`table '${table.name}'`, 'a table name is 3-255 characters of [a-zA-Z0-9_.-]');
  }
  const keyNames = [table.partitionKey, table.sortKey];
  const attributeKeyTypes = new Map<string, KeyAttributeType>();
  for (const [indexName, index] of Object.entries(table.indexes as Readonly<Record<string, GlobalIndexDefinition>>)) {
    if (!dynamoDbNamePattern.test(indexName)) {
      throw new ModelDefinitionError(`index '${indexName}'`, 'an index name is 3-255 characters of [a-zA-Z0-9_.-]');
    }
    if (isAttributeIndex(index)) {
      checkAttributeIndex(indexName, index);
      const { partition, sort } = attributeIndexKeys(index);
      for (const attribute of [...partition, ...sort]) {
        const declared = attributeKeyTypes.get(attribute.name);
        if (declared && declared !== attribute.type) {
          throw new ModelDefinitionError(
            `index '${indexName}'`,
            `key attribute '${attribute.name}' is ${attribute.type} here but ${declared} in another index`,
          );
        }
        attributeKeyTypes.set(attribute.name, attribute.type);
      }
      continue;
    }
    keyNames.push(index.partitionKey, ...(index.sortKey ? [index.sortKey] : []));
  }
  const managed = new Set([
    ...keyNames,
    table.entityTypeAttribute,
    ...(table.timeToLiveAttribute ? [table.timeToLiveAttribute] : []),
  ]);
  for (const name of attributeKeyTypes.keys()) {
    // Those attributes are written by the repository (rendered keys, entity type, expiry), never by an entity.
    if (managed.has(name))
      throw new ModelDefinitionError(
        `table '${table.name}'`,
        `'${name}' is a table key, template index key, entity type or TTL attribute: an attribute-keyed index keys on entity attributes`,
      );
  }
  if (table.timeToLiveAttribute && keyNames.includes(table.timeToLiveAttribute)) {
    throw new ModelDefinitionError(`table '${table.name}'`, 'the TTL attribute cannot be a key attribute');
  }
  return Object.freeze(table);
}

/** The key attribute names of an attribute-keyed index of the table (empty for a template index). */
export function indexAttributeNames(index: GlobalIndexDefinition): string[] {
  return isAttributeIndex(index) ? attributeIndexKeyNames(index) : [];
}

/** Every attribute name the table reserves for keys (table and index keys, entity type, TTL). */
export function reservedAttributeNames(table: TableDefinition): Set<string> {
  const names = new Set([table.partitionKey, table.sortKey, table.entityTypeAttribute]);
  for (const index of Object.values(table.indexes)) {
    // An attribute-keyed index keys on entity attributes: they stay the entities' own.
    if (isAttributeIndex(index)) continue;
    names.add(index.partitionKey);
    if (index.sortKey) names.add(index.sortKey);
  }
  if (table.timeToLiveAttribute) names.add(table.timeToLiveAttribute);
  return names;
}
