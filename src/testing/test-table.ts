import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Engine, type EngineOptions } from '../engine/engine.js';
import { closeLocalClient, createLocalClient } from '../local/client/create-local-client.js';
import type { ModelDefinition, ModelEntityName } from '../model/model.js';
import { createTableFromModel } from '../repository/create-table.js';
import { TableRepository, type TableRepositoryOptions } from '../repository/table-repository.js';
import { type EntityRepositories, type SeededItems, type SeedItems, seedItems } from './seed.js';
import { type Instant, TestClock } from './test-clock.js';

/** Options of {@link createTestTable}. */
export interface TestTableOptions {
  /** Where the clock starts (a `Date`, epoch ms or ISO string); default the real time at creation. It stands still until moved. */
  readonly now?: Instant;
  /** Physical table name; default the model's `table.name` (each test table has an engine of its own). */
  readonly tableName?: string;
  /**
   * Whether moving the clock (`clock.set`, `clock.advance`) deletes at once the items whose TTL
   * it passed, as the engine's reaper would. Default true; false leaves them stored (as DynamoDB
   * may, for a while) until {@link TestTable.reapExpiredItems}.
   */
  readonly reapOnClockMove?: boolean;
  /** Repository settings (cursor secret, retry, capacity ledger…); the clock and table name are the test table's. */
  readonly repository?: Omit<TableRepositoryOptions, 'now' | 'tableName' | 'sender'>;
  /** Engine settings; the clock is the test table's, and the background reaper is off (the clock drives TTL). */
  readonly engine?: Omit<EngineOptions, 'path' | 'inMemory' | 'now' | 'ttlReapIntervalMs'>;
}

/**
 * One model's table on a fresh in-memory engine, with everything a test reaches for: the SDK
 * clients, the typed repositories, typed seeding and the clock. Made by {@link createTestTable};
 * closed by `close()` or `await using`.
 *
 * @example
 * await using t = await createTestTable(model);
 * await t.seed({ ticket: [{ id: 'T-1', projectId: 'web', title: 'Login fails' }] });
 * expect(await t.repositories.ticket.get({ id: 'T-1' })).toMatchObject({ status: 'open' });
 */
export class TestTable<M extends ModelDefinition> implements AsyncDisposable {
  /** The table's repositories: `query`, `collection`, `transact`, and `entity(name)`. */
  readonly db: TableRepository<M>;
  /** The typed repository of each entity, by name: `t.repositories.ticket` is `t.db.entity('ticket')`. */
  readonly repositories: EntityRepositories<M>;
  /** The SDK's DocumentClient on the same engine, for raw reads and writes in a test. */
  readonly documentClient: DynamoDBDocumentClient;
  private closed = false;
  private readonly stopReaping: (() => void) | undefined;

  /** Use {@link createTestTable}: it also creates the table. */
  constructor(
    readonly model: M,
    readonly tableName: string,
    /** The in-memory engine (TTL reaping, backfills, what the engine itself offers). */
    readonly engine: Engine,
    /** A `DynamoDBClient` on the engine, in process: hand it to the code under test. */
    readonly client: DynamoDBClient,
    /** The clock of the engine and the repositories: `clock.set(date)`, `clock.advance('7d')`. */
    readonly clock: TestClock,
    repositoryOptions: TableRepositoryOptions,
    reapOnClockMove = true,
  ) {
    this.db = new TableRepository(client, model, { ...repositoryOptions, tableName, now: clock.now });
    this.documentClient = DynamoDBDocumentClient.from(client);
    const db = this.db;
    const byName: Record<string, unknown> = {};
    for (const entity of model.entities as readonly { readonly name: ModelEntityName<M> }[])
      Object.defineProperty(byName, entity.name, { get: () => db.entity(entity.name), enumerable: true });
    this.repositories = byName as EntityRepositories<M>;
    if (reapOnClockMove) this.stopReaping = clock.onMove(() => this.reapExpiredItems());
  }

  /**
   * Writes typed items through the repositories (keys, index keys and TTL as in production) and
   * returns them as stored, by entity: `const { ticket } = await t.seed({ ticket: [...] })`.
   */
  seed<N extends ModelEntityName<M>>(items: SeedItems<M, N>): Promise<SeededItems<M, N>> {
    return seedItems(this.db, items);
  }

  /** Deletes, at once, every item whose TTL is at or before the clock's time; returns how many. */
  reapExpiredItems(): number {
    // A closed engine's database may already serve another engine: never touch it again.
    if (this.closed) throw new Error(`test table ${this.tableName} is closed`);
    return this.engine.reapExpiredItems();
  }

  /** Closes the client and the engine (whose in-memory database goes back to the pool). Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopReaping?.();
    closeLocalClient(this.client);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}

/**
 * A fresh table for one test: an in-memory engine (cheap: closed engines' databases are reused),
 * the model's table created on it (indexes, TTL, stream), repositories on it, and a clock that
 * stands still until the test moves it. The design check is not run here: see `expectDesignOk`.
 *
 * @example
 * let t: TestTable<typeof model>;
 * beforeEach(async () => { t = await createTestTable(model, { now: '2026-03-01T09:00:00Z' }) });
 * afterEach(() => t.close());
 */
export async function createTestTable<M extends ModelDefinition>(
  model: M,
  options: TestTableOptions = {},
): Promise<TestTable<M>> {
  const clock = new TestClock(options.now);
  const engine = new Engine({ ...options.engine, inMemory: true, now: clock.now, ttlReapIntervalMs: 0 });
  const client = createLocalClient({ engine });
  const tableName = options.tableName ?? model.table.name;
  try {
    await createTableFromModel(client, model, { tableName });
    // The repositories may refuse the model (a failing design check): built before anything else can leak.
    return new TestTable(model, tableName, engine, client, clock, options.repository ?? {}, options.reapOnClockMove);
  } catch (error) {
    closeLocalClient(client);
    throw error;
  }
}
