import type { GlobalIndexDefinition } from '../model/table.js';
import type { ModelDefinition } from '../model/model.js';

/** How one entity is keyed, as plain JSON: what a migration compares between two models. */
export interface EntitySnapshot {
  readonly key: { readonly pk: string; readonly sk: string };
  /** Template-keyed indexes: key template sources, sparse rule and sharding. */
  readonly indexes: Readonly<
    Record<
      string,
      {
        readonly pk: string;
        readonly sk?: string;
        readonly when?: Readonly<Record<string, readonly unknown[]>>;
        readonly shards?: unknown;
      }
    >
  >;
  readonly version?: string;
}

/**
 * A model as plain JSON (no schemas, no functions): the table's keys, indexes and settings and
 * each entity's key templates. The migration record stores it; `planMigration` compares it with
 * the model being deployed.
 */
export interface ModelSnapshot {
  readonly table: {
    readonly partitionKey: string;
    readonly sortKey: string;
    readonly entityTypeAttribute: string;
    readonly separator: string;
    readonly indexes: Readonly<Record<string, GlobalIndexDefinition>>;
    readonly timeToLiveAttribute?: string;
    readonly billingMode: ModelDefinition['table']['billingMode'];
    readonly pointInTimeRecovery: boolean;
    readonly streamViewType?: string;
  };
  readonly entities: Readonly<Record<string, EntitySnapshot>>;
}

/**
 * The snapshot of a model.
 *
 * @example
 * modelSnapshot(model).entities.job.indexes.gsi1 // { pk: 'STATUS#{status}', sk: '{createdAt}' }
 */
export function modelSnapshot(model: ModelDefinition): ModelSnapshot {
  const table = model.table;
  const entities: Record<string, EntitySnapshot> = {};
  for (const entity of model.entities) {
    const indexes: Record<string, EntitySnapshot['indexes'][string]> = {};
    for (const [name, index] of Object.entries(entity.indexes)) {
      indexes[name] = {
        pk: index.pk.source,
        ...(index.sk ? { sk: index.sk.source } : {}),
        ...(index.when ? { when: index.when as Readonly<Record<string, readonly unknown[]>> } : {}),
        ...(index.shards ? { shards: index.shards } : {}),
      };
    }
    entities[entity.name] = {
      key: { pk: entity.key.pk.source, sk: entity.key.sk.source },
      indexes,
      ...(entity.version ? { version: entity.version } : {}),
    };
  }
  return JSON.parse(
    JSON.stringify({
      table: {
        partitionKey: table.partitionKey,
        sortKey: table.sortKey,
        entityTypeAttribute: table.entityTypeAttribute,
        separator: table.separator,
        indexes: table.indexes,
        ...(table.timeToLiveAttribute ? { timeToLiveAttribute: table.timeToLiveAttribute } : {}),
        billingMode: table.billingMode,
        pointInTimeRecovery: table.pointInTimeRecovery,
        ...(table.stream ? { streamViewType: table.stream.viewType } : {}),
      },
      entities,
    }),
  ) as ModelSnapshot;
}

/** Stable JSON of a value (object keys sorted), for comparisons and plan ids. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}
