import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from '../model/entity.js';
import {
  entityByName,
  patternByName,
  type ModelDefinition,
  type ModelEntity,
  type ModelEntityName,
  type ModelPattern,
  type ModelPatternName,
  type ModelPatternParams,
  type PatternEntityName,
  type PatternItem,
} from '../model/model.js';
import { CapacityLedger } from './capacity.js';
import { createCommandSender, type CommandSender } from './command-sender.js';
import { createCursorCodec } from './cursor.js';
import { EntityRepository, type RepositoryContext } from './entity-repository.js';
import { requireServedPatterns, type DesignCheckMode } from './design-gate.js';
import { fromStoredItem } from './item-codec.js';
import { queryPatternAll, queryPatternPage, type PageOptions } from './pattern-query.js';
import { defaultRetryOptions, type RetryOptions } from './retry.js';
import { transactWrite, type TransactAction } from './transactions.js';

export interface TableRepositoryOptions {
  /** Physical table name; defaults to the model's `table.name`. */
  readonly tableName?: string;
  /** Key of the cursor MAC. Set it to make cursors unforgeable by clients. */
  readonly cursorSecret?: string;
  /** Clock in epoch ms (TTL expiry times); default `Date.now`. */
  readonly now?: () => number;
  /** Retry of unprocessed batch items. */
  readonly retry?: Partial<RetryOptions>;
  /** Where consumed capacity is booked; one is created when absent. */
  readonly capacity?: CapacityLedger;
  /** Substitute sender (tests); by default requests go through a DocumentClient on `client`. */
  readonly sender?: CommandSender;
  /**
   * `'enforce'` (default): a model with an access pattern no key serves is refused with
   * `DesignCheckFailedError`, before any request. `'skip'` opens it anyway: for admin tools
   * only (a console, a data copy, a migration), whose reads do not rely on every pattern.
   *
   * @example
   * const admin = new TableRepository(client, legacyModel, { designCheck: 'skip' });
   */
  readonly designCheck?: DesignCheckMode;
}

/**
 * The read options of pattern `N`. On a pattern that reads an index, `consistent: true` is a
 * compile error: DynamoDB reads a global secondary index only eventually consistently (and
 * answers a consistent read of one with a ValidationException).
 *
 * @example
 * db.query('listJobsByStatus', { status: 'running' }, { consistent: true }); // compile error: an index
 * db.query('getJobWithFindings', { id: 'j1' }, { consistent: true });       // the table: fine
 */
export type PatternPageOptions<M extends ModelDefinition, N extends ModelPatternName<M>> =
  ModelPattern<M, N> extends { readonly index: string }
    ? Omit<PageOptions, 'consistent'> & { readonly consistent?: false }
    : PageOptions;

/** The items of a collection pattern, one array per entity. */
export type Collection<M extends ModelDefinition, N extends ModelPatternName<M>> = {
  -readonly [K in PatternEntityName<M, N>]: EntityItem<ModelEntity<M, K>>[];
};

/**
 * The repositories of one model on one table, on any `DynamoDBClient` (the in-process engine,
 * `monotable serve`, DynamoDB Local or AWS). No Scan: reads go through access patterns, and the
 * constructor refuses a model whose design check fails (`DesignCheckFailedError`, naming each
 * unserved pattern and why) unless `designCheck: 'skip'` is passed. The check runs once per
 * model object, so building a repository per request stays cheap.
 *
 * @example
 * const db = new TableRepository(client, model, { tableName: 'research-dev' });
 * const jobs = db.entity('job');
 * const page = await db.query('listJobsByStatus', { status: 'running' }, { limit: 20 });
 * const { job, finding } = await db.collection('getJobWithFindings', { id: '42' });
 */
export class TableRepository<M extends ModelDefinition> {
  readonly tableName: string;
  readonly capacity: CapacityLedger;
  private readonly context: RepositoryContext;
  private readonly repositories = new Map<string, EntityRepository<never>>();

  constructor(
    client: DynamoDBClient | DynamoDBDocumentClient,
    readonly model: M,
    options: TableRepositoryOptions = {},
  ) {
    requireServedPatterns(model, options.designCheck);
    this.tableName = options.tableName ?? model.table.name;
    this.capacity = options.sender?.capacity ?? options.capacity ?? new CapacityLedger();
    this.context = {
      model,
      tableName: this.tableName,
      sender: options.sender ?? createCommandSender(client, this.capacity),
      cursors: createCursorCodec(options.cursorSecret ?? `monotable:${model.table.name}`),
      now: options.now ?? Date.now,
      retry: { ...defaultRetryOptions, ...options.retry },
    };
  }

  /** The repository of entity `name`. */
  entity<N extends ModelEntityName<M>>(name: N): EntityRepository<ModelEntity<M, N>> {
    let repository = this.repositories.get(name);
    if (!repository) {
      repository = new EntityRepository(entityByName(this.model, name) as never, this.context);
      this.repositories.set(name, repository);
    }
    return repository as unknown as EntityRepository<ModelEntity<M, N>>;
  }

  /**
   * One page of an access pattern (a Query on the table or the index it names), with an opaque
   * cursor for the next page. A tampered cursor throws `InvalidCursorError`. Eventually
   * consistent unless `consistent: true` or the pattern declares `consistentRead`.
   */
  async query<N extends ModelPatternName<M>>(
    pattern: N,
    params: ModelPatternParams<M, N>,
    options: PatternPageOptions<M, N> = {},
  ): Promise<{ items: PatternItem<M, N>[]; cursor?: string }> {
    const definition = patternByName(this.model, pattern);
    const page = await queryPatternPage(this.context, definition, params as Record<string, unknown>, options);
    const items = page.items.map((stored) => this.decode(stored)) as PatternItem<M, N>[];
    return page.cursor ? { items, cursor: page.cursor } : { items };
  }

  /** Every item of a pattern (all pages), split per entity: a parent and its children in one Query. */
  async collection<N extends ModelPatternName<M>>(
    pattern: N,
    params: ModelPatternParams<M, N>,
    options: Pick<PatternPageOptions<M, N>, 'consistent'> = {},
  ): Promise<Collection<M, N>> {
    const definition = patternByName(this.model, pattern);
    const out: Record<string, unknown[]> = Object.fromEntries(definition.config.entities.map((name) => [name, []]));
    for (const stored of await queryPatternAll(this.context, definition, params as Record<string, unknown>, options)) {
      const name = stored[this.model.table.entityTypeAttribute] as string;
      out[name]?.push(this.decode(stored));
    }
    return out as Collection<M, N>;
  }

  /**
   * Runs actions of any entities all-or-nothing (`TransactionCancelledError` names the failing
   * items; `TransactionConflictError`, retryable, when a transaction in flight held one of them).
   */
  async transact(
    actions: readonly (TransactAction | Promise<TransactAction>)[],
    options: { readonly clientRequestToken?: string } = {},
  ): Promise<void> {
    await transactWrite(this.context.sender, 'transaction', await Promise.all(actions), options);
  }

  private decode(stored: Record<string, unknown>): unknown {
    return fromStoredItem(entityByName(this.model, stored[this.model.table.entityTypeAttribute] as string), stored);
  }
}
