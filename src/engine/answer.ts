import { StoredRow } from './storage/stored-row.js';
import type { Item } from './values/attribute-value.js';
import { isPlainObject } from '../shared/plain-object.js';

/**
 * Read operations answer with the rows storage returned, unparsed, wherever the item goes
 * out as stored (no projection, no LSI fetch): `Engine.handle` parses them into items,
 * `Engine.handleAsJson` splices their text into the JSON body. One operation code path
 * serves both.
 */
export type AnswerItem = Item | StoredRow;

/**
 * A member of an answer that writes itself both ways (GetRecords' page of records, read
 * from stored texts): `Engine.handleAsJson` splices its text, `Engine.handle` takes its
 * value. Either is made only when asked for.
 */
export abstract class SelfWrittenValue {
  /** `JSON.stringify(this.value())`. */
  abstract text(): string;
  abstract value(): unknown;
}

/**
 * How deep rows may sit in an answer: `Item` (GetItem, depth 1), `Items[i]` (Query, Scan:
 * 2), `Responses.<table>[i]` (BatchGetItem: 3), `Responses[i].Item` (TransactGetItems: 3).
 * Deeper values are plain JSON, written and kept as they are.
 */
const ROW_DEPTH = 3;

/** The item an answer item stands for (parsing a row on first use). */
export function itemOfAnswer(item: AnswerItem): Item {
  return item instanceof StoredRow ? item.item : item;
}

/** The answer with every row replaced by its parsed item: what `handle` returns. */
export function materializeAnswer(answer: Record<string, unknown>): Record<string, unknown> {
  return materialize(answer, 0) as Record<string, unknown>;
}

function materialize(value: unknown, depth: number): unknown {
  if (value instanceof StoredRow) return value.item;
  if (value instanceof SelfWrittenValue) return value.value();
  if (depth >= ROW_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const element = value[index] as unknown;
      const replaced = materialize(element, depth + 1);
      if (replaced !== element) (copy ??= value.slice())[index] = replaced;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    const replaced = materialize(member, depth + 1);
    if (replaced !== member) (copy ??= { ...value })[key] = replaced;
  }
  return copy ?? value;
}

/**
 * `JSON.stringify(materializeAnswer(answer))`, without parsing the rows: their stored
 * text is what `JSON.stringify` of their item writes (stored-row.ts).
 */
export function answerText(answer: Record<string, unknown>): string {
  return write(answer, 0) as string;
}

/** As `JSON.stringify(value)` (undefined for what it omits), splicing rows' text. */
function write(value: unknown, depth: number): string | undefined {
  if (value instanceof StoredRow) return value.text;
  if (value instanceof SelfWrittenValue) return value.text();
  if (depth >= ROW_DEPTH || value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += write(value[index], depth + 1) ?? 'null';
    }
    return `${text}]`;
  }
  // Anything JSON.stringify treats specially (toJSON, boxed primitives) it writes itself.
  if (!isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value);
  let text = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = write((value as Record<string, unknown>)[key], depth + 1);
    if (member === undefined) continue;
    text += `${(first ? '' : ',') + JSON.stringify(key)}:${member}`;
    first = false;
  }
  return `${text}}`;
}
