import {
  BatchExecuteStatementCommand,
  CreateTableCommand,
  DynamoDBClient,
  ExecuteStatementCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/index.js';
import { startServer, type RunningServer } from '../../src/local/server/start-server.js';

/*
 * Values nested far past DynamoDB's 32 levels answer DynamoDB's errors, never a 500, in
 * the in-process client, through `monotable serve`, and in raw HTTP bodies nested deeper
 * than any SDK can serialize (the SDK's own request logging recurses, and refuses a value
 * nested a few thousand levels with a RangeError before sending, against DynamoDB too).
 */

const TABLE = 'deep';
const ITEM_TOO_DEEP =
  'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit';
const TOO_DEEP = 'Nesting Levels have exceeded supported limits';

/** `levels` maps around a string, built without recursion. */
function nestedMaps(levels: number): AttributeValue {
  let value: AttributeValue = { S: 'x' };
  for (let level = 0; level < levels; level++) value = { M: { a: value } };
  return value;
}

function nestedLists(levels: number): AttributeValue {
  let value: AttributeValue = { S: 'x' };
  for (let level = 0; level < levels; level++) value = { L: [value] };
  return value;
}

/** A plain object nested `levels` deep, as a DocumentClient user would write it. */
function nestedObject(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 'x' };
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

const tableDefinition = {
  TableName: TABLE,
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' as const }],
};

let server: RunningServer;
const clients: Record<string, DynamoDBClient> = {};

beforeAll(async () => {
  server = await startServer({ port: 0, inMemory: true });
  clients['in-process'] = createLocalClient({ inMemory: true });
  clients.http = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  for (const client of Object.values(clients)) await client.send(new CreateTableCommand(tableDefinition));
});

afterAll(async () => {
  for (const client of Object.values(clients)) client.destroy();
  await server.close();
});

/** The error a call ends with, as the SDK reports it (name, message, HTTP status). */
async function failureOf(
  call: Promise<unknown>,
): Promise<{ name: string; message: string; status: number | undefined }> {
  try {
    await call;
  } catch (error) {
    const { name, message, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } };
    return { name, message, status: $metadata?.httpStatusCode };
  }
  throw new Error('the call succeeded');
}

