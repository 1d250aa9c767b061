import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  ListTablesCommand,
  ResourceNotFoundException,
  TransactionCanceledException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { closeLocalClient, createLocalClient, localEngineOf } from '../../src/local/client/create-local-client.js';
import { createSampleTable } from './support/sample-table.js';

const FIXED_NOW = Date.UTC(2026, 0, 1);
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function client(mode: 'fast' | 'full-stack' = 'fast'): DynamoDBClient {
  const created = createLocalClient({
    inMemory: true,
    mode,
    engineOptions: { now: () => FIXED_NOW, ttlReapIntervalMs: 0 },
  });
  cleanups.push(() => created.destroy());
  return created;
}

/** A tour of the data plane; returns what the caller observes, minus request ids. */
async function tour(raw: DynamoDBClient): Promise<unknown[]> {
  const documents = DynamoDBDocumentClient.from(raw);
  const seen: unknown[] = [];
  const record = async (run: () => Promise<unknown>): Promise<void> => {
    try {
      const output = (await run()) as { $metadata: object };
      seen.push({ ...output, $metadata: { ...output.$metadata, requestId: undefined } });
    } catch (caught) {
      const error = caught as Error & { $metadata: object };
      seen.push({
        error: error.name,
        message: error.message,
        members: { ...error, $metadata: { ...error.$metadata, requestId: undefined } },
      });
    }
  };
  await record(() => createSampleTable(raw).then(() => ({ $metadata: {} })));
  await record(() =>
    documents.send(
      new PutCommand({
        TableName: 'app',
        Item: { pk: 'JOB#1', sk: 'METADATA', status: 'queued', n: 1, bin: new Uint8Array([1, 2, 3]) },
      }),
    ),
  );
  await record(() =>
    documents.send(
      new BatchWriteCommand({
        RequestItems: {
          app: Array.from({ length: 10 }, (_, i) => ({
            PutRequest: {
              Item: {
                pk: 'JOB#1',
                sk: `FINDING#${String(i).padStart(2, '0')}`,
                gsi1pk: 'STATUS#open',
                gsi1sk: `2026-01-${10 + i}`,
              },
            },
          })),
        },
      }),
    ),
  );
  await record(() =>
    documents.send(
      new GetCommand({ TableName: 'app', Key: { pk: 'JOB#1', sk: 'METADATA' }, ReturnConsumedCapacity: 'TOTAL' }),
    ),
  );
  await record(() =>
    documents.send(
      new QueryCommand({
        TableName: 'app',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'JOB#1' },
      }),
    ),
  );
  await record(() =>
    documents.send(
      new QueryCommand({
        TableName: 'app',
        IndexName: 'GSI1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': 'STATUS#open' },
        ScanIndexForward: false,
        Limit: 3,
      }),
    ),
  );
  await record(() =>
    documents.send(
      new UpdateCommand({
        TableName: 'app',
        Key: { pk: 'JOB#1', sk: 'METADATA' },
        UpdateExpression: 'SET #s = :new ADD n :one',
        ConditionExpression: '#s = :old',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':new': 'running', ':old': 'queued', ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  await record(() =>
    documents.send(
      new UpdateCommand({
        TableName: 'app',
        Key: { pk: 'JOB#1', sk: 'METADATA' },
        UpdateExpression: 'SET #s = :new',
        ConditionExpression: '#s = :old',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':new': 'running', ':old': 'queued' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    ),
  );
  await record(() =>
    documents.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: 'app', Item: { pk: 'JOB#2', sk: 'METADATA' } } },
          {
            ConditionCheck: {
              TableName: 'app',
              Key: { pk: 'JOB#1', sk: 'METADATA' },
              ConditionExpression: 'attribute_not_exists(pk)',
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
        ],
      }),
    ),
  );
  await record(() => documents.send(new GetCommand({ TableName: 'nope', Key: { pk: 'a', sk: 'b' } })));
  await record(() =>
    documents.send(new UpdateCommand({ TableName: 'app', Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'SET' })),
  );
  return seen;
}

describe('createLocalClient', () => {
  it('serves the DocumentClient in-process, identically on the fast path and the full stack', async () => {
    const fast = await tour(client('fast'));
    expect(await tour(client('full-stack'))).toEqual(fast);
    expect(fast[3]).toMatchObject({ Item: { pk: 'JOB#1', status: 'queued', n: 1, bin: new Uint8Array([1, 2, 3]) } });
    expect(fast[4]).toMatchObject({ Count: 11 });
    expect(fast[6]).toMatchObject({ Attributes: { status: 'running', n: 2 } });
  });

  it('throws the SDK exception classes with their members', async () => {
    const raw = client();
    const documents = DynamoDBDocumentClient.from(raw);
    await createSampleTable(raw);
    await documents.send(new PutCommand({ TableName: 'app', Item: { pk: 'a', sk: 'b', bin: new Uint8Array([9]) } }));
    const conditional = await documents
      .send(
        new PutCommand({
          TableName: 'app',
          Item: { pk: 'a', sk: 'b' },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .catch((error: unknown) => error);
    expect(conditional).toBeInstanceOf(ConditionalCheckFailedException);
    expect(conditional).toMatchObject({
      $metadata: { httpStatusCode: 400 },
      $fault: 'client',
      Item: { bin: { B: new Uint8Array([9]) } },
    });
    const missing = await documents
      .send(new GetCommand({ TableName: 'nope', Key: { pk: 'a', sk: 'b' } }))
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    const cancelled = await documents
      .send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: 'app',
                Key: { pk: 'a', sk: 'b' },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      )
      .catch((error: unknown) => error);
    expect(cancelled).toBeInstanceOf(TransactionCanceledException);
    expect((cancelled as TransactionCanceledException).CancellationReasons).toEqual([
      { Code: 'ConditionalCheckFailed', Message: expect.any(String) },
    ]);
  });

  it('exposes and closes its engine', async () => {
    const raw = createLocalClient({ inMemory: true });
    const documents = DynamoDBDocumentClient.from(raw);
    expect(localEngineOf(documents)).toBe(localEngineOf(raw));
    expect(localEngineOf(raw).handle('ListTables', {})).toEqual({ TableNames: [] });
    closeLocalClient(documents);
    expect(() => localEngineOf(raw)).toThrow();

    const engine = new Engine({ inMemory: true });
    const borrowing = createLocalClient({ engine });
    borrowing.destroy();
    expect(engine.handle('ListTables', {})).toEqual({ TableNames: [] });
    engine.close();
  });

  it('keeps data in a SQLite file across clients', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'monotable-local-'));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const path = join(directory, 'data.sqlite');
    const first = createLocalClient({ path });
    await first.send(
      new CreateTableCommand({
        TableName: 'kept',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'B' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }),
    );
    await DynamoDBDocumentClient.from(first).send(
      new PutCommand({ TableName: 'kept', Item: { pk: new Uint8Array([0, 255]), v: 'x' } }),
    );
    first.destroy();
    const second = createLocalClient({ path });
    expect((await second.send(new ListTablesCommand({}))).TableNames).toEqual(['kept']);
    const { Item } = await DynamoDBDocumentClient.from(second).send(
      new GetCommand({ TableName: 'kept', Key: { pk: new Uint8Array([0, 255]) } }),
    );
    expect(Item).toEqual({ pk: new Uint8Array([0, 255]), v: 'x' });
    second.destroy();
  });

  it('gives its client an endpoint-discovery cache of one entry, unless the caller sets the size', () => {
    const capacityOf = (made: { config: object }) =>
      (made.config as { endpointCache: { cache: { capacity: number } } }).endpointCache.cache.capacity;
    const small = createLocalClient({ inMemory: true });
    const sized = createLocalClient({ inMemory: true, clientConfig: { endpointCacheSize: 50 } });
    cleanups.push(
      () => small.destroy(),
      () => sized.destroy(),
    );
    expect(capacityOf(small)).toBe(1);
    expect(capacityOf(sized)).toBe(50);
  });
});
