import type { AttributeValue, CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { WireItem } from '../../../src/transfer/index.js';

/** A table keyed by a string and a number, with a GSI keyed by binary, to carry every attribute type. */
export function everyTypeTable(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
      { AttributeName: 'gsi1pk', AttributeType: 'B' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'gsi1',
        KeySchema: [{ AttributeName: 'gsi1pk', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  };
}

const bytes = (...values: number[]) => new Uint8Array(values);

function nested(depth: number): AttributeValue {
  return depth === 0
    ? { S: 'bottom' }
    : depth % 2 === 0
      ? { L: [nested(depth - 1)] }
      : { M: { level: nested(depth - 1) } };
}

/** Items that together hold every attribute type and the edge cases of each. */
export function everyTypeItems(fillers = 300): WireItem[] {
  const special: WireItem[] = [
    {
      pk: { S: 'every' },
      sk: { N: '1' },
      empty: { S: '' },
      unicode: { S: 'héllo wörld 🌍 \u0000 "quoted" \\ back' },
      big: { N: '12345678901234567890123456789012345678' },
      fraction: { N: '0.12345678901234567890123456789012345678' },
      negative: { N: '-98765432109876543210987654321098765432' },
      huge: { N: '9.9999999999999999999999999999999999999E+125' },
      tiny: { N: '1E-130' },
      zero: { N: '0' },
      yes: { BOOL: true },
      no: { BOOL: false },
      nothing: { NULL: true },
    },
    {
      pk: { S: 'every' },
      sk: { N: '-12345678901234567890123456789012345678' },
      gsi1pk: { B: bytes(0, 255, 1, 254) },
      blob: { B: bytes(0, 1, 2, 127, 128, 255) },
      emptyBlob: { B: bytes() },
      strings: { SS: ['a', '', 'ünïcode', 'z'] },
      numbers: { NS: ['1', '-1', '12345678901234567890123456789012345678', '0.5'] },
      binaries: { BS: [bytes(1), bytes(0, 0), bytes(255)] },
    },
    {
      pk: { S: 'every' },
      sk: { N: '0.000000000000000000000000000000000000001' },
      list: { L: [{ S: 'x' }, { N: '2' }, { NULL: true }, { L: [] }, { M: {} }, { B: bytes(9) }, { SS: ['s'] }] },
      map: {
        M: {
          'with space': { M: { inner: { L: [{ BOOL: false }, { NS: ['3', '4'] }] } } },
          emptyString: { S: '' },
        },
      },
      emptyList: { L: [] },
      emptyMap: { M: {} },
      deep: nested(30),
    },
    {
      pk: { S: 'large' },
      sk: { N: '1' },
      payload: { S: 'x'.repeat(350 * 1024) },
    },
  ];
  const filler: WireItem[] = Array.from({ length: fillers }, (_, i) => ({
    pk: { S: `filler#${i % 17}` },
    sk: { N: String(i) },
    gsi1pk: { B: bytes(i % 7) },
    text: { S: `item ${i}` },
    amount: { N: `${i}.${String(i).padStart(3, '0')}` },
  }));
  return [...special, ...filler];
}

/**
 * A form of an item in which equal items are equal with `toEqual`: sets sorted (DynamoDB
 * keeps no set order), binary as base64 (Buffer and Uint8Array compare alike).
 */
export function canonicalItem(item: WireItem): unknown {
  return Object.fromEntries(
    Object.entries(item)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => [name, canonicalValue(value)]),
  );
}

function canonicalValue(value: AttributeValue): unknown {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')).sort() };
  if (value.SS !== undefined) return { SS: [...value.SS].sort() };
  if (value.NS !== undefined) return { NS: [...value.NS].sort() };
  if (value.L !== undefined) return { L: value.L.map(canonicalValue) };
  if (value.M !== undefined) return { M: canonicalItem(value.M) };
  return value;
}

/** Items sorted by key, canonical, for comparing whole tables. */
export function canonicalTable(items: readonly WireItem[]): unknown[] {
  return items
    .map((item) => ({ key: JSON.stringify([item.pk, item.sk]), item: canonicalItem(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ item }) => item);
}
