import type { IndexDefinition, Storage } from '../../storage/storage.js';
import type { CloudBehaviour } from '../cloud-behaviour.js';
import { LaggingReads, type ItemReads } from './lagging-reads.js';
import { RecentChanges, type LagDraws } from './recent-changes.js';
import { recordingStorage } from './recording-storage.js';

/**
 * Eventually consistent reads for one engine (the cloud behaviour's `consistency` lags):
 * the recent changes its writes record, and the two lagging views reads choose from
 * (`reads`). Made only when a lag is set; the engine then uses `storage`, which
 * records every item write, in place of its own.
 *
 * @example
 * const consistency = new EventualConsistency(openedStorage, lags, now);
 * context = { ...context, storage: consistency.storage, consistency };
 */
export class EventualConsistency {
  readonly changes: RecentChanges;
  /** Storage as the engine uses it: every item write recorded in `changes`. */
  readonly storage: Storage;
  /** Eventually consistent reads of tables and their local secondary indexes (replication lag). */
  readonly tableReads: ItemReads;
  /** Reads of global secondary indexes (index lag). */
  readonly globalIndexReads: ItemReads;

  constructor(storage: Storage, lags: LagDraws, now: () => number) {
    this.changes = new RecentChanges(lags);
    this.storage = recordingStorage(storage, this.changes, now);
    this.tableReads = new LaggingReads(storage, this.changes, 'table', now);
    this.globalIndexReads = new LaggingReads(storage, this.changes, 'globalIndexes', now);
  }

  /**
   * The reads a read request makes: storage itself when it is strongly consistent,
   * otherwise the lagging view of what it reads — a global secondary index's (always
   * eventually consistent), or the table's (also for its local secondary indexes, which
   * follow the table). An engine without lags has no `EventualConsistency`: its reads use
   * storage (`context.consistency?.reads(…) ?? context.storage`).
   *
   * @example
   * const reads = context.consistency?.reads(input.ConsistentRead === true, target.index) ?? context.storage;
   */
  reads(consistent: boolean, index?: Pick<IndexDefinition, 'kind'>): ItemReads {
    if (index?.kind === 'global') return this.globalIndexReads;
    return consistent ? this.storage : this.tableReads;
  }
}

/**
 * The engine's eventually consistent reads, when its cloud behaviour sets a lag
 * (`consistency.replicationLagMs`, `consistency.indexLagMs`); `undefined` otherwise. Each
 * change draws its lags from the seed, one per view (a view without a lag sees it at once).
 */
export function eventualConsistencyOf(
  cloud: CloudBehaviour,
  storage: Storage,
  now: () => number,
): EventualConsistency | undefined {
  const { replicationLagMs, indexLagMs } = cloud.options.consistency;
  if (replicationLagMs === undefined && indexLagMs === undefined) return undefined;
  const lags: LagDraws = {
    table: replicationLagMs ? () => cloud.draw(replicationLagMs, 'replication-lag') : () => 0,
    globalIndexes: indexLagMs ? () => cloud.draw(indexLagMs, 'index-lag') : () => 0,
    longest: Math.max(replicationLagMs?.[1] ?? 0, indexLagMs?.[1] ?? 0),
  };
  return new EventualConsistency(storage, lags, now);
}
