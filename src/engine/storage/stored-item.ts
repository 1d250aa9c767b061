import type { Item } from '../values/attribute-value.js';
import { parseStoredItem } from './stored-item-parser.js';
import type { StoredItemVisitor } from './stored-item-visitor.js';
import { readStoredItem, type AttributeNameMemo } from './stored-text-reader.js';

/**
 * The one form in which storage hands items (and index projections) to the engine: the
 * item as storage holds it, parsed only when something needs its content.
 *
 * - `item`: the item in wire form (parsed on first use, then kept; never changed).
 * - `size`: its DynamoDB size (`itemSize`), as stored; capacity and the 1 MB page limit use it.
 * - `text`: the stored JSON text, exactly `JSON.stringify(item)`: a read that answers the
 *   item unchanged splices it into the answer (`Answer.toJson`) without parsing it.
 * - `read(visitor)`: the text read straight into the values a visitor builds (the
 *   in-process client's SDK-output and document readers), or `undefined` where the reader
 *   gives up and the caller takes `item`.
 *
 * An item read from SQLite keeps the column it came in (`source`, the size digits then the
 * text, see STORED_ITEM_COLUMN) and where the text starts in it, so readers read the text in
 * place (docs/performance.md); `text` cuts it out only when asked.
 */
export class StoredItem {
  private parsed: Item | undefined;
  private cut: string | undefined;

  constructor(
    /** The text, or a string that ends with it from `textStart` on. */
    readonly source: string,
    /** The item's DynamoDB size, or {@link SIZE_NOT_READ} for a row read without it. */
    private readonly storedSize: number,
    readonly textStart = 0,
    /** Where recurring attribute names are kept between reads: the storage's that read the row. */
    readonly names?: AttributeNameMemo,
  ) {}

  /** The item's DynamoDB size (the `size` column). Only for rows read with it (`hasSize`). */
  get size(): number {
    if (this.storedSize === SIZE_NOT_READ) throw new Error('This stored row was read without its size');
    return this.storedSize;
  }

  /** Whether the row was read with its size: reads that need no sizes skip them (see RangeRequest.withSizes). */
  get hasSize(): boolean {
    return this.storedSize !== SIZE_NOT_READ;
  }

  /** The length of `text`, without cutting it out. */
  get textLength(): number {
    return this.source.length - this.textStart;
  }

  get text(): string {
    if (this.textStart === 0) return this.source;
    return (this.cut ??= this.source.slice(this.textStart));
  }

  get item(): Item {
    return (this.parsed ??= parseStoredItem(this.source, this.textStart, this.names));
  }

  /**
   * The item read from the text straight into the values `visitor` builds, or `undefined`
   * where the reader gives up (the caller then takes `item`). Not cached, and not shared
   * with `item`.
   */
  read<Value>(visitor: StoredItemVisitor<Value>): Record<string, Value> | undefined {
    return readStoredItem(this.source, this.textStart, visitor, this.names);
  }

  /** The item if something has parsed it already (a filter or a projection may have; it may then be shared). */
  get parsedItem(): Item | undefined {
    return this.parsed;
  }
}

/**
 * The one column reads select for a row: its size in decimal digits, then its JSON text
 * (which starts with `{`). The SQLite driver hands a single plucked column over far cheaper
 * than a row of two (no array per row), which is most of what a read of small items costs.
 */
export const STORED_ITEM_COLUMN = 'size || data';

/** What a row read without its size holds in place of one. */
export const SIZE_NOT_READ = -1;

/**
 * An item's DynamoDB size is at most three times the length of its stored text: a name or
 * string takes at most 3 UTF-8 bytes per UTF-16 unit, a number at most 21 bytes against a
 * text of at least 9, a binary fewer bytes than its base64, and every other type and every
 * list or map overhead less than the punctuation around it (item-size.test.ts checks it).
 */
export const SIZE_PER_TEXT_UNIT_AT_MOST = 3;

/** The row of a `data` value read alone: its text, without its size. */
export function storedItemWithoutSize(data: string, names?: AttributeNameMemo): StoredItem {
  return new StoredItem(data, SIZE_NOT_READ, 0, names);
}

/** The row of a {@link STORED_ITEM_COLUMN} value. */
export function storedItemOf(column: string, names?: AttributeNameMemo): StoredItem {
  let size = 0;
  let index = 0;
  for (let code = column.charCodeAt(0); code >= 0x30 && code <= 0x39; code = column.charCodeAt(++index)) {
    size = size * 10 + (code - 0x30);
  }
  if (column.charCodeAt(index) !== 0x7b) return unusualStoredRow(column, names);
  return new StoredItem(column, size, index, names);
}

/** A size SQLite wrote otherwise than as plain digits (not written by this engine): read as a number. */
function unusualStoredRow(column: string, names: AttributeNameMemo | undefined): StoredItem {
  const brace = column.indexOf('{');
  return new StoredItem(column.slice(brace), Number(column.slice(0, brace)), 0, names);
}
