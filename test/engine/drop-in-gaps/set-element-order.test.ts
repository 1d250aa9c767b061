import {
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { beforeAll, expect, it } from 'vitest';
import { createTable, describeOnTargets } from './targets.js';

// DynamoDB defines no set order; monotable returns DynamoDB Local's (see src/engine/values/set-order.ts).
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byUnsignedBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b);
const bySignedBytes = (a: Uint8Array, b: Uint8Array) => {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = (((a[index] as number) << 24) >> 24) - (((b[index] as number) << 24) >> 24);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
};
const hex = (values: readonly Uint8Array[] | undefined) =>
  (values ?? []).map((value) => Buffer.from(value).toString('hex'));
const bytes = (...texts: string[]) => texts.map((text) => Uint8Array.from(Buffer.from(text, 'hex')));

/** A small seeded generator, so a failing sample can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function randomSets(count: number): { SS: string[]; NS: string[]; BS: Uint8Array[] }[] {
  const random = generator(20261201);
  const pick = <T>(choices: readonly T[]): T => choices[Math.floor(random() * choices.length)] as T;
  // Units on both sides of the surrogate range tell UTF-16 order from UTF-8 order.
  const characters = [
    'a',
    'B',
    'z',
    '0',
    '~',
    ' ',
    'é',
    '\u00ff',
    '\u4e2d',
    '\ue000',
    '\uffee',
    '\u{1f600}',
    '\u{10000}',
  ];
  const distinct = <T>(make: () => T, key: (value: T) => string): T[] => {
    const seen = new Map<string, T>();
    const wanted = 1 + Math.floor(random() * 10);
    for (let attempt = 0; attempt < 40 && seen.size < wanted; attempt++) {
      const value = make();
      if (!seen.has(key(value))) seen.set(key(value), value);
    }
    return [...seen.values()];
  };
  return Array.from({ length: count }, () => ({
    SS: distinct(() => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(characters)).join(''), String),
    NS: distinct(
      () => (random() * 2000 - 1000).toFixed(Math.floor(random() * 3)),
      (text) => String(Number(text)),
    ),
    BS: distinct(
      () => Uint8Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick([0, 1, 0x41, 0x7f, 0x80, 0xc8, 0xff])),
      (value) => Buffer.from(value).toString('hex'),
    ),
  }));
}

describeOnTargets(
  'set element order',
  (target) => {
    let client: DynamoDBClient;
    let tableName: string;
    beforeAll(async () => {
      client = await target.client();
      tableName = await createTable(client, 'set-order');
    });
    // DynamoDB Local 3.3.1 returns a binary set written whole in signed-byte order; monotable
    // follows 1.25.1, which uses unsigned bytes throughout (as DynamoDB orders B values).
    const wholeBinaryOrder = target.name === 'dynamodb-local-3' ? bySignedBytes : byUnsignedBytes;

    async function stored(pk: string): Promise<Record<string, AttributeValue>> {
      const answer = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: pk } } }));
      return answer.Item ?? {};
    }

    it('returns string sets by UTF-16 code units, number sets numerically and binary sets by bytes', async () => {
      const item = {
        pk: { S: 'fixed' },
        ss: { SS: ['b', '\u{10000}', 'a', 'B', '\uffee', 'ab', '\ue000', ''.padEnd(1, 'z')] },
        ns: { NS: ['10', '-1', '1E-2', '2.50', '-100', '0', '1e2'] },
        bs: { BS: bytes('80', '01', 'ff', '00', '0001', '7f') },
      };
      await client.send(new PutItemCommand({ TableName: tableName, Item: item }));
      const back = await stored('fixed');
      expect(back.ss?.SS).toEqual(['B', 'a', 'ab', 'b', 'z', '\u{10000}', '\ue000', '\uffee']);
      expect(back.ns?.NS).toEqual(['-100', '-1', '0', '0.01', '2.5', '10', '100']);
      expect(hex(back.bs?.BS)).toEqual(hex(bytes('80', '01', 'ff', '00', '0001', '7f').sort(wholeBinaryOrder)));
    });

    it('keeps that order for random sets written by PutItem and read by GetItem and Scan', async () => {
      const samples = randomSets(40);
      for (const [index, sample] of samples.entries()) {
        await client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: { pk: { S: `random-${index}` }, ss: { SS: sample.SS }, ns: { NS: sample.NS }, bs: { BS: sample.BS } },
          }),
        );
      }
      for (const [index, sample] of samples.entries()) {
        const back = await stored(`random-${index}`);
        expect(back.ss?.SS, `sample ${index}`).toEqual([...sample.SS].sort(byCodeUnits));
        expect(
          back.ns?.NS?.map((text) => Number(text) + 0),
          `sample ${index}`,
        ).toEqual(sample.NS.map((text) => Number(text) + 0).sort((a, b) => a - b));
        expect(hex(back.bs?.BS), `sample ${index}`).toEqual(hex([...sample.BS].sort(wholeBinaryOrder)));
      }
      const scanned = await client.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'begins_with(pk, :random)',
          ExpressionAttributeValues: { ':random': { S: 'random-' } },
        }),
      );
      for (const item of scanned.Items ?? []) {
        const sample = samples[Number(item.pk?.S?.slice('random-'.length))];
        expect(item.ss?.SS).toEqual([...(sample?.SS ?? [])].sort(byCodeUnits));
      }
    });

    it('sorts the result of ADD and DELETE, also in nested sets and in ReturnValues', async () => {
      await client.send(
        new PutItemCommand({
          TableName: tableName,
          Item: {
            pk: { S: 'updated' },
            ss: { SS: ['d', 'b', 'x'] },
            ns: { NS: ['5', '1', '30'] },
            bs: { BS: bytes('80', '01', 'ff') },
            m: { M: { nested: { SS: ['z', 'a'] } } },
          },
        }),
      );
      const added = await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: 'updated' } },
          UpdateExpression: 'ADD ss :ss, ns :ns, bs :bs, m.nested :nested',
          ExpressionAttributeValues: {
            ':ss': { SS: ['c', 'a', 'y'] },
            ':ns': { NS: ['7', '-2', '100'] },
            ':bs': { BS: bytes('7f', '00', 'c8') },
            ':nested': { SS: ['m', 'b'] },
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      expect(added.Attributes?.ss?.SS).toEqual(['a', 'b', 'c', 'd', 'x', 'y']);
      expect(added.Attributes?.ns?.NS).toEqual(['-2', '1', '5', '7', '30', '100']);
      expect(hex(added.Attributes?.bs?.BS)).toEqual(['00', '01', '7f', '80', 'c8', 'ff']);
      expect(added.Attributes?.m?.M?.nested?.SS).toEqual(['a', 'b', 'm', 'z']);
      await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: 'updated' } },
          UpdateExpression: 'DELETE ss :ss, ns :ns, bs :bs',
          ExpressionAttributeValues: { ':ss': { SS: ['c', 'zz'] }, ':ns': { NS: ['7'] }, ':bs': { BS: bytes('00') } },
        }),
      );
      const back = await stored('updated');
      expect(back.ss?.SS).toEqual(['a', 'b', 'd', 'x', 'y']);
      expect(back.ns?.NS).toEqual(['-2', '1', '5', '30', '100']);
      expect(hex(back.bs?.BS)).toEqual(['01', '7f', '80', 'c8', 'ff']);
    });

    it('sorts sets set whole by an update expression', async () => {
      const answer = await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: 'set-whole' } },
          UpdateExpression: 'SET ss = :ss, ns = :ns ADD fresh :ss',
          ExpressionAttributeValues: { ':ss': { SS: ['q', 'e', 'k'] }, ':ns': { NS: ['3', '1', '2'] } },
          ReturnValues: 'ALL_NEW',
        }),
      );
      expect(answer.Attributes?.ss?.SS).toEqual(['e', 'k', 'q']);
      expect(answer.Attributes?.fresh?.SS).toEqual(['e', 'k', 'q']);
      expect(answer.Attributes?.ns?.NS).toEqual(['1', '2', '3']);
    });
  },
  ['dynamodb-local', 'dynamodb-local-3'],
);
