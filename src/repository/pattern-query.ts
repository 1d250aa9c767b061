import type { AccessPatternDefinition, ModelDefinition } from '../model/model.js';
import type { CommandSender } from './command-sender.js';
import type { CursorCodec } from './cursor.js';
import { InvalidCursorError, UnsupportedOperationError } from './errors.js';
import { jsonText } from './json-text.js';
import { buildQueryRequest } from './requests/query-request.js';
import { shardCountFor } from './sharding.js';
import { queryShardedPage } from './sharded-query.js';

/** What a pattern query needs from its repository. */
export interface QueryContext {
  readonly model: ModelDefinition;
  readonly tableName: string;
  readonly sender: CommandSender;
  readonly cursors: CursorCodec;
}

export interface PageOptions {
  readonly limit?: number;
  readonly cursor?: string;
  /**
   * Strongly consistent (`true`) or eventually consistent (`false`) read; default: the pattern's
   * declared `consistentRead`, else eventually consistent, as DynamoDB's own default.
   */
  readonly consistent?: boolean;
}

/** One page of stored items and the cursor of the next page (absent on the last one). */
export interface StoredPage {
  readonly items: Record<string, unknown>[];
  readonly cursor?: string;
}

/** The listing a cursor is bound to: table, pattern and parameters. */
export function listingOf(
  tableName: string,
  pattern: AccessPatternDefinition,
  params: Readonly<Record<string, unknown>>,
): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => [name, params[name]]);
  return `${tableName}\n${pattern.name}\n${jsonText(sorted)}`;
}

/** The shard count of the index partition a pattern reads with these parameters, if sharded. */
export function patternShardCount(
  model: ModelDefinition,
  pattern: AccessPatternDefinition,
  params: Readonly<Record<string, unknown>>,
): number | undefined {
  const indexName = pattern.config.index;
  if (indexName === undefined) return undefined;
  for (const entityName of pattern.config.entities) {
    const index = model.entities.find((entity) => entity.name === entityName)?.indexes[indexName];
    const count = index && shardCountFor(index, params);
    if (count !== undefined) return count;
  }
  return undefined;
}

/**
 * Reads one page of an access pattern. Items of entities the pattern does not return (a debug
 * payload in a job's partition) are left out. Sharded index partitions fan out and merge. The read
 * is consistent when `options.consistent` says so, or else when the pattern declares
 * `consistentRead`. A limit that is not a positive integer, or a consistent read on an index
 * (sharded or not), is refused with {@link UnsupportedOperationError} before any request.
 */
export async function queryPatternPage(
  context: QueryContext,
  pattern: AccessPatternDefinition,
  params: Readonly<Record<string, unknown>>,
  options: PageOptions = {},
): Promise<StoredPage> {
  if (options.limit !== undefined && (!Number.isInteger(options.limit) || options.limit < 1)) {
    throw new UnsupportedOperationError(pattern.name, `limit must be a positive integer, got ${options.limit}`);
  }
  // A pattern may declare its reads consistent; the caller's `consistent` decides per read.
  const read = { ...options, consistent: options.consistent ?? pattern.config.consistentRead ?? false };
  const listing = listingOf(context.tableName, pattern, params);
  const shards = patternShardCount(context.model, pattern, params);
  const page =
    shards === undefined
      ? await queryOnePage(context, pattern, params, listing, read)
      : await queryShardedPage(context, pattern, params, shards, listing, read);
  const items = keepPatternEntities(context.model, pattern, page.items);
  return page.cursor ? { items, cursor: page.cursor } : { items };
}

/** One Query of an unsharded partition, resumed from the cursor's `LastEvaluatedKey`. */
async function queryOnePage(
  context: QueryContext,
  pattern: AccessPatternDefinition,
  params: Readonly<Record<string, unknown>>,
  listing: string,
  options: PageOptions,
): Promise<StoredPage> {
  const start = options.cursor === undefined ? undefined : context.cursors.decode(listing, options.cursor);
  if (start !== undefined && (start === null || typeof start !== 'object' || Array.isArray(start)))
    throw new InvalidCursorError('malformed');
  const input = buildQueryRequest(context.tableName, context.model, pattern, params, {
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(start ? { exclusiveStartKey: start as Record<string, unknown> } : {}),
    ...(options.consistent ? { consistent: true } : {}),
  });
  const output = await context.sender.query(pattern.name, input);
  const items = (output.Items ?? []) as Record<string, unknown>[];
  return output.LastEvaluatedKey
    ? { items, cursor: context.cursors.encode(listing, output.LastEvaluatedKey) }
    : { items };
}

/** Reads every page of a pattern (a collection: parent and children, one Query per page). */
export async function queryPatternAll(
  context: QueryContext,
  pattern: AccessPatternDefinition,
  params: Readonly<Record<string, unknown>>,
  options: { readonly consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPatternPage(context, pattern, params, { ...options, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

function keepPatternEntities(
  model: ModelDefinition,
  pattern: AccessPatternDefinition,
  items: Record<string, unknown>[],
): Record<string, unknown>[] {
  const wanted = new Set<string>(pattern.config.entities);
  return items.filter((item) => wanted.has(item[model.table.entityTypeAttribute] as string));
}
