import { randomUUID } from 'node:crypto';
import type { OperationName } from './options.js';
import { GSI_PARTITIONS, TABLE, partition } from './workloads.js';

/**
 * The workloads as wire JSON for `engine.handle`, equal to what the SDK sends for the
 * DocumentClient calls in `workloads.ts`.
 */
type Wire = Record<string, unknown>;
const PAYLOAD = { S: 'x'.repeat(160) };

export function wireItem(item: Record<string, unknown>): Wire {
  const wire: Wire = {};
  for (const [name, value] of Object.entries(item))
    wire[name] = typeof value === 'number' ? { N: String(value) } : { S: String(value) };
  return wire;
}

export const WIRE_REQUESTS: Record<OperationName, { operation: string; input: (i: number, run: string) => Wire }> = {
  get: {
    operation: 'GetItem',
    input: (i) => ({ TableName: TABLE, Key: { pk: { S: partition(i) }, sk: { S: 'METADATA' } } }),
  },
  put: {
    operation: 'PutItem',
    input: (i, run) => ({
      TableName: TABLE,
      Item: {
        pk: { S: `PUT#${run}#${i}` },
        sk: { S: 'METADATA' },
        status: { S: 'open' },
        n: { N: String(i) },
        data: PAYLOAD,
      },
    }),
  },
  update: {
    operation: 'UpdateItem',
    input: (i) => ({
      TableName: TABLE,
      Key: { pk: { S: partition(i) }, sk: { S: 'METADATA' } },
      UpdateExpression: 'SET #n = #n + :one, #s = :status',
      ConditionExpression: 'attribute_exists(pk) AND #s IN (:open, :busy)',
      ExpressionAttributeNames: { '#n': 'n', '#s': 'status' },
      ExpressionAttributeValues: {
        ':one': { N: '1' },
        ':status': { S: i % 2 ? 'open' : 'busy' },
        ':open': { S: 'open' },
        ':busy': { S: 'busy' },
      },
    }),
  },
  query: {
    operation: 'Query',
    input: (i) => ({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: partition(i) } },
    }),
  },
  gsi: {
    operation: 'Query',
    input: (i) => ({
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :g',
      ExpressionAttributeValues: { ':g': { S: `G#${i % GSI_PARTITIONS}` } },
      ScanIndexForward: false,
      Limit: 50,
    }),
  },
  batch: {
    operation: 'BatchWriteItem',
    input: (i, run) => ({
      RequestItems: {
        [TABLE]: Array.from({ length: 25 }, (_, j) => ({
          PutRequest: {
            Item: { pk: { S: `BATCH#${run}#${i}` }, sk: { S: `ITEM#${j}` }, n: { N: String(j) }, data: PAYLOAD },
          },
        })),
      },
    }),
  },
  transact: {
    operation: 'TransactWriteItems',
    input: (i, run) => ({
      TransactItems: [
        {
          Put: {
            TableName: TABLE,
            Item: { pk: { S: `TX#${run}#${i}` }, sk: { S: 'METADATA' }, status: { S: 'open' }, data: PAYLOAD },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName: TABLE, Item: { pk: { S: `TX#${run}#${i}` }, sk: { S: 'EVENT#1' }, data: PAYLOAD } } },
      ],
      // The SDK fills this idempotency token on every TransactWriteItems, so the engine
      // keeps and checks one per call.
      ClientRequestToken: randomUUID(),
    }),
  },
};
