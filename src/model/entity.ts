import type { AttributeSchemas, InputOfAttributes, ItemOfAttributes } from './attributes.js';
import type { Duration } from './duration.js';
import { durationToSeconds } from './duration.js';
import { ModelDefinitionError } from './errors.js';
import { parseKeyTemplate, type CheckTemplate, type KeyTemplate, type Placeholders } from './key-template.js';
import type { StateMachineDefinition } from './state-machine.js';
import { reservedAttributeNames, type GlobalIndexDefinition, type TableDefinition } from './table.js';
import {
  attributeIndexKeys,
  isAttributeIndex,
  type AttributeIndexDefinition,
  type IndexKeyAttributeNames,
  type KeyAttributeTuple,
} from './attribute-index.js';

/**
 * A declarative condition on an item: every listed attribute must hold one of the listed values.
 * Plain data, so it can be inspected, documented and evaluated without the whole item
 * (a transition knows the new status and can move index keys in one write).
 *
 * @example
 * const onlyRunning = { status: ['running'] };
 */
export type AttributeMatch<Item> = { readonly [K in keyof Item]?: readonly NonNullable<Item[K]>[] };

/**
 * True when `item` satisfies `match` (an absent match always does).
 *
 * @example
 * matchesAttributes({ status: ['running'] }, { id: '1', status: 'running' }) // true
 */
export function matchesAttributes<Item>(
  match: AttributeMatch<Item> | undefined,
  item: Readonly<Record<string, unknown>>,
): boolean {
  if (!match) return true;
  return Object.entries(match as Readonly<Record<string, readonly unknown[] | undefined>>).every(
    ([name, values]) => values === undefined || values.includes(item[name]),
  );
}

/** Write sharding of a hot index partition: `STATUS#running` becomes `STATUS#running#0..count-1`. */
export interface IndexSharding<Item> {
  readonly count: number;
  /** Shard only the partitions whose key values are listed (e.g. `{ status: ['running'] }`); all when absent. */
  readonly only?: AttributeMatch<Item>;
}

/** How an entity appears in one GSI: key templates and the sparse membership rule. */
export interface EntityIndexDefinition<Item = Record<string, unknown>> {
  readonly pk: KeyTemplate;
  readonly sk?: KeyTemplate;
  /**
   * Sparse membership: an item carries this index's keys only when every placeholder has a value
   * and the item matches `when` (if given). Items without the keys are simply not in the index.
   */
  readonly when?: AttributeMatch<Item>;
  readonly shards?: IndexSharding<Item>;
}

/**
 * How an entity appears in an index keyed on item attributes: the attributes that fill its
 * partition and sort keys — the index's own key attributes, which the entity declares. Nothing
 * else is written for it: DynamoDB indexes the item when every one of them is present.
 */
export interface EntityAttributeIndexDefinition {
  readonly partitionKey: readonly string[];
  readonly sortKey: readonly string[];
}

/** Items of this entity expire `after` their write (DynamoDB TTL), optionally only some of them. */
export interface EntityTtlDefinition<Item = Record<string, unknown>> {
  readonly after: Duration;
  /** Only items matching this get an expiry (e.g. `{ status: ['failed'] }`). */
  readonly when?: AttributeMatch<Item>;
}

type Names<A> = keyof A & string;
type IndexConfigShape = Readonly<
  Record<string, { readonly pk: string | readonly string[]; readonly sk?: string | readonly string[] }>
>;
type CheckTemplateIndex<IxI, N extends string> = IxI extends { readonly pk: infer P extends string }
  ? { readonly pk: CheckTemplate<P, N> } & (IxI extends { readonly sk: infer S extends string }
      ? { readonly sk: CheckTemplate<S, N> }
      : {})
  : never;
/** An attribute-keyed index: the entity lists the index's own key attributes, which it must declare. */
type CheckAttributeIndex<TIx, N extends string, I> = TIx extends {
  readonly partitionKey: infer P extends readonly unknown[];
}
  ? [Exclude<IndexKeyAttributeNames<TIx>, N>] extends [never]
    ? { readonly pk: KeyAttributeTuple<P>; readonly when?: never; readonly shards?: never } & (TIx extends {
        readonly sortKey: infer S extends readonly unknown[];
      }
        ? { readonly sk: KeyAttributeTuple<S> }
        : { readonly sk?: never })
    : `index ${I & string} keys on attribute '${Exclude<IndexKeyAttributeNames<TIx>, N> & string}', which the entity does not declare`
  : `index ${I & string} keys on template strings: give pk (and sk) as key templates`;
