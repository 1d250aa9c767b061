import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { isObjectRecord } from '../shared/plain-object.js';

/** An item as the low-level SDK client sends and receives it (binary as `Uint8Array`). */
export type WireItem = Record<string, AttributeValue>;

/**
 * An attribute value as DynamoDB JSON writes it in a table export: numbers as strings,
 * binary as base64 strings.
 */
export type ExportValue =
  | { S: string }
  | { N: string }
  | { B: string }
  | { BOOL: boolean }
  | { NULL: true }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: string[] }
  | { L: ExportValue[] }
  | { M: Record<string, ExportValue> };

/** Raised (and turned into a line error by the reader) when a value is not well-formed DynamoDB JSON. */
export class MalformedValueError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'MalformedValueError';
  }
}

/**
 * One line of a DynamoDB JSON lines export: `{"Item":{"pk":{"S":"a"},"n":{"N":"1.5"}}}`.
 *
 * @example
 * itemToExportLine({ pk: { S: 'a' }, b: { B: new Uint8Array([1]) } });
 * // '{"Item":{"pk":{"S":"a"},"b":{"B":"AQ=="}}}'
 */
export function itemToExportLine(item: WireItem): string {
  const out: Record<string, ExportValue> = {};
  for (const [name, value] of Object.entries(item)) out[name] = toExportValue(value, name);
  return JSON.stringify({ Item: out });
}

/**
 * Parses one export line back into a wire item. Throws `MalformedValueError` (or `SyntaxError`
 * for invalid JSON) with the path of the offending value.
 */
export function exportLineToItem(line: string): WireItem {
  const parsed: unknown = JSON.parse(line);
  if (!isObjectRecord(parsed) || !isObjectRecord(parsed.Item)) {
    throw new MalformedValueError('$', 'expected {"Item": {…}}');
  }
  const item: WireItem = {};
  for (const [name, value] of Object.entries(parsed.Item)) item[name] = fromExportValue(value, name);
  return item;
}

function toExportValue(value: AttributeValue, path: string): ExportValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: toBase64(value.B) };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.SS !== undefined) return { SS: [...value.SS] };
  if (value.NS !== undefined) return { NS: [...value.NS] };
  if (value.BS !== undefined) return { BS: value.BS.map(toBase64) };
  if (value.L !== undefined) return { L: value.L.map((element, i) => toExportValue(element, `${path}[${i}]`)) };
  if (value.M !== undefined) {
    const map: Record<string, ExportValue> = {};
    for (const [name, element] of Object.entries(value.M)) map[name] = toExportValue(element, `${path}.${name}`);
    return { M: map };
  }
  throw new MalformedValueError(path, 'attribute value without a known type');
}

function fromExportValue(value: unknown, path: string): AttributeValue {
  if (!isObjectRecord(value)) throw new MalformedValueError(path, 'expected an attribute value object');
  const tags = Object.keys(value);
  if (tags.length !== 1) throw new MalformedValueError(path, `expected exactly one type tag, got ${tags.length}`);
  const tag = tags[0];
  const content = value[tag];
  switch (tag) {
    case 'S':
      return { S: expectString(content, path) };
    case 'N':
      return { N: expectString(content, path) };
    case 'B':
      return { B: fromBase64(expectString(content, path), path) };
    case 'BOOL':
      if (typeof content !== 'boolean') throw new MalformedValueError(path, 'BOOL must be true or false');
      return { BOOL: content };
    case 'NULL':
      if (content !== true) throw new MalformedValueError(path, 'NULL must be true');
      return { NULL: true };
    case 'SS':
      return { SS: expectStringArray(content, path) };
    case 'NS':
      return { NS: expectStringArray(content, path) };
    case 'BS':
      return { BS: expectStringArray(content, path).map((text) => fromBase64(text, path)) };
    case 'L':
      if (!Array.isArray(content)) throw new MalformedValueError(path, 'L must be an array');
      return { L: content.map((element, i) => fromExportValue(element, `${path}[${i}]`)) };
    case 'M': {
      if (!isObjectRecord(content)) throw new MalformedValueError(path, 'M must be an object');
      const map: Record<string, AttributeValue> = {};
      for (const [name, element] of Object.entries(content)) map[name] = fromExportValue(element, `${path}.${name}`);
      return { M: map };
    }
    default:
      throw new MalformedValueError(path, `unknown type tag "${tag}"`);
  }
}

function expectString(content: unknown, path: string): string {
  if (typeof content !== 'string') throw new MalformedValueError(path, 'expected a string');
  return content;
}

function expectStringArray(content: unknown, path: string): string[] {
  if (!Array.isArray(content) || !content.every((element) => typeof element === 'string')) {
    throw new MalformedValueError(path, 'expected an array of strings');
  }
  return content as string[];
}

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function fromBase64(text: string, path: string): Uint8Array {
  if (!base64Pattern.test(text)) throw new MalformedValueError(path, 'binary value is not base64');
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
