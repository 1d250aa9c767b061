import type { BatchWriteItemCommand, DynamoDBClient, WriteRequest } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { UnprocessedItemsError, type WireItem } from '../../src/transfer/index.js';
import { BatchWriter } from '../../src/transfer/batch-writer.js';
import { writeBatch } from '../../src/transfer/write-batch.js';

/** A client that records BatchWriteItem calls and answers with scripted unprocessed items. */
function fakeClient(unprocessed: (requests: WriteRequest[], call: number) => WriteRequest[] = () => [], delayMs = 0) {
  const calls: WriteRequest[][] = [];
  const stored = new Map<string, WireItem>();
  const client = {
    async send(command: BatchWriteItemCommand) {
      const [[table, requests]] = Object.entries(command.input.RequestItems ?? {});
      calls.push(requests);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs * Math.random()));
      const refused = unprocessed(requests, calls.length);
      for (const request of requests) {
        if (refused.includes(request)) continue;
        const item = request.PutRequest!.Item as WireItem;
        stored.set(`${item.pk.S}|${item.sk?.S}`, item);
      }
      return { UnprocessedItems: refused.length ? { [table]: refused } : {} };
    },
  } as unknown as DynamoDBClient;
  return { client, calls, stored };
}

const item = (i: number, value = 'v'): WireItem => ({
  pk: { S: `P${i % 3}` },
  sk: { S: `S${i}` },
  value: { S: value },
});
const fastRetry = { baseDelayMs: 1, maxDelayMs: 2 };

describe('writeBatch', () => {
  it('re-sends unprocessed items until all are written', async () => {
    const { client, calls, stored } = fakeClient((requests, call) => (call < 3 ? requests.slice(0, 2) : []));
    await writeBatch(client, 't', [item(1), item(2), item(3), item(4)], fastRetry);
    expect(calls.map((requests) => requests.length)).toEqual([4, 2, 2]);
    expect(stored.size).toBe(4);
  });

  it('gives up after the bounded number of fruitless attempts', async () => {
    const { client, calls } = fakeClient((requests) => requests);
    const failure = await writeBatch(client, 't', [item(1)], { ...fastRetry, maxAttempts: 4 }).catch((error) => error);
    expect(failure).toBeInstanceOf(UnprocessedItemsError);
    expect(failure).toMatchObject({ tableName: 't', unprocessedCount: 1, attempts: 4 });
    expect(calls).toHaveLength(4);
  });
});

describe('BatchWriter', () => {
  it('sends at most 25 puts per call and acknowledges lines in order', async () => {
    const acknowledged: number[] = [];
    const { client, calls, stored } = fakeClient(undefined, 5);
    const writer = new BatchWriter({
      client,
      tableName: 't',
      keyAttributes: ['pk', 'sk'],
      concurrency: 3,
      onAcknowledged: (line) => acknowledged.push(line),
    });
    for (let i = 1; i <= 260; i++) await writer.put(item(i), i);
    await writer.flush();
    expect(calls.every((requests) => requests.length <= 25)).toBe(true);
    expect(stored.size).toBe(260);
    expect(acknowledged.at(-1)).toBe(260);
    expect(acknowledged).toEqual([...acknowledged].sort((a, b) => a - b));
  });

  it('keeps two writes of one key in their original order', async () => {
    const { client, calls, stored } = fakeClient(undefined, 5);
    const writer = new BatchWriter({ client, tableName: 't', keyAttributes: ['pk', 'sk'], concurrency: 4 });
    for (let round = 0; round < 5; round++)
      for (let i = 0; i < 30; i++) await writer.put(item(i, `round ${round}`), round * 30 + i);
    await writer.flush();
    for (const requests of calls) {
      const keys = requests.map((request) =>
        JSON.stringify([request.PutRequest!.Item!.pk, request.PutRequest!.Item!.sk]),
      );
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect([...stored.values()].every((stored) => stored.value.S === 'round 4')).toBe(true);
  });

  it('surfaces a failed batch and never acknowledges past it', async () => {
    const acknowledged: number[] = [];
    const { client } = fakeClient((requests, call) => (call === 2 ? requests : []));
    const writer = new BatchWriter({
      client,
      tableName: 't',
      keyAttributes: ['pk', 'sk'],
      concurrency: 1,
      maxAttempts: 1,
      onAcknowledged: (line) => acknowledged.push(line),
    });
    const failure = (async () => {
      for (let i = 1; i <= 100; i++) await writer.put(item(i), i);
      await writer.flush();
    })();
    await expect(failure).rejects.toBeInstanceOf(UnprocessedItemsError);
    expect(Math.max(0, ...acknowledged)).toBe(25);
  });
});
