// The installed package through the app's own AWS SDK: run inside a throwaway app that has the
// packed tarball and one SDK version installed (see run.sh). Plain JavaScript and node:assert so
// it runs unchanged on every Node the package supports.
//
//   SMOKE_EXPECT_FAST=1  the default client must run the fast path (SDKs the accelerator supports)
//   SMOKE_EXPECT_FAST=0  the default client must fall back to the full stack, warning once
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  CreateTableCommand,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactGetItemsCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand as DocumentQueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as local from 'monotable/local';

const require = createRequire(import.meta.url);
const sdkVersion = JSON.parse(readFileSync(require.resolve('@aws-sdk/client-dynamodb/package.json'), 'utf8')).version;
const expectFast = process.env.SMOKE_EXPECT_FAST === '1';
const hasModeReport = typeof local.localClientMode === 'function';

let checks = 0;
async function check(_name, body) {
  await body();
  checks++;
}

const keySchema = {
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
  ],
  BillingMode: 'PAY_PER_REQUEST',
};

async function lowLevelSuite(client, table) {
  await check('CreateTable', async () => {
    const { TableDescription } = await client.send(new CreateTableCommand({ TableName: table, ...keySchema }));
    assert.equal(TableDescription.TableName, table);
  });
  await check('PutItem + GetItem', async () => {
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: { pk: { S: 'a' }, sk: { S: '1' }, n: { N: '12345678901234567890.5' } },
      }),
    );
    const { Item } = await client.send(
      new GetItemCommand({ TableName: table, Key: { pk: { S: 'a' }, sk: { S: '1' } } }),
    );
    assert.deepEqual(Item, { pk: { S: 'a' }, sk: { S: '1' }, n: { N: '12345678901234567890.5' } });
  });
  await check('UpdateItem', async () => {
    const { Attributes } = await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: { pk: { S: 'a' }, sk: { S: '1' } },
        UpdateExpression: 'ADD c :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    assert.deepEqual(Attributes, { c: { N: '1' } });
  });
  await check('BatchWriteItem + BatchGetItem', async () => {
    const puts = ['2', '3', '4'].map((sk) => ({ PutRequest: { Item: { pk: { S: 'a' }, sk: { S: sk } } } }));
    const { UnprocessedItems } = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: puts } }));
    assert.deepEqual(UnprocessedItems, {});
    const { Responses } = await client.send(
      new BatchGetItemCommand({
        RequestItems: {
          [table]: {
            Keys: [
              { pk: { S: 'a' }, sk: { S: '2' } },
              { pk: { S: 'a' }, sk: { S: '3' } },
            ],
          },
        },
      }),
    );
    assert.deepEqual(Responses[table].map((item) => item.sk.S).sort(), ['2', '3']);
  });
  await check('Query', async () => {
    const { Items, Count } = await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'a' } },
      }),
    );
    assert.equal(Count, 4);
    assert.deepEqual(
      Items.map((item) => item.sk.S),
      ['1', '2', '3', '4'],
    );
  });
  await check('TransactWriteItems + TransactGetItems', async () => {
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: table, Item: { pk: { S: 't' }, sk: { S: '1' } } } },
          {
            Update: {
              TableName: table,
              Key: { pk: { S: 'a' }, sk: { S: '1' } },
              UpdateExpression: 'SET moved = :yes',
              ExpressionAttributeValues: { ':yes': { BOOL: true } },
            },
          },
        ],
      }),
    );
    const { Responses } = await client.send(
      new TransactGetItemsCommand({
        TransactItems: [
          { Get: { TableName: table, Key: { pk: { S: 'a' }, sk: { S: '1' } }, ProjectionExpression: 'moved' } },
        ],
      }),
    );
    assert.deepEqual(Responses, [{ Item: { moved: { BOOL: true } } }]);
  });
  await check('ConditionalCheckFailedException with its item', async () => {
    const error = await client
      .send(
        new PutItemCommand({
          TableName: table,
          Item: { pk: { S: 'a' }, sk: { S: '1' } },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .then(
        () => undefined,
        (thrown) => thrown,
      );
    assert.ok(error instanceof ConditionalCheckFailedException, `got ${error?.name}: ${error?.message}`);
    assert.ok(error instanceof DynamoDBServiceException);
    assert.equal(error.name, 'ConditionalCheckFailedException');
    assert.equal(error.$metadata.httpStatusCode, 400);
    assert.equal(error.Item.sk.S, '1');
  });
  await check('TransactionCanceledException with its reasons', async () => {
    const error = await client
      .send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: table,
                Key: { pk: { S: 'missing' }, sk: { S: '1' } },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
          ],
        }),
      )
      .then(
        () => undefined,
        (thrown) => thrown,
      );
    assert.ok(error instanceof TransactionCanceledException, `got ${error?.name}: ${error?.message}`);
    assert.deepEqual(
      error.CancellationReasons.map((reason) => reason.Code),
      ['ConditionalCheckFailed'],
    );
  });
}

