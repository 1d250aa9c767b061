import type { AccessPatternDefinition } from '../model/model.js';
import type { TemplateIndexDefinition } from '../model/table.js';
import { InvalidCursorError } from './errors.js';
import type { PageOptions, QueryContext, StoredPage } from './pattern-query.js';
import { buildQueryRequest } from './requests/query-request.js';

/** Where each shard stands: not started, continue after a key, or exhausted. */
type ShardPosition = null | { readonly after: Record<string, unknown> } | 'done';

/**
 * One page of a write-sharded index partition: every shard is queried (up to `limit` each), the
 * results are merged in sort-key order, the first `limit` kept, and one cursor records where each
 * shard stands — the position after the last item *taken* from it, so nothing is skipped or
 * repeated. Items of entities the pattern does not return are left in; the caller filters them.
 */
export async function queryShardedPage(
  context: QueryContext,
  pattern: AccessPatternDefinition,
  params: Readonly<Record<string, unknown>>,
  shardCount: number,
  listing: string,
  options: PageOptions,
): Promise<StoredPage> {
  const positions = decodePositions(context, listing, options.cursor, shardCount);
  // Only template-keyed indexes are sharded (the model refuses shards on attribute-keyed ones).
  const index = context.model.table.indexes[pattern.config.index as string] as TemplateIndexDefinition;
  const { partitionKey: tablePk, sortKey: tableSk } = context.model.table;
  const sortKeyName = index.sortKey;
  const descending = pattern.config.order === 'descending';
  // Every shard's request is built (and refused, e.g. a consistent read on the index) before any is sent.
  const inputs = positions.map((position, shard) =>
    position === 'done'
      ? undefined
      : buildQueryRequest(context.tableName, context.model, pattern, params, {
          shard,
          ...(options.limit !== undefined ? { limit: options.limit } : {}),
          ...(position ? { exclusiveStartKey: position.after } : {}),
          ...(options.consistent ? { consistent: true } : {}),
        }),
  );
  const results = await Promise.all(
    inputs.map(async (input, shard) => {
      if (input === undefined) return { shard, items: [] as Record<string, unknown>[], last: undefined };
      const output = await context.sender.query(pattern.name, input);
      return { shard, items: (output.Items ?? []) as Record<string, unknown>[], last: output.LastEvaluatedKey };
    }),
  );
  const merged = results.flatMap(({ shard, items }) => items.map((item, position) => ({ shard, position, item })));
  // Sort-key order across shards; ties keep each shard's own order, so a shard's position stays exact.
  merged.sort((a, b) => {
    const bySortKey = sortKeyName ? compareBytes(a.item[sortKeyName], b.item[sortKeyName]) : 0;
    if (bySortKey !== 0) return descending ? -bySortKey : bySortKey;
    return a.shard - b.shard || a.position - b.position;
  });
  const taken = options.limit === undefined ? merged : merged.slice(0, options.limit);
  const next: ShardPosition[] = results.map(({ shard, items, last }) => {
    const position = positions[shard];
    if (position === 'done') return 'done';
    const fromShard = taken.filter((entry) => entry.shard === shard);
    if (fromShard.length === items.length) return last ? { after: last } : 'done';
    if (fromShard.length === 0) return position;
    const lastTaken = fromShard[fromShard.length - 1].item;
    const keyNames = [tablePk, tableSk, index.partitionKey, ...(sortKeyName ? [sortKeyName] : [])];
    return { after: Object.fromEntries(keyNames.map((name) => [name, lastTaken[name]])) };
  });
  const items = taken.map((entry) => entry.item);
  return next.every((position) => position === 'done')
    ? { items }
    : { items, cursor: context.cursors.encode(listing, next) };
}

function decodePositions(
  context: QueryContext,
  listing: string,
  cursor: string | undefined,
  shardCount: number,
): ShardPosition[] {
  if (cursor === undefined) return Array.from({ length: shardCount }, () => null);
  const state = context.cursors.decode(listing, cursor);
  const valid =
    Array.isArray(state) &&
    state.length === shardCount &&
    state.every(
      (p) =>
        p === null ||
        p === 'done' ||
        (typeof p === 'object' && p !== null && typeof (p as { after?: unknown }).after === 'object'),
    );
  if (!valid) throw new InvalidCursorError('malformed');
  return state as ShardPosition[];
}

function compareBytes(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return Buffer.compare(Buffer.from(String(a ?? ''), 'utf8'), Buffer.from(String(b ?? ''), 'utf8'));
}
