import { StoredItem as ItemAsStored } from './storage/storage.js';
import type { Item } from './values/attribute-value.js';
import { isPlainObject } from '../shared/plain-object.js';

/**
 * Read operations answer with the rows storage returned, unparsed, wherever the item goes
 * out as stored (no projection, no LSI fetch): `Answer.value` parses them into items,
 * `Answer.toJson` splices their text into the JSON body, and a caller with a form of its
 * own reads them with a visitor (`Answer.withStoredItems`). One operation code path
 * serves all three.
 */
export type AnswerItem = Item | ItemAsStored;

/**
 * An item of an answer still held as storage holds it, as `Answer.withStoredItems` leaves
 * it: read it with a visitor of attribute values (`read`, which answers `undefined` where
 * the reader gives up: an escape in the text, a `__proto__` member the visitor refuses),
 * or take its parsed wire item (`item`; `parsedItem` when something parsed it already).
 * The visitor's contract is storage's `StoredItem.read` (storage/stored-item-visitor.ts).
 */
export type StoredItem = Pick<ItemAsStored, 'read' | 'item' | 'parsedItem'>;

/** Whether `value` is a {@link StoredItem} (an item of `Answer.withStoredItems` not yet parsed into wire objects). */
export function isStoredItem(value: unknown): value is StoredItem {
  return value instanceof ItemAsStored;
}

/**
 * One operation's answer, as `Engine.answer` gives it: the same answer as wire objects
 * (`value`), as the JSON text of the body (`toJson`), or with the items it returns as
 * stored left for the caller to read (`withStoredItems`). Each form is made only when
 * asked for; ask for one.
 *
 * @example
 * const answer = engine.answer('GetItem', { TableName: 'jobs', Key: { pk: { S: 'a' } } });
 * answer.toJson(); // '{"Item":{"pk":{"S":"a"}}}', the stored text spliced in
 */
export class Answer {
  /**
   * @param body The answer's members: where items sit (see ROW_DEPTH) they may be stored
   * rows and {@link SelfWrittenValue}s, elsewhere plain wire JSON. A stand-in engine
   * answers with plain wire objects.
   * @param form What `body` may hold beyond plain wire objects: {@link PLAIN_ANSWER} (nothing,
   * it is used as it is), {@link ROWS_ANSWER} (stored rows) or {@link SELF_WRITTEN_ANSWER}
   * (rows and self-written members). The default assumes the most.
   */
  constructor(
    private readonly body: Record<string, unknown>,
    private readonly form: AnswerForm = SELF_WRITTEN_ANSWER,
  ) {}

  /** The answer as wire objects: what `Engine.handle` returns. */
  value(): Record<string, unknown> {
    return this.form === PLAIN_ANSWER ? this.body : materializeAnswer(this.body);
  }

  /** `JSON.stringify(this.value())`, byte for byte, without parsing or re-serializing the items read as stored. */
  toJson(): string {
    return this.form === PLAIN_ANSWER ? JSON.stringify(this.body) : answerText(this.body);
  }

  /**
   * The answer as wire objects except the items it returns as stored, which are
   * {@link StoredItem}s (see `isStoredItem`), for a caller that reads them itself: the
   * in-process client reads them straight into the SDK's output.
   */
  withStoredItems(): Record<string, unknown> {
    return this.form === SELF_WRITTEN_ANSWER ? materializeSelfWritten(this.body) : this.body;
  }
}

/** An answer of plain wire objects (most operations'). */
export const PLAIN_ANSWER = 0;
/** An answer that may hold stored rows (item reads). */
export const ROWS_ANSWER = 1;
/** An answer that may hold stored rows and self-written members (GetRecords). */
export const SELF_WRITTEN_ANSWER = 2;
export type AnswerForm = typeof PLAIN_ANSWER | typeof ROWS_ANSWER | typeof SELF_WRITTEN_ANSWER;

/**
 * A member of an answer that writes itself both ways (GetRecords' page of records, read
 * from stored texts): `Answer.toJson` splices its text, `Answer.value` takes its
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
  return item instanceof ItemAsStored ? item.item : item;
}

/** The answer with every row replaced by its parsed item: what `Answer.value` returns. */
export function materializeAnswer(answer: Record<string, unknown>): Record<string, unknown> {
  return materialize(answer, 0, true) as Record<string, unknown>;
}

/** The answer with self-written members replaced by their values, rows kept. */
function materializeSelfWritten(answer: Record<string, unknown>): Record<string, unknown> {
  return materialize(answer, 0, false) as Record<string, unknown>;
}

function materialize(value: unknown, depth: number, rows: boolean): unknown {
  if (value instanceof ItemAsStored) return rows ? value.item : value;
  if (value instanceof SelfWrittenValue) return value.value();
  if (depth >= ROW_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const element = value[index] as unknown;
      const replaced = materialize(element, depth + 1, rows);
      if (replaced !== element) (copy ??= value.slice())[index] = replaced;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    const replaced = materialize(member, depth + 1, rows);
    if (replaced !== member) (copy ??= { ...value })[key] = replaced;
  }
  return copy ?? value;
}

/**
 * `JSON.stringify(materializeAnswer(answer))`, without parsing the rows: their stored
 * text is what `JSON.stringify` of their item writes (stored-item.ts).
 */
export function answerText(answer: Record<string, unknown>): string {
  return write(answer, 0) as string;
}

/** As `JSON.stringify(value)` (undefined for what it omits), splicing rows' text. */
function write(value: unknown, depth: number): string | undefined {
  if (value instanceof ItemAsStored) return value.text;
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