async function documentSuite(client, table) {
  const documents = DynamoDBDocumentClient.from(client);
  await check('DocumentClient Put + Get', async () => {
    await documents.send(
      new PutCommand({
        TableName: table,
        Item: { pk: 'd', sk: '1', tags: new Set(['x']), nested: { list: [1, 'two', null] } },
      }),
    );
    const { Item } = await documents.send(new GetCommand({ TableName: table, Key: { pk: 'd', sk: '1' } }));
    assert.deepEqual(Item, { pk: 'd', sk: '1', tags: new Set(['x']), nested: { list: [1, 'two', null] } });
  });
  await check('DocumentClient Update', async () => {
    const { Attributes } = await documents.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: 'd', sk: '1' },
        UpdateExpression: 'SET n = :n',
        ExpressionAttributeValues: { ':n': 7 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    assert.equal(Attributes.n, 7);
  });
  await check('DocumentClient BatchWrite + BatchGet', async () => {
    await documents.send(
      new BatchWriteCommand({
        RequestItems: {
          [table]: [
            { PutRequest: { Item: { pk: 'd', sk: '2', v: 2 } } },
            { PutRequest: { Item: { pk: 'd', sk: '3', v: 3 } } },
          ],
        },
      }),
    );
    const { Responses } = await documents.send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: [
              { pk: 'd', sk: '2' },
              { pk: 'd', sk: '3' },
            ],
          },
        },
      }),
    );
    assert.deepEqual(Responses[table].map((item) => item.v).sort(), [2, 3]);
  });
  await check('DocumentClient Query', async () => {
    const { Items } = await documents.send(
      new DocumentQueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        ExpressionAttributeValues: { ':pk': 'd', ':after': '1' },
      }),
    );
    assert.deepEqual(Items, [
      { pk: 'd', sk: '2', v: 2 },
      { pk: 'd', sk: '3', v: 3 },
    ]);
  });
  await check('DocumentClient TransactWrite + TransactGet', async () => {
    await documents.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table, Item: { pk: 'd', sk: '4', v: 4 } } },
          { Delete: { TableName: table, Key: { pk: 'd', sk: '3' } } },
        ],
      }),
    );
    const { Responses } = await documents.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: table, Key: { pk: 'd', sk: '4' } } },
          { Get: { TableName: table, Key: { pk: 'd', sk: '3' } } },
        ],
      }),
    );
    assert.deepEqual(
      Responses.map((response) => response.Item),
      [{ pk: 'd', sk: '4', v: 4 }, undefined],
    );
  });
  await check('DocumentClient ConditionalCheckFailedException', async () => {
    const error = await documents
      .send(
        new PutCommand({
          TableName: table,
          Item: { pk: 'd', sk: '4' },
          ConditionExpression: 'v = :nine',
          ExpressionAttributeValues: { ':nine': 9 },
        }),
      )
      .then(
        () => undefined,
        (thrown) => thrown,
      );
    assert.ok(error instanceof ConditionalCheckFailedException, `got ${error?.name}: ${error?.message}`);
  });
}

async function suite(label, options, expectedMode) {
  const client = local.createLocalClient({ inMemory: true, ...options });
  try {
    if (hasModeReport) assert.equal(local.localClientMode(client), expectedMode, `${label}: localClientMode`);
    await lowLevelSuite(client, 'smoke');
    await documentSuite(client, 'smoke');
  } finally {
    client.destroy();
  }
}

// The fallback says so once per SDK copy, as a process warning of its own type.
const warnings = [];
process.on('warning', (warning) => {
  if (warning.name === 'MonotableWarning') warnings.push(warning);
});

await suite('full-stack', { mode: 'full-stack' }, 'full-stack');
let defaultPath;
if (hasModeReport) {
  await suite('default', {}, expectFast ? 'fast' : 'full-stack');
  await suite('default, second client', {}, expectFast ? 'fast' : 'full-stack');
  await new Promise((settle) => setImmediate(settle));
  if (expectFast) {
    assert.deepEqual(warnings.map(String), [], 'a supported SDK runs the fast path without a warning');
    defaultPath = 'fast path asserted, no warning';
  } else {
    assert.equal(warnings.length, 1, 'the fallback warns once');
    assert.equal(warnings[0].code, 'MONOTABLE_SDK_FULL_STACK');
    assert.ok(warnings[0].message.includes(sdkVersion), `the warning names the SDK version: ${warnings[0].message}`);
    defaultPath = 'full-stack fallback asserted, warned once';
  }
} else if (expectFast) {
  await suite('default', {}, 'fast');
  defaultPath = 'default mode run (localClientMode not exported: path not asserted)';
} else {
  defaultPath = 'default mode not run (localClientMode not exported, no fallback to assert)';
}

console.log(`smoke ok: SDK ${sdkVersion}, Node ${process.version}, ${checks} checks; ${defaultPath}`);