for (const transport of ['in-process', 'http'] as const) {
  describe(`nesting past 32 levels through the SDK [${transport}]`, () => {
    const client = (): DynamoDBClient => clients[transport] as DynamoDBClient;

    for (const levels of [33, 1_000]) {
      it(`refuses an item, a key and an expression value nested ${levels} levels with DynamoDB's messages`, async () => {
        const expected = { name: 'ValidationException', message: ITEM_TOO_DEEP, status: 400 };
        expect(
          await failureOf(
            client().send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'a' }, d: nestedMaps(levels) } })),
          ),
        ).toEqual(expected);
        expect(
          await failureOf(
            client().send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'a' }, d: nestedLists(levels) } })),
          ),
        ).toEqual(expected);
        expect(
          await failureOf(client().send(new GetItemCommand({ TableName: TABLE, Key: { pk: nestedMaps(levels) } }))),
        ).toEqual(expected);
        expect(
          await failureOf(
            client().send(
              new UpdateItemCommand({
                TableName: TABLE,
                Key: { pk: { S: 'a' } },
                UpdateExpression: 'SET b = :v',
                ExpressionAttributeValues: { ':v': nestedMaps(levels) },
              }),
            ),
          ),
        ).toEqual({
          ...expected,
          message: `ExpressionAttributeValues contains invalid value: ${ITEM_TOO_DEEP} for key :v`,
        });
        expect(
          await failureOf(
            DynamoDBDocumentClient.from(client()).send(
              new PutCommand({ TableName: TABLE, Item: { pk: 'a', d: nestedObject(levels) } }),
            ),
          ),
        ).toEqual(expected);
      });

      it(`refuses PartiQL literals and parameters nested ${levels} levels`, async () => {
        const literal = `${'['.repeat(levels)}1${']'.repeat(levels)}`;
        expect(
          await failureOf(
            client().send(
              new ExecuteStatementCommand({ Statement: `INSERT INTO "${TABLE}" VALUE {'pk': 'p', 'd': ${literal}}` }),
            ),
          ),
        ).toEqual({
          name: 'ValidationException',
          message: TOO_DEEP,
          status: 400,
        });
        expect(
          await failureOf(
            client().send(
              new ExecuteStatementCommand({
                Statement: `SELECT * FROM "${TABLE}" WHERE pk = ?`,
                Parameters: [nestedMaps(levels)],
              }),
            ),
          ),
        ).toEqual({ name: 'ValidationException', message: ITEM_TOO_DEEP, status: 400 });
        expect(
          await failureOf(
            client().send(
              new BatchExecuteStatementCommand({
                Statements: [
                  { Statement: `UPDATE "${TABLE}" SET d = 1 WHERE pk = ?`, Parameters: [nestedLists(levels)] },
                ],
              }),
            ),
          ),
        ).toEqual({ name: 'ValidationException', message: ITEM_TOO_DEEP, status: 400 });
      });
    }

    it('refuses an update whose result nests past 32 levels, after its condition', async () => {
      await client().send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'u' }, m: { M: {} } } }));
      const update = (levels: number, condition?: string) =>
        client().send(
          new UpdateItemCommand({
            TableName: TABLE,
            Key: { pk: { S: 'u' } },
            UpdateExpression: 'SET m.z = :v',
            ExpressionAttributeValues: { ':v': nestedMaps(levels) },
            ...(condition ? { ConditionExpression: condition } : {}),
          }),
        );
      await update(30);
      expect(await failureOf(update(31))).toEqual({ name: 'ValidationException', message: TOO_DEEP, status: 400 });
      expect((await failureOf(update(31, 'attribute_not_exists(pk)'))).name).toBe('ConditionalCheckFailedException');
      const transaction = client().send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: TABLE,
                Key: { pk: { S: 'missing' } },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Update: {
                TableName: TABLE,
                Key: { pk: { S: 'u' } },
                UpdateExpression: 'SET m.z = :v',
                ExpressionAttributeValues: { ':v': nestedMaps(31) },
              },
            },
          ],
        }),
      );
      expect(await failureOf(transaction)).toEqual({ name: 'ValidationException', message: TOO_DEEP, status: 400 });
    });

    it('checks a start key and a legacy filter operand for nesting before matching them to the schema', async () => {
      const start = client().send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': { S: 'a' } },
          ExclusiveStartKey: { pk: nestedMaps(32) },
        }),
      );
      expect(await failureOf(start)).toEqual({ name: 'ValidationException', message: ITEM_TOO_DEEP, status: 400 });
      const filter = client().send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'a' }] } },
          QueryFilter: { d: { ComparisonOperator: 'EQ', AttributeValueList: [nestedMaps(33)] } },
        }),
      );
      expect(await failureOf(filter)).toEqual({ name: 'ValidationException', message: ITEM_TOO_DEEP, status: 400 });
    });
  });
}