type CheckIndexes<Ix, N extends string, TI> = {
  readonly [I in keyof Ix]: I extends keyof TI
    ? TI[I] extends { readonly partitionKey: readonly unknown[] }
      ? CheckAttributeIndex<TI[I], N, I>
      : Ix[I] extends { readonly pk: string }
        ? CheckTemplateIndex<Ix[I], N>
        : `index ${I & string} keys on template strings: give pk (and sk) as key templates`
    : CheckTemplateIndex<Ix[I], N>;
};

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type EntityItemType<A, V extends string> = [V] extends [never]
  ? ItemOfAttributes<A>
  : Simplify<ItemOfAttributes<A> & { -readonly [K in V]: number }>;

/** Type-level facts about an entity, carried by a phantom field so they flow to repositories. */
export interface EntityTypes<
  Item,
  Input,
  Key,
  KeyNames extends string,
  State extends string,
  StateAttribute extends string,
  IndexNames extends string,
  Version extends string,
> {
  readonly item: Item;
  readonly input: Input;
  readonly key: Key;
  readonly keyNames: KeyNames;
  readonly state: State;
  readonly stateAttribute: StateAttribute;
  readonly indexNames: IndexNames;
  readonly version: Version;
}

/** A declared entity: plain data plus phantom types. */
export interface EntityDefinition<
  Name extends string = string,
  A extends AttributeSchemas = AttributeSchemas,
  // biome-ignore lint/suspicious/noExplicitAny: the widest EntityTypes, so every declared entity is assignable whatever its phantom types' variance
  T extends EntityTypes<any, any, any, any, any, any, any, any> = EntityTypes<
    Record<string, unknown>,
    Record<string, unknown>,
    Record<string, unknown>,
    string,
    string,
    string,
    string,
    string
  >,
> {
  readonly kind: 'entity';
  readonly name: Name;
  readonly table: TableDefinition;
  readonly attributes: A;
  readonly key: { readonly pk: KeyTemplate; readonly sk: KeyTemplate };
  /** The template-keyed indexes the entity belongs to (the repository writes their keys). */
  readonly indexes: Readonly<Record<string, EntityIndexDefinition<T['item']>>>;
  /** The attribute-keyed indexes the entity belongs to (nothing is written for them). */
  readonly attributeIndexes: Readonly<Record<string, EntityAttributeIndexDefinition>>;
  readonly ttl?: EntityTtlDefinition<T['item']>;
  readonly stateMachine?: StateMachineDefinition<T['stateAttribute'], T['state']>;
  /** Attribute holding the optimistic-locking version number. */
  readonly version?: T['version'];
  readonly '~types'?: T;
}

/** The stored item type of an entity. */
export type EntityItem<E extends EntityDefinition> = NonNullable<E['~types']>['item'];
/** What `create` accepts. */
export type EntityInput<E extends EntityDefinition> = NonNullable<E['~types']>['input'];
/** The attributes that make up the primary key: `{ id: string }` for `JOB#{id}` / `METADATA`. */
export type EntityKey<E extends EntityDefinition> = NonNullable<E['~types']>['key'];
/** The states of the entity's state machine (`never` without one). */
export type EntityState<E extends EntityDefinition> = NonNullable<E['~types']>['state'];

export interface EntityConfig<
  Name extends string,
  A extends AttributeSchemas,
  PK extends string,
  SK extends string,
  Ix,
  SA extends string,
  V extends string,
  TI,
