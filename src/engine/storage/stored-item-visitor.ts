/**
 * What a reader of stored items builds, one callback per kind of attribute value: the
 * stored-text reader (stored-text-reader.ts) lexes the text and calls these with the
 * strings it cut out, and the members and elements the visitor built for nested values.
 * The engine's wire-object reader (stored-item-parser.ts) is one visitor; readers outside
 * the engine (the in-process client's SDK-output and document readers) are others.
 *
 * Any callback may throw {@link GIVE_UP}: the read then answers `undefined` and the caller
 * takes the parsed item instead (`StoredItem.item`).
 *
 * @example
 * const plain: StoredItemVisitor<unknown> = {
 *   string: (text) => text, number: Number, binary: (base64) => base64,
 *   boolean: (value) => value, null: () => null,
 *   strings: (texts) => new Set(texts), numbers: (texts) => new Set(texts.map(Number)),
 *   binaries: (texts) => new Set(texts), list: (elements) => elements, map: (members) => members,
 *   ownProtoMember: () => false,
 * };
 */
export interface StoredItemVisitor<Value> {
  /** An `S` value's characters. */
  string(text: string): Value;
  /** An `N` value's digits, as stored. */
  number(text: string): Value;
  /** A `B` value's base64 text, as stored. */
  binary(base64: string): Value;
  /** A `BOOL` value. */
  boolean(value: boolean): Value;
  /** A `NULL` value (stored as `true`). */
  null(value: boolean): Value;
  /** An `SS` value's strings: an array of the reader's own, the visitor may keep it. */
  strings(texts: string[]): Value;
  /** An `NS` value's digit strings: an array of the reader's own. */
  numbers(texts: string[]): Value;
  /** A `BS` value's base64 strings: an array of the reader's own. */
  binaries(texts: string[]): Value;
  /** An `L` value, its elements built by this visitor. */
  list(elements: Value[]): Value;
  /** An `M` value, its members built by this visitor (a plain object of the reader's own). */
  map(members: Record<string, Value>): Value;
  /**
   * Whether a member named `__proto__` is kept as an own member (as `JSON.parse` keeps it):
   * `false` gives up on the item. `topLevel` for an attribute of the item, else a member of an `M`.
   */
  ownProtoMember(topLevel: boolean): boolean;
}

/** Thrown by a visitor to give up on an item (the read answers `undefined`). */
export const GIVE_UP: Error = new Error('unexpected stored item text');
