import type { AnswerItem } from '../answer.js';
import { consumedCapacity, readCapacityUnits } from '../capacity/index.js';
import { parseStoredItem } from '../storage/stored-item-parser.js';
import { SIZE_PER_TEXT_UNIT_AT_MOST, type StoredItem } from '../storage/stored-item.js';
import type { Item } from '../values/attribute-value.js';
import { lastEvaluatedKey } from './exclusive-start-key.js';
import type { Select } from './read-plan.js';
import type { ReadTarget } from './read-target.js';

/** DynamoDB stops a Query or Scan page once it has read 1 MB of items. */
export const PAGE_SIZE_LIMIT_BYTES = 1024 * 1024;

/** How one page of a Query or Scan is assembled from the items storage yields. */
export interface PageOptions {
  /** `Limit`: the most items to *read* (before the filter). */
  readonly limit?: number;
  /** FilterExpression / legacy filter; items it rejects still count as read (`ScannedCount`). */
  readonly filter?: (item: Item) => boolean;
  /** Turns a matching item into the item returned (projection, LSI fetch). */
  readonly shape?: (item: Item) => Item;
  /** `Select: COUNT`: count the matches but return no items (and do not shape them). */
  readonly countOnly?: boolean;
  /** Key attributes a `LastEvaluatedKey` carries: the table keys, plus the index keys on an index. */
  readonly keyAttributeNames: readonly string[];
  /** Page size limit in bytes; DynamoDB's 1 MB unless a test wants a smaller one. */
  readonly pageSizeLimit?: number;
}

/** One page: what the response reports, plus the bytes read for the capacity. */
export interface Page {
  /** Rows returned as stored stay rows (parsed only if the answer needs items). */
  readonly items: AnswerItem[];
  /** Items that passed the filter (`Count`). */
  readonly count: number;
  /** Items read (`ScannedCount`). */
  readonly scannedCount: number;
  /** Present when the page stopped because it was full (by `Limit` or by size), not at the end of the data. */
  readonly lastEvaluatedKey?: Item;
  /** Sum of the stored sizes (DynamoDB's item size) of the items read. */
  readonly bytesRead: number;
}

/**
 * Reads items until the data ends, `Limit` items have been read, or the items read reach
 * the page size limit (the item that crosses it is still part of the page, as DynamoDB
 * does). The filter and the projection apply only afterwards, so neither changes where a
 * page stops. A page that stops full carries a `LastEvaluatedKey` — the key of the last
 * item *read*, matching or not — even when no item follows it: DynamoDB does not look
 * ahead, so a `Limit` equal to the number of remaining items yields one more, empty page.
 *
 * Iteration stops as soon as the page is full, so a lazy source is read no further.
 * A row is parsed only when the filter or the shaping reads it (or it keys the page).
 */
export function readPage(source: Iterable<StoredItem>, options: PageOptions): Page {
  return readPageRows(source, options, false) as Page;
}

/**
 * `readPage` of rows read without their sizes, for a caller that needs no `bytesRead`
 * (no capacity to report): the page is the same as long as the items cannot have reached
 * the page size limit, which an upper bound on their sizes shows (SIZE_PER_TEXT_UNIT_AT_MOST).
 * `undefined` once that bound reaches the limit: the caller then reads again with sizes.
 * The page's `bytesRead` is that bound, not the items' size.
 */
export function readPageWithoutSizes(source: Iterable<StoredItem>, options: PageOptions): Page | undefined {
  return readPageRows(source, options, true);
}

function readPageRows(source: Iterable<StoredItem>, options: PageOptions, bySizeBound: boolean): Page | undefined {
  const sizeLimit = options.pageSizeLimit ?? PAGE_SIZE_LIMIT_BYTES;
  const items: AnswerItem[] = [];
  let count = 0;
  let scannedCount = 0;
  let bytesRead = 0;
  let lastRead: StoredItem | undefined;
  let full = false;

  for (const row of source) {
    scannedCount++;
    if (bySizeBound) {
      bytesRead += SIZE_PER_TEXT_UNIT_AT_MOST * row.textLength;
      // The items might have reached the limit: only their sizes can tell where the page stops.
      if (bytesRead >= sizeLimit) return undefined;
    } else {
      bytesRead += row.size;
    }
    lastRead = row;
    if (!options.filter || options.filter(row.item)) {
      count++;
      if (!options.countOnly) items.push(options.shape ? options.shape(row.item) : row);
    }
    if ((options.limit !== undefined && scannedCount >= options.limit) || bytesRead >= sizeLimit) {
      full = true;
      break; // leaving the loop closes the iterator: storage reads nothing more
    }
  }

  const page: Page = { items, count, scannedCount, bytesRead };
  if (!full || !lastRead) return page;
  // The key comes from its own parse of the row: it shares no value with the items returned
  // (over HTTP nothing is shared either), and a row returned unparsed stays unparsed.
  return {
    ...page,
    lastEvaluatedKey: lastEvaluatedKey(
      parseStoredItem(lastRead.source, lastRead.textStart, lastRead.names),
      options.keyAttributeNames,
    ),
  };
}

/**
 * The body of a Query or Scan response, members in DynamoDB's order. `Items` is absent
 * for `Select: COUNT`; `LastEvaluatedKey` only when the page stopped full.
 */
export function pageResponse(
  page: Page,
  select: Select,
  consumedCapacity: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const response: Record<string, unknown> = {};
  if (select !== 'COUNT') response.Items = page.items;
  response.Count = page.count;
  response.ScannedCount = page.scannedCount;
  if (page.lastEvaluatedKey) response.LastEvaluatedKey = page.lastEvaluatedKey;
  if (consumedCapacity) response.ConsumedCapacity = consumedCapacity;
  return response;
}

/** Bytes a page read, split as DynamoDB bills them. */
export interface ReadBytes {
  /** Items read from the table or the index (before filter and projection), summed. */
  readonly bytesRead: number;
  /** Sizes of the table items fetched one by one for an LSI that does not project what was asked. */
  readonly fetchedItemSizes: readonly number[];
}

/**
 * The `ConsumedCapacity` member of a Query or Scan response (undefined unless asked).
 * The items read are summed and rounded once to 4 KB units; eventually consistent reads
 * cost half. Reading an index bills the index; the table items an LSI fetches are billed
 * to the table, each rounded on its own as a GetItem is.
 */
export function readConsumedCapacity(
  mode: string | undefined,
  target: ReadTarget,
  consistent: boolean,
  bytes: ReadBytes,
): Record<string, unknown> | undefined {
  if (mode === undefined || mode === 'NONE') return undefined;
  const options = { consistent, transactional: false };
  const readUnits = readCapacityUnits(bytes.bytesRead, options);
  const index = target.index;
  if (!index) {
    return consumedCapacity(mode, target.table.name, { table: { read: readUnits } }) as
      | Record<string, unknown>
      | undefined;
  }
  const fetchUnits = bytes.fetchedItemSizes.reduce((sum, size) => sum + readCapacityUnits(size, options), 0);
  const indexUsage = { [index.name]: { read: readUnits } };
  const usage =
    index.kind === 'global'
      ? { table: { read: fetchUnits }, globalIndexes: indexUsage }
      : { table: { read: fetchUnits }, localIndexes: indexUsage };
  return consumedCapacity(mode, target.table.name, usage) as Record<string, unknown> | undefined;
}
