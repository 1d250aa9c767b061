import { Engine } from './engine.js';
import type { IndexDefinition, KeyAttribute, StoredTableDefinition } from './storage/storage.js';

/** A table for tests, created straight in storage so that item tests do not depend on CreateTable. */
export interface TestTableSpec {
  readonly name: string;
  readonly partitionKey?: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly globalIndexes?: readonly IndexDefinition[];
  readonly localIndexes?: readonly IndexDefinition[];
}

export function createTestTable(engine: Engine, spec: TestTableSpec): StoredTableDefinition {
  const definition: StoredTableDefinition = {
    name: spec.name,
    partitionKey: spec.partitionKey ?? { name: 'pk', type: 'S' },
    ...(spec.sortKey ? { sortKey: spec.sortKey } : {}),
    globalIndexes: spec.globalIndexes ?? [],
    localIndexes: spec.localIndexes ?? [],
    description: { TableName: spec.name },
  };
  engine.context.storage.createTable(definition);
  return definition;
}

/** An in-memory engine without the TTL timer. */
export function testEngine(options: { now?: () => number } = {}): Engine {
  return new Engine({ inMemory: true, ttlReapIntervalMs: 0, ...options });
}

/** The DynamoDBError an engine call throws, for asserting on type and message. */
/** A table `jobs` (pk/sk) with an ALL-projection GSI `byStatus` on `status`, on a fresh engine. */
export function engineWithStatusIndex(): Engine {
  const engine = testEngine();
  createTestTable(engine, {
    name: 'jobs',
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [
      {
        name: 'byStatus',
        kind: 'global',
        partitionKeys: [{ name: 'status', type: 'S' }],
        sortKeys: [],
        projection: { type: 'ALL' },
      },
    ],
  });
  return engine;
}

export function errorOf(call: () => unknown): { type: string; message: string; extra: Record<string, unknown> } {
  try {
    call();
  } catch (error) {
    const failure = error as { type: string; message: string; extra: Record<string, unknown> };
    return { type: failure.type, message: failure.message, extra: failure.extra };
  }
  throw new Error('expected the call to fail');
}
