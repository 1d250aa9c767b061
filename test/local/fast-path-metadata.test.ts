import { GetItemCommand, ListTablesCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/client/create-local-client.js';
import { newRequestId } from '../../src/local/wire-protocol.js';
import { createSampleTable } from './support/sample-table.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function client(mode: 'fast' | 'full-stack'): DynamoDBClient {
  const created = createLocalClient({ inMemory: true, mode });
  cleanups.push(() => created.destroy());
  return created;
}

const REQUEST_ID = /^[A-Z0-9]{52}$/;

/** `$metadata` with its members in order, the request id checked and replaced. */
function metadataOf(holder: { $metadata?: object }): [string, unknown][] {
  const metadata = (holder.$metadata ?? {}) as Record<string, unknown>;
  expect(metadata.requestId).toMatch(REQUEST_ID);
  return Object.entries(metadata).map(([key, value]) => [key, key === 'requestId' ? 'id' : value]);
}

async function observed(mode: 'fast' | 'full-stack'): Promise<unknown[]> {
  const raw = client(mode);
  await createSampleTable(raw);
  const documents = DynamoDBDocumentClient.from(raw);
  const seen: unknown[] = [];
  seen.push(metadataOf(await raw.send(new ListTablesCommand({}))));
  seen.push(metadataOf(await documents.send(new GetCommand({ TableName: 'app', Key: { pk: 'a', sk: 'b' } }))));
  try {
    await raw.send(new GetItemCommand({ TableName: 'missing', Key: { pk: { S: 'a' } } }));
  } catch (caught) {
    const error = caught as Error & { $metadata: Record<string, unknown>; $response?: { statusCode: number } };
    seen.push({
      name: error.name,
      metadata: metadataOf(error),
      status: error.$response?.statusCode,
      keys: Object.keys(error),
    });
  }
  return seen;
}

describe('fast path metadata', () => {
  it('gives $metadata with the members, order and values of the full stack', async () => {
    expect(await observed('fast')).toEqual(await observed('full-stack'));
  });
});

describe('newRequestId', () => {
  it('gives distinct ids of 52 characters of [A-Z0-9], across pool refills, using the whole alphabet', () => {
    const ids = Array.from({ length: 1000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.join('')).size).toBe(36);
  });
});
