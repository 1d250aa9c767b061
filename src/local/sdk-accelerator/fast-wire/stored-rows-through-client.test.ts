import {
  BatchGetItemCommand,
  CreateTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { Answer } from '../../../engine/answer.js';
import { Engine } from '../../../engine/engine.js';
import { StoredItem } from '../../../engine/storage/stored-item.js';
import { createLocalClient } from '../../client/create-local-client.js';

// An engine may answer reads with items as stored (`StoredItem`s) to the in-process client,
// which then reads them straight into the SDK's output. Through the client, every output
// must be the one an answer of parsed items gives.

const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
afterAll(() => engine.close());

/** The engine, answering reads with rows where `handle` has items (some already parsed, as a filter leaves them). */
const withRows = {
  answer(operation: string, input: unknown): Answer {
    return new Answer(this.handle(operation, input));
  },
  handle(operation: string, input: unknown): Record<string, unknown> {
    return asRows(engine.handle(operation, input), 0) as Record<string, unknown>;
  },
  close() {},
};

let rowCount = 0;
function asRows(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.map((element) => asRows(element, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    const replaced =
      name === 'Item'
        ? row(member)
        : name === 'Items' && Array.isArray(member)
          ? member.map(row)
          : asRows(member, depth + 1);
    Object.defineProperty(copy, name, { value: replaced, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
function row(item: unknown): StoredItem {
  const stored = new StoredItem(JSON.stringify(item), 1);
  if (rowCount++ % 3 === 0) void stored.item;
  return stored;
}

const plain = createLocalClient({ engine });
const rows = createLocalClient({ engine: withRows });
afterAll(() => {
  plain.destroy();
  rows.destroy();
});

const bytes = new Uint8Array([0, 1, 2, 250, 255]);
const items: Record<string, AttributeValue>[] = [
  {
    pk: { S: 'a' },
    sk: { B: bytes },
    set: { BS: [bytes, new Uint8Array([7])] },
    list: { L: [{ B: bytes }, { M: { x: { NULL: true } } }] },
  },
  {
    pk: { S: 'a' },
    sk: { B: new Uint8Array([9]) },
    n: { N: '1.50' },
    ns: { NS: ['1', '2'] },
    ss: { SS: ['x', 'quote " and \\ backslash'] },
  },
  { pk: { S: 'a' }, sk: { B: new Uint8Array([10]) }, m: { M: { '0': { BOOL: false } } } },
];
// `__proto__` as an own member (a literal would set the prototype instead).
ownMember(items[2], '__proto__', { S: 'own member' });
ownMember((items[2].m as { M: Record<string, AttributeValue> }).M, '__proto__', { B: bytes });

function ownMember(target: object, name: string, value: AttributeValue): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

describe('stored rows through the in-process client', () => {
  it('give the outputs parsed items give', async () => {
    await plain.send(
      new CreateTableCommand({
        TableName: 'rows',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'B' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    for (const Item of items) await plain.send(new PutItemCommand({ TableName: 'rows', Item }));
    const key = { pk: items[0].pk, sk: items[0].sk };
    const commands = [
      () =>
        new QueryCommand({
          TableName: 'rows',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': { S: 'a' } },
        }),
      () =>
        new QueryCommand({
          TableName: 'rows',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': { S: 'a' } },
          Limit: 2,
          ScanIndexForward: false,
        }),
      () => new ScanCommand({ TableName: 'rows' }),
      () => new GetItemCommand({ TableName: 'rows', Key: key }),
      () =>
        new BatchGetItemCommand({
          RequestItems: { rows: { Keys: items.map((item) => ({ pk: item.pk, sk: item.sk })) } },
        }),
      () =>
        new TransactGetItemsCommand({
          TransactItems: [
            { Get: { TableName: 'rows', Key: key } },
            { Get: { TableName: 'rows', Key: { pk: { S: 'none' }, sk: { B: bytes } } } },
          ],
        }),
    ];
    for (const command of commands) {
      const expected = withoutMetadata(await plain.send(command() as never));
      const actual = withoutMetadata(await rows.send(command() as never));
      expect(actual).toStrictEqual(expected);
      expect(Object.keys(actual)).toEqual(Object.keys(expected));
    }
  });
});

function withoutMetadata(output: unknown): Record<string, unknown> {
  const { $metadata: _metadata, ...rest } = output as Record<string, unknown>;
  return rest;
}
