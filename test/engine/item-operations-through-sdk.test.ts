import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestTable, testEngine } from '../../src/engine/test-tables.test-support.js';
import { createLocalClient } from '../../src/local/index.js';

describe('item, batch and transaction operations through the AWS SDK', () => {
  let client: DynamoDBClient;
  let documents: DynamoDBDocumentClient;
  beforeEach(() => {
    const engine = testEngine();
    createTestTable(engine, { name: 'app', sortKey: { name: 'sk', type: 'S' } });
    client = createLocalClient({ engine });
    documents = DynamoDBDocumentClient.from(client);
  });
  afterEach(() => client.destroy());

  it('puts, updates, reads and deletes an item', async () => {
    const Key = { pk: 'USER#1', sk: 'PROFILE' };
    await documents.send(
      new PutCommand({ TableName: 'app', Item: { ...Key, name: 'Ann', visits: 1, tags: new Set(['a']) } }),
    );
    const updated = await documents.send(
      new UpdateCommand({
        TableName: 'app',
        Key,
        UpdateExpression: 'ADD visits :one SET #n = :name',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':one': 1, ':name': 'Bea' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    expect(updated.Attributes).toEqual({ visits: 2, name: 'Bea' });
    const read = await documents.send(
      new GetCommand({ TableName: 'app', Key, ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL' }),
    );
    expect(read.Item).toEqual({ ...Key, name: 'Bea', visits: 2, tags: new Set(['a']) });
    expect(read.ConsumedCapacity).toEqual({ TableName: 'app', CapacityUnits: 1 });
    const deleted = await documents.send(new DeleteCommand({ TableName: 'app', Key, ReturnValues: 'ALL_OLD' }));
    expect(deleted.Attributes?.name).toBe('Bea');
  });

  it('throws the SDK exception classes with the old item and the cancellation reasons', async () => {
    const Item = { pk: 'JOB#1', sk: 'METADATA', status: 'PENDING' };
    await documents.send(new PutCommand({ TableName: 'app', Item }));
    const conditional = await documents
      .send(
        new PutCommand({
          TableName: 'app',
          Item,
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .catch((error: unknown) => error);
    expect(conditional).toBeInstanceOf(ConditionalCheckFailedException);
    expect((conditional as ConditionalCheckFailedException).Item).toEqual({
      pk: { S: 'JOB#1' },
      sk: { S: 'METADATA' },
      status: { S: 'PENDING' },
    });
    const cancelled = await documents
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 'app', Item: { pk: 'JOB#2', sk: 'METADATA' } } },
            {
              Update: {
                TableName: 'app',
                Key: { pk: 'JOB#1', sk: 'METADATA' },
                UpdateExpression: 'SET #s = :next',
                ConditionExpression: '#s = :expected',
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':next': 'DONE', ':expected': 'RUNNING' },
              },
            },
          ],
        }),
      )
      .catch((error: unknown) => error);
    expect(cancelled).toBeInstanceOf(TransactionCanceledException);
    expect((cancelled as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
  });

  it('writes and reads batches and transactions', async () => {
    const batch = await documents.send(
      new BatchWriteCommand({
        RequestItems: {
          app: Array.from({ length: 3 }, (_, index) => ({
            PutRequest: { Item: { pk: 'P', sk: `S#${index}`, n: index } },
          })),
        },
      }),
    );
    expect(batch.UnprocessedItems).toEqual({});
    const read = await documents.send(
      new BatchGetCommand({
        RequestItems: {
          app: {
            Keys: [
              { pk: 'P', sk: 'S#0' },
              { pk: 'P', sk: 'S#2' },
            ],
            ProjectionExpression: 'n',
          },
        },
      }),
    );
    expect(read.Responses?.app).toEqual(expect.arrayContaining([{ n: 0 }, { n: 2 }]));
    await documents.send(
      new TransactWriteCommand({
        ClientRequestToken: 'token-1',
        TransactItems: [{ Delete: { TableName: 'app', Key: { pk: 'P', sk: 'S#0' } } }],
      }),
    );
    const transactional = await documents.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: 'app', Key: { pk: 'P', sk: 'S#0' } } },
          { Get: { TableName: 'app', Key: { pk: 'P', sk: 'S#1' } } },
        ],
      }),
    );
    expect(transactional.Responses?.map((response) => response.Item)).toEqual([
      undefined,
      { pk: 'P', sk: 'S#1', n: 1 },
    ]);
  });
});
