import { CreateTableCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  UpdateCommand,
  type TranslateConfig,
} from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../engine/engine.js';
import { createEngineClient } from '../../client/engine-client.js';
import { expectIdentical } from '../fast-wire/expect-identical.test-support.js';
import { DOCUMENT_OUTPUT } from './document-unmarshall.js';

// A DocumentClient call on the fast path builds its unmarshalled output itself
// (document-unmarshall.ts). Whatever the items and the DocumentClient's options, the
// caller must get what the SDK's full stack with lib-dynamodb's own unmarshalling gives.

const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
const fast = createEngineClient(engine);
const fullStack = createEngineClient(engine, { mode: 'full-stack' });
afterAll(() => {
  fast.destroy();
  fullStack.destroy();
  engine.close();
});

const TABLE = 'documents';
beforeAll(async () => {
  await fast.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
});

const TRANSLATE_CONFIGS: Record<string, TranslateConfig | undefined> = {
  default: undefined,
  'empty options': { unmarshallOptions: {} },
  'wrapped numbers': { unmarshallOptions: { wrapNumbers: true } },
  'numbers through a function': { unmarshallOptions: { wrapNumbers: (text: string) => `number ${text}` } },
  'with the map wrapper': { unmarshallOptions: { convertWithoutMapWrapper: false } },
};

// Valid DynamoDB numbers, among them ones unmarshall turns into BigInts or refuses.
const numberText = fc.oneof(
  fc.integer().map(String),
  fc
    .tuple(fc.integer(), fc.integer({ min: 0, max: 999999 }), fc.integer({ min: -60, max: 60 }))
    .map(([whole, fraction, exponent]) => `${whole}.${fraction}E${exponent}`),
  fc.constantFrom('9007199254740993', '-12345678901234567890', '1.5E+20', '12345678901234567.5', '1E+125', '0.000001'),
);
const bytes = fc.uint8Array({ minLength: 1, maxLength: 5 });
const attributeName = fc.oneof(
  fc.constantFrom('a', '0', '7', 'data', 'toString', 'é'),
  fc.string({ minLength: 1, maxLength: 4 }),
);
const attributeValue: fc.Arbitrary<AttributeValue> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 10 }).map((S) => ({ S })),
    numberText.map((N) => ({ N })),
    bytes.map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true }),
    fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc
      .uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 3 })
      .map((numbers) => ({ NS: numbers.map(String) })),
    fc
      .uniqueArray(bytes, { minLength: 1, maxLength: 3, selector: (value) => Buffer.from(value).toString('hex') })
      .map((BS) => ({ BS })),
    fc.array(tie('value') as fc.Arbitrary<AttributeValue>, { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(attributeName, tie('value') as fc.Arbitrary<AttributeValue>, { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value as fc.Arbitrary<AttributeValue>;
const otherAttributes = fc.dictionary(
  attributeName.filter((name) => name !== 'pk' && name !== 'sk'),
  attributeValue,
  { maxKeys: 5 },
);

let partitionCount = 0;

/** What the caller observes of a DocumentClient call, minus the request id. */
async function observed(send: () => Promise<unknown>): Promise<unknown> {
  try {
    const output = (await send()) as Record<string, unknown> & { $metadata: Record<string, unknown> };
    return { output: { ...output, $metadata: { ...output.$metadata, requestId: 'id' } } };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

function readsOf(partition: string, count: number) {
  const keys = Array.from({ length: count }, (_, index) => ({ pk: partition, sk: index }));
  return [
    () =>
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': partition },
      }),
    () =>
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': partition },
        Limit: 2,
        ScanIndexForward: false,
      }),
    () =>
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': partition },
      }),
    () => new GetCommand({ TableName: TABLE, Key: keys[0] }),
    () => new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: keys } } }),
    () =>
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: keys[0] } },
          { Get: { TableName: TABLE, Key: { pk: partition, sk: -1 } } },
        ],
      }),
    () =>
      new UpdateCommand({
        TableName: TABLE,
        Key: keys[0],
        UpdateExpression: 'SET touched = :t',
        ExpressionAttributeValues: { ':t': true },
        ReturnValues: 'ALL_NEW',
      }),
  ];
}

describe('DocumentClient outputs on the fast path', () => {
  it('are those of the full SDK stack, for every item and every unmarshall option', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(otherAttributes, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...Object.keys(TRANSLATE_CONFIGS)),
        async (items, configName) => {
          const partition = `P${partitionCount++}`;
          for (const [index, attributes] of items.entries()) {
            await fast.send(
              new PutItemCommand({
                TableName: TABLE,
                Item: { ...attributes, pk: { S: partition }, sk: { N: String(index) } },
              }),
            );
          }
          const config = TRANSLATE_CONFIGS[configName];
          for (const command of readsOf(partition, items.length)) {
            // Each DocumentClient sets its options on the config it shares with its client.
            const expected = await observed(() =>
              DynamoDBDocumentClient.from(fullStack, config).send(command() as never),
            );
            const actual = await observed(() => DynamoDBDocumentClient.from(fast, config).send(command() as never));
            expectIdentical(actual, expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('are built by the fast path itself for DocumentClient reads', async () => {
    const documents = DynamoDBDocumentClient.from(createEngineClient(engine));
    let context: Record<PropertyKey, unknown> | undefined;
    documents.middlewareStack.add((next, callContext) => ((context = callContext as never), next), {
      step: 'initialize',
      name: 'spy',
    });
    await documents.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'none' },
      }),
    );
    expect(context?.[DOCUMENT_OUTPUT]).toMatchObject({ keepsRows: true });
  });

  it('leave the unmarshalling to lib-dynamodb when a middleware of the caller reads the output before it', async () => {
    const client = createEngineClient(engine);
    const documents = DynamoDBDocumentClient.from(client);
    await documents.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: 'seen', sk: 1 },
        UpdateExpression: 'SET v = :v',
        ExpressionAttributeValues: { ':v': 'x' },
      }),
    );
    const seen: unknown[] = [];
    client.middlewareStack.addRelativeTo(
      ((next: (args: unknown) => Promise<{ output: { Item?: unknown } }>) => async (args: unknown) => {
        const result = await next(args);
        seen.push(result.output.Item);
        return result;
      }) as never,
      { relation: 'after', toMiddleware: 'DocumentUnmarshall', name: 'reader' } as never,
    );
    const output = await documents.send(new GetCommand({ TableName: TABLE, Key: { pk: 'seen', sk: 1 } }));
    expect(seen).toEqual([{ pk: { S: 'seen' }, sk: { N: '1' }, v: { S: 'x' } }]);
    expect(output.Item).toEqual({ pk: 'seen', sk: 1, v: 'x' });
  });
});
