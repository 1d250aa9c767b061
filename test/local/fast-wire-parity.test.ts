import {
  BatchGetItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ListTablesCommand,
  ListTagsOfResourceCommand,
  TagResourceCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createLocalClient, localEngineOf } from '../../src/local/client/create-local-client.js';
import { sdkProtocolOf } from '../../src/local/sdk-accelerator/sdk-protocol.js';
import { createSampleTable } from './support/sample-table.js';
import { observedOutcome } from './support/observed-outcome.js';

// The data-plane commands take the direct wire conversion on the fast path; the full stack
// runs the SDK's serializer, HTTP handling and deserializer. Against the same engine
// contents both must give identical outputs, errors and engine inputs, also for inputs the
// direct conversion leaves to the SDK (odd members and values).

const bytes = new Uint8Array([0, 1, 2, 250, 255]);

async function tour(mode: 'fast' | 'full-stack'): Promise<unknown[]> {
  const client: DynamoDBClient = createLocalClient({ inMemory: true, mode });
  await createSampleTable(client);
  // Records what the engine receives: every transport calls `answer` (`handle` too goes through it).
  const engine = localEngineOf(client) as unknown as Record<string, (operation: string, input: unknown) => unknown>;
  const received: unknown[] = [];
  for (const entry of ['answer']) {
    const original = engine[entry]?.bind(engine);
    if (!original) continue;
    engine[entry] = (operation, input) => {
      received.push({
        operation,
        input: JSON.parse(
          JSON.stringify(input, (key, value: unknown) => (key === 'ClientRequestToken' ? 'token' : value)),
        ),
      });
      return original(operation, input);
    };
  }
  const item: Record<string, AttributeValue> = {
    pk: { S: 'a' },
    sk: { S: 'b' },
    bin: { B: bytes },
    bins: { BS: [bytes, new Uint8Array([7])] },
    nested: {
      L: [
        { M: { deep: { B: new Uint8Array([9]) }, gone: undefined as unknown as AttributeValue } },
        { NULL: true },
        { NS: ['1', '2'] },
      ],
    },
    empty: { S: '' },
  };
  const calls: (() => Promise<unknown>)[] = [
    () => client.send(new PutItemCommand({ TableName: 'app', Item: item, ReturnConsumedCapacity: 'INDEXES' })),
    () =>
      client.send(
        new GetItemCommand({ TableName: 'app', Key: { pk: { S: 'a' }, sk: { S: 'b' } }, ConsistentRead: true }),
      ),
    () =>
      client.send(
        new UpdateItemCommand({
          TableName: 'app',
          Key: { pk: { S: 'a' }, sk: { S: 'b' } },
          UpdateExpression: 'SET #b = :b, more = list_append(nested, :l)',
          ExpressionAttributeNames: { '#b': 'bin2', unused: undefined } as unknown as Record<string, string>,
          ExpressionAttributeValues: { ':b': { B: new Uint8Array([4, 5]) }, ':l': { L: [{ BS: [bytes] }] } },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    () =>
      client.send(
        new QueryCommand({
          TableName: 'app',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': { S: 'a' } },
          Limit: 1,
        }),
      ),
    () => client.send(new ScanCommand({ TableName: 'app', ReturnConsumedCapacity: 'TOTAL', Select: 'ALL_ATTRIBUTES' })),
    () =>
      client.send(
        new BatchWriteItemCommand({
          RequestItems: {
            app: [
              { PutRequest: { Item: { ...item, sk: { S: 'c' } } } },
              { DeleteRequest: { Key: { pk: { S: 'x' }, sk: { S: 'y' } } } },
            ],
          },
          ReturnItemCollectionMetrics: 'SIZE',
        }),
      ),
    () =>
      client.send(
        new BatchGetItemCommand({
          RequestItems: { app: { Keys: [{ pk: { S: 'a' }, sk: { S: 'c' } }], ProjectionExpression: 'bins, nested' } },
        }),
      ),
    () =>
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: 'app', Item: { pk: { S: 't' }, sk: { S: '1' }, b: { B: bytes } } } },
            {
              ConditionCheck: {
                TableName: 'app',
                Key: { pk: { S: 'a' }, sk: { S: 'b' } },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
          ],
        }),
      ),
    () =>
      client.send(
        new TransactGetItemsCommand({
          TransactItems: [{ Get: { TableName: 'app', Key: { pk: { S: 't' }, sk: { S: '1' } } } }],
        }),
      ),
    // Errors with binary members: the old item and the cancellation reasons.
    () =>
      client.send(
        new PutItemCommand({
          TableName: 'app',
          Item: { pk: { S: 'a' }, sk: { S: 'b' } },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    () =>
      client.send(
        new TransactWriteItemsCommand({
          ClientRequestToken: 'fixed-token',
          TransactItems: [
            {
              Put: {
                TableName: 'app',
                Item: { pk: { S: 'a' }, sk: { S: 'b' } },
                ConditionExpression: 'attribute_not_exists(pk)',
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      ),
    // Inputs the direct conversion leaves to the SDK's serializer.
    () =>
      client.send(
        new GetItemCommand({ TableName: 'app', Key: { pk: { S: 'a' }, sk: { S: 'b' } }, Unknown: 1 } as never),
      ),
    () => client.send(new GetItemCommand({ TableName: 'app', Key: { pk: { S: 5 }, sk: { S: 'b' } } } as never)),
    () =>
      client.send(
        new PutItemCommand({
          TableName: 'app',
          Item: { pk: { S: 'u' }, sk: { S: 'v' }, odd: { $unknown: ['X', 1] } },
        } as never),
      ),
    () =>
      client.send(
        new PutItemCommand({
          TableName: 'app',
          Item: { pk: { S: 'u' }, sk: { S: 'v' }, two: { S: 'x', N: '1' } },
        } as never),
      ),
    () =>
      client.send(
        new QueryCommand({
          TableName: 'app',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': { S: 'a' } },
          Limit: NaN,
        }),
      ),
    () =>
      client.send(
        new DeleteItemCommand({ TableName: 'app', Key: { pk: { S: 'a' }, sk: { S: 'b' } }, ReturnValues: 'ALL_OLD' }),
      ),
  ];
  const results: unknown[] = [];
  for (const call of calls) results.push(await observedOutcome(call));
  results.push(received);
  client.destroy();
  return results;
}

describe('direct wire conversion through createLocalClient', () => {
  it('gives the outputs, errors and engine inputs of the full SDK stack', async () => {
    const fast = await tour('fast');
    const full = await tour('full-stack');
    expect(fast).toEqual(full);
    expect(fast[1]).toMatchObject({
      output: {
        Item: {
          bin: { B: bytes },
          nested: { L: [{ M: { deep: { B: new Uint8Array([9]) } } }, { NULL: true }, { NS: ['1', '2'] }] },
        },
      },
    });
    expect(fast[9]).toMatchObject({
      error: { class: 'ConditionalCheckFailedException', members: { Item: { bin: { B: bytes } } } },
    });
    expect(fast[10]).toMatchObject({ error: { class: 'TransactionCanceledException' } });
  });

  it('uses the SDK serializer and deserializer only for what the direct conversion leaves to them', async () => {
    const client = createLocalClient({ inMemory: true });
    await createSampleTable(client);
    const protocol = sdkProtocolOf(client);
    const used = { serializer: 0, deserializer: 0 };
    const write = protocol.serializer.write.bind(protocol.serializer);
    const readObject = protocol.deserializer.readObject.bind(protocol.deserializer);
    Object.assign(protocol.serializer, {
      write: (schema: unknown, value: unknown) => (used.serializer++, write(schema, value)),
    });
    Object.assign(protocol.deserializer, {
      readObject: (schema: unknown, data: unknown) => (used.deserializer++, readObject(schema, data)),
    });
    await client.send(
      new PutItemCommand({ TableName: 'app', Item: { pk: { S: 'a' }, sk: { S: 'b' }, bin: { B: bytes } } }),
    );
    await client.send(new GetItemCommand({ TableName: 'app', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }));
    expect(used).toEqual({ serializer: 0, deserializer: 0 });
    // Members the schema does not know are dropped as the SDK drops them; odd values are left to it.
    await client.send(
      new GetItemCommand({ TableName: 'app', Key: { pk: { S: 'a' }, sk: { S: 'b' } }, Unknown: 1 } as never),
    );
    expect(used).toEqual({ serializer: 0, deserializer: 0 });
    await client
      .send(new GetItemCommand({ TableName: 'app', Key: { pk: { S: 'a' }, sk: { S: 'b' }, odd: { S: 5 } } } as never))
      .catch(() => undefined);
    expect(used).toEqual({ serializer: 1, deserializer: 0 });
    client.destroy();
  });

  it('hands the engine the inputs of table operations the SDK serializer writes, without it where it can', async () => {
    const tableCalls = async (mode: 'fast' | 'full-stack') => {
      const client = createLocalClient({ inMemory: true, mode });
      const protocol = sdkProtocolOf(client);
      let serialized = 0;
      const write = protocol.serializer.write.bind(protocol.serializer);
      Object.assign(protocol.serializer, {
        write: (schema: unknown, value: unknown) => (serialized++, write(schema, value)),
      });
      const engine = localEngineOf(client) as unknown as Record<string, (operation: string, input: unknown) => unknown>;
      const received: unknown[] = [];
      for (const entry of ['answer']) {
        const original = engine[entry]?.bind(engine);
        if (!original) continue;
        engine[entry] = (operation, input) => {
          received.push({ operation, input: JSON.parse(JSON.stringify(input)) });
          return original(operation, input);
        };
      }
      const arn = 'arn:aws:dynamodb:us-east-1:000000000000:table/ctl';
      const calls: (() => Promise<unknown>)[] = [
        () =>
          client.send(
            new CreateTableCommand({
              TableName: 'ctl',
              AttributeDefinitions: [
                { AttributeName: 'pk', AttributeType: 'S' },
                { AttributeName: 'sk', AttributeType: 'N' },
                { AttributeName: 'g', AttributeType: 'B' },
                { AttributeName: 'l', AttributeType: 'S' },
              ],
              KeySchema: [
                { AttributeName: 'pk', KeyType: 'HASH' },
                { AttributeName: 'sk', KeyType: 'RANGE' },
              ],
              GlobalSecondaryIndexes: [
                {
                  IndexName: 'byG',
                  KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
                  Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a', 'b'] },
                  ProvisionedThroughput: { ReadCapacityUnits: 3, WriteCapacityUnits: 4 },
                },
              ],
              LocalSecondaryIndexes: [
                {
                  IndexName: 'byL',
                  KeySchema: [
                    { AttributeName: 'pk', KeyType: 'HASH' },
                    { AttributeName: 'l', KeyType: 'RANGE' },
                  ],
                  Projection: { ProjectionType: 'KEYS_ONLY' },
                },
              ],
              ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: -0 },
              StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
              SSESpecification: { Enabled: false },
              Tags: [{ Key: 'team', Value: 'jobs' }],
              DeletionProtectionEnabled: false,
              TableClass: undefined,
            }),
          ),
        () => client.send(new DescribeTableCommand({ TableName: 'ctl' })),
        () =>
          client.send(
            new UpdateTableCommand({
              TableName: 'ctl',
              ProvisionedThroughput: { ReadCapacityUnits: 6, WriteCapacityUnits: 7 },
            }),
          ),
        () =>
          client.send(
            new UpdateTimeToLiveCommand({
              TableName: 'ctl',
              TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
            }),
          ),
        () => client.send(new DescribeTimeToLiveCommand({ TableName: 'ctl' })),
        () => client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'stage', Value: 'test' }] })),
        () => client.send(new ListTagsOfResourceCommand({ ResourceArn: arn })),
        () => client.send(new ListTablesCommand({ Limit: 5, ExclusiveStartTableName: 'a' })),
        // Members the schema does not know are dropped as the SDK drops them.
        () => client.send(new DescribeTableCommand({ TableName: 'ctl', Unknown: 1 } as never)),
        // Odd values are left to the SDK's serializer.
        () => client.send(new ListTablesCommand({ Limit: NaN })),
        () => client.send(new DescribeTableCommand({ TableName: 5 } as never)),
        () => client.send(new DeleteTableCommand({ TableName: 'ctl' })),
      ];
      const errors: unknown[] = [];
      for (const call of calls) errors.push(((await observedOutcome(call)) as { error?: unknown }).error);
      client.destroy();
      return { received, errors, serialized };
    };
    const fast = await tableCalls('fast');
    const full = await tableCalls('full-stack');
    expect(fast.received).toEqual(full.received);
    expect(fast.errors).toEqual(full.errors);
    expect(fast.received).toHaveLength(12);
    // The fast path serialized only the two odd inputs with the SDK; the full stack, every one.
    expect(fast.serialized).toBe(2);
    expect(full.serialized).toBe(12);
  });
});