> {
  /** Stored in the table's entity-type attribute; unique within a model. */
  readonly name: Name;
  readonly attributes: A;
  readonly key: { readonly pk: CheckTemplate<PK, Names<A>>; readonly sk: CheckTemplate<SK, Names<A>> };
  readonly indexes?: Ix &
    NoInfer<
      {
        readonly [I in keyof Ix]: I extends keyof TI ? unknown : `index ${I & string} is not declared on the table`;
      } & CheckIndexes<Ix, Names<A>, TI> & {
          readonly [I in keyof Ix]?: {
            readonly when?: AttributeMatch<EntityItemType<A, V>>;
            readonly shards?: IndexSharding<EntityItemType<A, V>>;
          };
        }
    >;
  readonly ttl?: EntityTtlDefinition<EntityItemType<A, V>>;
  readonly stateMachine?: {
    readonly attribute: SA;
    readonly transitions: {
      readonly [S in NonNullable<ItemOfAttributes<A>[SA & keyof ItemOfAttributes<A>]> & string]?: readonly (NonNullable<
        ItemOfAttributes<A>[SA & keyof ItemOfAttributes<A>]
      > &
        string)[];
    };
  };
  readonly version?: V;
}

/**
 * Declares an entity stored in `table`. Key templates are checked against the attribute names at
 * compile time (and again at run time for JavaScript callers).
 *
 * @example
 * const job = defineEntity(table, {
 *   name: 'job',
 *   attributes: { id: z.string(), title: z.string(), status: z.enum(['queued', 'running']).default('queued'), createdAt: z.string() },
 *   key: { pk: 'JOB#{id}', sk: 'METADATA' },
 *   indexes: {
 *     gsi1: { pk: 'STATUS#{status}', sk: '{createdAt}' },                       // template keys
 *     byTenantStatus: { pk: ['tenantId', 'status'], sk: ['createdAt'] },        // the item's own attributes
 *   },
 *   stateMachine: { attribute: 'status', transitions: { queued: ['running'] } },
 *   version: 'version',
 * });
 */
export function defineEntity<
  const Name extends string,
  const A extends AttributeSchemas,
  const PK extends string,
  const SK extends string,
  const Ix extends IndexConfigShape = {},
  const SA extends Names<A> = never,
  const V extends string = never,
  TI extends Readonly<Record<string, GlobalIndexDefinition>> = Readonly<Record<string, GlobalIndexDefinition>>,
>(
  table: TableDefinition<TI>,
  config: EntityConfig<Name, A, PK, SK, Ix, SA, V, TI>,
): EntityDefinition<
  Name,
  A,
  EntityTypes<
    EntityItemType<A, V>,
    InputOfAttributes<A>,
    {
      -readonly [K in Placeholders<PK> | Placeholders<SK>]: NonNullable<
        ItemOfAttributes<A>[K & keyof ItemOfAttributes<A>]
      >;
    },
    Placeholders<PK> | Placeholders<SK>,
    [SA] extends [never] ? never : NonNullable<ItemOfAttributes<A>[SA & keyof ItemOfAttributes<A>]> & string,
    SA,
    keyof Ix & string,
    V
  >
