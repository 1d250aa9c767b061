import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { WireItem } from './export-json.js';
import { JsonNumber, parseLosslessJson, type LosslessJson } from './lossless-json.js';

/** One row of an ADR-shaped table: `pk`, `sk`, `data` (JSON text), `created_at`. */
export interface AdrRow {
  readonly pk: unknown;
  readonly sk: unknown;
  readonly data: unknown;
  readonly created_at: unknown;
}

/** Why a row cannot become an item (the caller adds the row's table and key). */
export class AdrMappingError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AdrMappingError';
  }
}

/**
 * Maps an ADR row to a DynamoDB item: the `pk`/`sk` columns become the string key attributes
 * `pk`/`sk` (they win over same-named fields in `data`), each field of the `data` object
 * becomes an attribute (string → S, number → N with its exact digits, boolean → BOOL,
 * null → NULL, array → L, object → M), and `created_at` is kept as an attribute unless
 * `data` already has one.
 *
 * @example
 * adrRowToItem({ pk: 'nvidia-dec', sk: 'META', data: '{"title":"t","round":3}', created_at: '2026-02-02' });
 * // { pk: { S: 'nvidia-dec' }, sk: { S: 'META' }, title: { S: 't' }, round: { N: '3' }, created_at: { S: '2026-02-02' } }
 */
export function adrRowToItem(row: AdrRow): WireItem {
  const pk = keyText(row.pk, 'pk');
  const sk = keyText(row.sk, 'sk');
  const dataText =
    typeof row.data === 'string' ? row.data : Buffer.isBuffer(row.data) ? row.data.toString('utf8') : undefined;
  if (dataText === undefined) throw new AdrMappingError('the data column is not JSON text');
  let data: LosslessJson;
  try {
    data = parseLosslessJson(dataText);
  } catch (error) {
    throw new AdrMappingError(`the data column is not valid JSON: ${(error as Error).message}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data) || data instanceof JsonNumber) {
    throw new AdrMappingError('the data column must hold a JSON object');
  }
  const item: WireItem = {};
  for (const [name, value] of Object.entries(data)) item[name] = jsonToAttributeValue(value);
  if (item.created_at === undefined && row.created_at !== null && row.created_at !== undefined) {
    item.created_at = columnToAttributeValue(row.created_at);
  }
  item.pk = { S: pk };
  item.sk = { S: sk };
  return item;
}

/** Converts a JSON value (numbers kept as text) to an attribute value. */
export function jsonToAttributeValue(value: LosslessJson): AttributeValue {
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value instanceof JsonNumber) return { N: value.text };
  if (Array.isArray(value)) return { L: value.map(jsonToAttributeValue) };
  const map: Record<string, AttributeValue> = {};
  for (const [name, element] of Object.entries(value)) map[name] = jsonToAttributeValue(element);
  return { M: map };
}

function keyText(value: unknown, column: string): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'bigint'
        ? String(value)
        : undefined;
  if (text === undefined) throw new AdrMappingError(`the ${column} column is not text`);
  if (text === '') throw new AdrMappingError(`the ${column} column is empty, and DynamoDB keys cannot be`);
  return text;
}

function columnToAttributeValue(value: unknown): AttributeValue {
  if (typeof value === 'bigint' || typeof value === 'number') return { N: String(value) };
  if (Buffer.isBuffer(value)) return { B: new Uint8Array(value) };
  return { S: String(value) };
}
