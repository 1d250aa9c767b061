import type { AttributeValue, Item } from '../values/attribute-value.js';
import type { StoredItemVisitor } from './stored-item-visitor.js';
import { readStoredItem, type AttributeNameMemo } from './stored-text-reader.js';

/*
 * Stored items read into wire objects. Cutting the strings out of the text and building the
 * objects here (stored-text-reader.ts) takes about a third of `JSON.parse`'s time; any other
 * text, or anything unexpected met on the way, is left to `JSON.parse`.
 */

/**
 * `JSON.parse(text)` of a stored item, equal in every observable way (members, their
 * order, own `__proto__` members, prototypes). Strings may share memory with `text`.
 * With `start`, the item is the text from there on (see StoredItem); with `names`,
 * attribute names recurring from the last item read with it are reused.
 */
export function parseStoredItem(text: string, start = 0, names?: AttributeNameMemo): Item {
  return (
    (readStoredItem(text, start, WIRE_OBJECTS, names) as Item | undefined) ??
    (JSON.parse(start === 0 ? text : text.slice(start)) as Item)
  );
}

/** Each value built with its member literal, so every value of a type shares one shape. */
const WIRE_OBJECTS: StoredItemVisitor<AttributeValue> = {
  string: (text) => ({ S: text }),
  number: (text) => ({ N: text }),
  binary: (base64) => ({ B: base64 }),
  boolean: (value) => ({ BOOL: value }),
  null: (value) => ({ NULL: value }) as AttributeValue,
  strings: (texts) => ({ SS: texts }),
  numbers: (texts) => ({ NS: texts }),
  binaries: (texts) => ({ BS: texts }),
  list: (elements) => ({ L: elements }),
  map: (members) => ({ M: members }),
  ownProtoMember: () => true,
};