> {
  const where = `entity '${config.name}'`;
  const attributeNames = new Set(Object.keys(config.attributes));
  const reserved = reservedAttributeNames(table as TableDefinition);
  for (const name of attributeNames) {
    if (reserved.has(name))
      throw new ModelDefinitionError(where, `attribute '${name}' is reserved by the table (keys, entity type or TTL)`);
  }
  if (config.version && attributeNames.has(config.version)) {
    throw new ModelDefinitionError(
      where,
      `version attribute '${config.version}' is managed by the repository; do not declare it as an attribute`,
    );
  }
  const parse = (source: string, what: string): KeyTemplate => {
    const template = parseKeyTemplate(source, table.separator);
    for (const name of template.placeholders) {
      if (!attributeNames.has(name))
        throw new ModelDefinitionError(where, `${what} template '${source}' names unknown attribute '${name}'`);
    }
    return template;
  };
  const indexes: Record<string, EntityIndexDefinition> = {};
  const attributeIndexes: Record<string, EntityAttributeIndexDefinition> = {};
  const indexConfigs = (config.indexes ?? {}) as Readonly<
    Record<
      string,
      {
        pk: string | readonly string[];
        sk?: string | readonly string[];
        when?: AttributeMatch<Record<string, unknown>>;
        shards?: IndexSharding<Record<string, unknown>>;
      }
    >
  >;
  for (const [indexName, index] of Object.entries(indexConfigs)) {
    const tableIndex = (table.indexes as Readonly<Record<string, GlobalIndexDefinition>>)[indexName];
    if (!tableIndex)
      throw new ModelDefinitionError(where, `index '${indexName}' is not declared on table '${table.name}'`);
    if (isAttributeIndex(tableIndex)) {
      attributeIndexes[indexName] = attributeIndexOf(where, indexName, tableIndex, index, attributeNames);
      continue;
    }
    if (typeof index.pk !== 'string' || (index.sk !== undefined && typeof index.sk !== 'string')) {
      throw new ModelDefinitionError(
        where,
        `index '${indexName}' keys on template strings: give pk (and sk) as key templates`,
      );
    }
    if (index.sk && !tableIndex.sortKey)
      throw new ModelDefinitionError(where, `index '${indexName}' has no sort key, so no sk template`);
    if (!index.sk && tableIndex.sortKey)
      throw new ModelDefinitionError(where, `index '${indexName}' needs an sk template`);
    if (index.shards && (!Number.isInteger(index.shards.count) || index.shards.count < 1)) {
      throw new ModelDefinitionError(where, `index '${indexName}' shard count must be a positive integer`);
    }
    indexes[indexName] = {
      pk: parse(index.pk, `index '${indexName}' pk`),
      ...(typeof index.sk === 'string' ? { sk: parse(index.sk, `index '${indexName}' sk`) } : {}),
      ...(index.when ? { when: index.when } : {}),
      ...(index.shards ? { shards: index.shards } : {}),
    };
  }
  if (config.ttl) {
    if (!table.timeToLiveAttribute)
      throw new ModelDefinitionError(where, `has a TTL but table '${table.name}' declares no timeToLiveAttribute`);
    durationToSeconds(config.ttl.after, `${where} ttl`);
  }
  if (config.stateMachine && !attributeNames.has(config.stateMachine.attribute)) {
    throw new ModelDefinitionError(
      where,
      `state machine attribute '${config.stateMachine.attribute}' is not an attribute`,
    );
  }
  const definition = {
    kind: 'entity' as const,
    name: config.name,
    table: table as TableDefinition,
    attributes: config.attributes,
    key: { pk: parse(config.key.pk, 'pk'), sk: parse(config.key.sk, 'sk') },
    indexes,
    attributeIndexes,
    ...(config.ttl ? { ttl: config.ttl } : {}),
    ...(config.stateMachine ? { stateMachine: config.stateMachine } : {}),
    ...(config.version ? { version: config.version } : {}),
  };
  return Object.freeze(definition) as never;
}

/**
 * Reads an entity's declaration of an attribute-keyed index: it must list exactly the index's key
 * attributes, each an attribute of the entity, and neither a membership rule nor sharding, which
 * would need keys the repository writes (membership is the presence of the attributes; shard by
 * adding a shard attribute to the index's partition key).
 */
function attributeIndexOf(
  where: string,
  indexName: string,
  tableIndex: AttributeIndexDefinition,
  index: { pk: unknown; sk?: unknown; when?: unknown; shards?: unknown },
  attributeNames: ReadonlySet<string>,
): EntityAttributeIndexDefinition {
  const { partition, sort } = attributeIndexKeys(tableIndex);
  const expected = { pk: partition.map((a) => a.name), sk: sort.map((a) => a.name) };
  const given = { pk: index.pk, sk: index.sk ?? [] };
  for (const part of ['pk', 'sk'] as const) {
    const list = given[part];
    if (
      !Array.isArray(list) ||
      list.length !== expected[part].length ||
      list.some((name, i) => name !== expected[part][i])
    ) {
      throw new ModelDefinitionError(
        where,
        `index '${indexName}' keys on attributes: ${part} must list [${expected[part].join(', ')}], got ${JSON.stringify(list)}`,
      );
    }
  }
  for (const name of [...expected.pk, ...expected.sk]) {
    if (!attributeNames.has(name))
      throw new ModelDefinitionError(
        where,
        `index '${indexName}' keys on attribute '${name}', which the entity does not declare`,
      );
  }
  if (index.when !== undefined) {
    throw new ModelDefinitionError(
      where,
      `index '${indexName}' keys on attributes: an item is in it exactly when it has all of them, so it takes no 'when' rule`,
    );
  }
  if (index.shards !== undefined) {
    throw new ModelDefinitionError(
      where,
      `index '${indexName}' keys on attributes: write sharding appends a shard number to a written key, which this index does not have; add a shard attribute to its partitionKey instead`,
    );
  }
  return Object.freeze({ partitionKey: expected.pk, sortKey: expected.sk });
}