/** Raw HTTP: bodies nested 100,000 levels, which no SDK sends. */
describe('nesting of any depth over raw HTTP', () => {
  const LEVELS = 100_000;
  const maps = (levels: number) => `${'{"M":{"a":'.repeat(levels)}{"S":"x"}${'}}'.repeat(levels)}`;
  const lists = (levels: number) => `${'{"L":['.repeat(levels)}{"S":"x"}${']}'.repeat(levels)}`;
  const junk = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  async function post(
    operation: string,
    body: string,
  ): Promise<{ status: number; type: string | undefined; message: string | undefined }> {
    const response = await fetch(server.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDB_20120810.${operation}`,
        authorization:
          'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      },
      body,
    });
    const answer = (await response.json()) as { __type?: string; message?: string };
    return { status: response.status, type: answer.__type?.replace(/^.*#/, ''), message: answer.message };
  }

  const itemTooDeep = { status: 400, type: 'ValidationException', message: ITEM_TOO_DEEP };
  const cases: readonly [string, string, string, { status: number; type: string; message: string }][] = [
    ['an item of maps', 'PutItem', `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"},"d":${maps(LEVELS)}}}`, itemTooDeep],
    [
      'an item of lists',
      'PutItem',
      `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"},"d":${lists(LEVELS)}}}`,
      itemTooDeep,
    ],
    ['a key', 'GetItem', `{"TableName":"${TABLE}","Key":{"pk":${maps(LEVELS)}}}`, itemTooDeep],
    ['a start key', 'Scan', `{"TableName":"${TABLE}","ExclusiveStartKey":{"pk":${lists(LEVELS)}}}`, itemTooDeep],
    [
      'a batch write',
      'BatchWriteItem',
      `{"RequestItems":{"${TABLE}":[{"PutRequest":{"Item":{"pk":{"S":"a"},"d":${maps(LEVELS)}}}}]}}`,
      itemTooDeep,
    ],
    [
      'a transaction key',
      'TransactGetItems',
      `{"TransactItems":[{"Get":{"TableName":"${TABLE}","Key":{"pk":${maps(LEVELS)}}}}]}`,
      itemTooDeep,
    ],
    [
      'a legacy Expected value',
      'PutItem',
      `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"}},"Expected":{"pk":{"Value":${maps(LEVELS)}}}}`,
      itemTooDeep,
    ],
    [
      'a ScanFilter operand',
      'Scan',
      `{"TableName":"${TABLE}","ScanFilter":{"d":{"ComparisonOperator":"EQ","AttributeValueList":[${maps(LEVELS)}]}}}`,
      itemTooDeep,
    ],
    [
      'a PartiQL parameter',
      'ExecuteStatement',
      `{"Statement":"SELECT * FROM ${TABLE} WHERE pk IN [?, ?]","Parameters":[${maps(LEVELS)},${maps(LEVELS)}]}`,
      itemTooDeep,
    ],
    [
      'an expression value',
      'UpdateItem',
      `{"TableName":"${TABLE}","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET b = :v","ExpressionAttributeValues":{":v":${lists(LEVELS)}}}`,
      {
        status: 400,
        type: 'ValidationException',
        message: `ExpressionAttributeValues contains invalid value: ${ITEM_TOO_DEEP} for key :v`,
      },
    ],
    [
      'a wrong JSON type under 200 levels (still the deserializer’s error)',
      'PutItem',
      `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"},"d":${'{"M":{"a":'.repeat(200)}{"S":{}}${'}}'.repeat(200)}}}`,
      { status: 400, type: 'SerializationException', message: 'Start of structure or map found where not expected' },
    ],
    [
      'parentheses in a PartiQL statement',
      'ExecuteStatement',
      JSON.stringify({ Statement: `SELECT * FROM ${TABLE} WHERE ${'('.repeat(4_000)}pk = 'a'${')'.repeat(4_000)}` }),
      { status: 400, type: 'ValidationException', message: TOO_DEEP },
    ],
    [
      'parentheses in a condition',
      'PutItem',
      JSON.stringify({
        TableName: TABLE,
        Item: { pk: { S: 'a' } },
        ConditionExpression: `${'('.repeat(2_000)}attribute_exists(pk)${')'.repeat(2_000)}`,
      }),
      {
        status: 400,
        type: 'ValidationException',
        message: 'Invalid ConditionExpression: The expression has redundant parentheses;',
      },
    ],
    [
      'a body that is an array',
      'ListTables',
      arrays(LEVELS),
      { status: 400, type: 'SerializationException', message: 'Start of structure or map found where not expected' },
    ],
    [
      'a member of the wrong type',
      'PutItem',
      `{"TableName":${arrays(LEVELS)},"Item":{"pk":{"S":"a"}}}`,
      { status: 400, type: 'SerializationException', message: 'Unrecognized collection type class java.lang.String' },
    ],
  ];

  for (const [what, operation, body, expected] of cases) {
    it(`answers ${what} nested past any limit with DynamoDB's error`, async () => {
      expect(await post(operation, body)).toEqual(expected);
    });
  }

  it('ignores unknown members nested 100,000 levels, also in a transaction with a ClientRequestToken', async () => {
    expect(await post('PutItem', `{"TableName":"${TABLE}","Item":{"pk":{"S":"j"}},"Junk":${junk(LEVELS)}}`)).toEqual({
      status: 200,
      type: undefined,
      message: undefined,
    });
    const transaction = (token: string, junkValue: string) =>
      post(
        'TransactWriteItems',
        `{"ClientRequestToken":"${token}","TransactItems":[{"Put":{"TableName":"${TABLE}","Item":{"pk":{"S":"t"}},"Junk":${junkValue}}}]}`,
      );
    expect((await transaction('deep-1', arrays(LEVELS))).status).toBe(200);
    // The same token with the same request replays; with other junk it is another request.
    expect((await transaction('deep-1', arrays(LEVELS))).status).toBe(200);
    expect(await transaction('deep-1', arrays(LEVELS - 1))).toMatchObject({
      status: 400,
      type: 'IdempotentParameterMismatchException',
    });
  });

  it('keeps serving afterwards', async () => {
    const health = await fetch(server.endpoint);
    expect(health.status).toBe(200);
  });
});
