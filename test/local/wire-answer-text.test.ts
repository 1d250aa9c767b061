import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Answer } from '../../src/engine/answer.js';
import { Engine } from '../../src/engine/engine.js';
import type { EngineLike } from '../../src/local/engine-like.js';
import { dispatchWireRequest, type WireRequest } from '../../src/local/wire-protocol.js';

/*
 * The server answers with `Answer.toJson`'s text, which splices stored items in as text:
 * it must be the body (and so the CRC32 header) a stringified answer of parsed items gives.
 */

let engine: Engine;
beforeEach(() => {
  engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'wire',
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
  });
  for (const sk of ['a', 'b', 'c']) {
    engine.handle('PutItem', {
      TableName: 'wire',
      Item: { pk: { S: 'p' }, sk: { S: sk }, text: { S: `é "${sk}" \u2028` }, n: { N: '1.5' } },
    });
  }
});
afterEach(() => engine.close());

function request(operation: string, input: unknown): WireRequest {
  return {
    method: 'POST',
    target: `DynamoDB_20120810.${operation}`,
    contentType: 'application/x-amz-json-1.0',
    authorization: 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request',
    body: JSON.stringify(input),
  };
}

const reads: [string, unknown][] = [
  [
    'Query',
    {
      TableName: 'wire',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'p' } },
      Limit: 2,
      ReturnConsumedCapacity: 'TOTAL',
    },
  ],
  [
    'Query',
    {
      TableName: 'wire',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'p' } },
      ProjectionExpression: 'sk',
    },
  ],
  ['Scan', { TableName: 'wire' }],
  ['GetItem', { TableName: 'wire', Key: { pk: { S: 'p' }, sk: { S: 'b' } } }],
  [
    'BatchGetItem',
    {
      RequestItems: {
        wire: {
          Keys: [
            { pk: { S: 'p' }, sk: { S: 'c' } },
            { pk: { S: 'p' }, sk: { S: 'z' } },
          ],
        },
      },
    },
  ],
  ['TransactGetItems', { TransactItems: [{ Get: { TableName: 'wire', Key: { pk: { S: 'p' }, sk: { S: 'a' } } } }] }],
  ['GetItem', { TableName: 'missing', Key: { pk: { S: 'p' } } }],
];

describe('dispatchWireRequest', () => {
  it.each(reads)('answers %s with the same body from stored text as from parsed items', (operation, input) => {
    const withText = dispatchWireRequest(engine, request(operation, input), 'us-east-1');
    const handleOnly: EngineLike = {
      answer: (name, body) => new Answer(engine.handle(name, body)),
      handle: (name, body) => engine.handle(name, body),
      close: () => undefined,
    };
    const withoutText = dispatchWireRequest(handleOnly, request(operation, input), 'us-east-1');
    expect(withText.statusCode).toBe(withoutText.statusCode);
    expect(withText.body.toString('utf8')).toBe(withoutText.body.toString('utf8'));
    expect(withText.headers['x-amz-crc32']).toBe(withoutText.headers['x-amz-crc32']);
  });

  it('sends the stored items unchanged', () => {
    const answer = dispatchWireRequest(
      engine,
      request('GetItem', { TableName: 'wire', Key: { pk: { S: 'p' }, sk: { S: 'a' } } }),
      'us-east-1',
    );
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
      Item: { pk: { S: 'p' }, sk: { S: 'a' }, text: { S: 'é "a" \u2028' }, n: { N: '1.5' } },
    });
  });
});
