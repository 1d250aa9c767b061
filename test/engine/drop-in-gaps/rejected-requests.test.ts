import {
  DescribeTableCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  BatchGetItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { beforeAll, expect, it } from 'vitest';
import { createTable, describeOnTargets } from './targets.js';

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  return 'no error';
}

const anyType = '{L,S,SS,BOOL,M,FLOAT,BS,NULL,DOUBLE,FS,DECIMALSET,N,NS,B,DECIMAL,HDS,DICT,DOUBLESET,HD,INTSET,INT}';

/** DynamoDB Local lists the type set in an order that changes from one JVM start to the next. */
function sortedTypeSet(message: string): string {
  return message.replace(/\{([A-Z,]+)\}$/, (_, types: string) => `{${types.split(',').sort().join(',')}}`);
}
const sizeLimit = 'ValidationException: One or more parameter values were invalid: Size limit exceeded';

describeOnTargets(
  'requests rejected as DynamoDB rejects them',
  (target) => {
    let client: DynamoDBClient;
    let tableName: string;
    beforeAll(async () => {
      client = await target.client();
      tableName = await createTable(client, 'rejected', {
        attributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'g', AttributeType: 'S' },
          { AttributeName: 'gs', AttributeType: 'S' },
        ],
        globalSecondaryIndexes: [
          {
            IndexName: 'by-g',
            KeySchema: [
              { AttributeName: 'g', KeyType: 'HASH' },
              { AttributeName: 'gs', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      });
      await client.send(
        new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'a' }, t: { S: 'S' }, u: { S: 'S' } } }),
      );
    });

    it('refuses a path as the type name of attribute_type, in conditions and filters, with or without items', async () => {
      const condition = await messageOf(
        client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: { pk: { S: 'a' } },
            ConditionExpression: 'attribute_type(t, u)',
          }),
        ),
      );
      if (target.monotable) expect(condition).toContain(anyType);
      expect(sortedTypeSet(condition)).toBe(
        sortedTypeSet(
          `ValidationException: Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: ${anyType}`,
        ),
      );
      const filter = sortedTypeSet(
        `ValidationException: Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: ${anyType}`,
      );
      const noItems = client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :p',
          FilterExpression: 'attribute_type(t, #u)',
          ExpressionAttributeNames: { '#u': 'u' },
          ExpressionAttributeValues: { ':p': { S: 'nothing here' } },
        }),
      );
      expect(sortedTypeSet(await messageOf(noItems))).toBe(filter);
      expect(
        sortedTypeSet(
          await messageOf(
            client.send(new ScanCommand({ TableName: tableName, FilterExpression: 'attribute_type(t, u)' })),
          ),
        ),
      ).toBe(filter);
    });

    it('refuses an empty attribute name in the legacy parameters', async () => {
      const empty = 'ValidationException: Empty attribute name';
      expect(
        await messageOf(
          client.send(
            new UpdateItemCommand({
              TableName: tableName,
              Key: { pk: { S: 'a' } },
              AttributeUpdates: { '': { Action: 'PUT', Value: { S: 'x' } } },
            }),
          ),
        ),
      ).toBe(empty);
      expect(await messageOf(client.send(new ScanCommand({ TableName: tableName, AttributesToGet: [''] })))).toBe(
        empty,
      );
      expect(
        await messageOf(
          client.send(
            new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'a' } }, Expected: { '': { Exists: false } } }),
          ),
        ),
      ).toBe(empty);
      expect(
        await messageOf(
          client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'a' }, '': { S: 'x' } } })),
        ),
      ).toBe(empty);
    });

    it('refuses index key values over 1,024 bytes (sort) or 2,048 bytes (partition) on PutItem and UpdateItem', async () => {
      const put = (g: string, gs: string) =>
        client.send(
          new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'long' }, g: { S: g }, gs: { S: gs } } }),
        );
      expect(await messageOf(put('x', 'y'.repeat(1025)))).toBe(sizeLimit);
      expect(await messageOf(put('x'.repeat(2049), 'y'))).toBe(sizeLimit);
      expect(await messageOf(put('x'.repeat(2048), 'y'.repeat(1024)))).toBe('no error');
      const update = client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: 'a' } },
          UpdateExpression: 'SET g = :g, gs = :s',
          ExpressionAttributeValues: { ':g': { S: 'x' }, ':s': { S: 'y'.repeat(1025) } },
        }),
      );
      // DynamoDB Local 1.25.1 lets this update through; 3.3.1 refuses it as PutItem does.
      if (target.name !== 'dynamodb-local') expect(await messageOf(update)).toBe(sizeLimit);
    });

    it('refuses list_append inside another function of an update expression', async () => {
      const update = (expression: string) =>
        client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: { pk: { S: 'a' } },
            UpdateExpression: expression,
            ExpressionAttributeValues: { ':a': { L: [] } },
          }),
        );
      const misused =
        'ValidationException: Invalid UpdateExpression: The function is not allowed to be used this way in an expression; function: list_append';
      expect(await messageOf(update('SET l = list_append(list_append(:a, :a), :a)'))).toBe(misused);
      expect(await messageOf(update('SET l = list_append(:a, list_append(:a, :a))'))).toBe(misused);
      expect(await messageOf(update('SET l = if_not_exists(l, list_append(:a, :a))'))).toBe(misused);
      expect(await messageOf(update('SET l = list_append(if_not_exists(l, :a), :a)'))).toBe('no error');
      expect(await messageOf(update('SET l = if_not_exists(l, if_not_exists(m, :a))'))).toBe('no error');
    });

    it('leaves items with an empty or over-long index key out of a GSI built by UpdateTable', async () => {
      const backfilled = await createTable(client, 'backfill');
      const items: Record<string, [string, string]> = {
        ok: ['x', 'y'],
        'long-enough': ['x'.repeat(2048), 'y'.repeat(1024)],
        'empty-partition': ['', 'y'],
        'empty-sort': ['x', ''],
        'long-sort': ['x', 'y'.repeat(1025)],
        'long-partition': ['x'.repeat(2049), 'y'],
      };
      for (const [pk, [g, gs]] of Object.entries(items)) {
        await client.send(
          new PutItemCommand({ TableName: backfilled, Item: { pk: { S: pk }, g: { S: g }, gs: { S: gs } } }),
        );
      }
      await client.send(
        new UpdateTableCommand({
          TableName: backfilled,
          AttributeDefinitions: [
            { AttributeName: 'g', AttributeType: 'S' },
            { AttributeName: 'gs', AttributeType: 'S' },
          ],
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: 'by-g',
                KeySchema: [
                  { AttributeName: 'g', KeyType: 'HASH' },
                  { AttributeName: 'gs', KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'KEYS_ONLY' },
              },
            },
          ],
        }),
      );
      for (let attempt = 0; attempt < 40; attempt++) {
        const described = await client.send(new DescribeTableCommand({ TableName: backfilled }));
        if (described.Table?.GlobalSecondaryIndexes?.[0]?.IndexStatus === 'ACTIVE') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const indexed = await client.send(new ScanCommand({ TableName: backfilled, IndexName: 'by-g' }));
      const names = (indexed.Items ?? []).map((item) => item.pk?.S).sort();
      // DynamoDB leaves out every item that violates the index key rules; DynamoDB Local
      // (both versions) leaves out only the empty strings and indexes the over-long values.
      expect(names).toEqual(
        target.monotable ? ['long-enough', 'ok'] : ['long-enough', 'long-partition', 'long-sort', 'ok'],
      );
    });

    it('words Limit and BatchGetItem Keys violations without the value on monotable, as DynamoDB does', async () => {
      const limit = await messageOf(client.send(new ScanCommand({ TableName: tableName, Limit: 0 })));
      const keys = Array.from({ length: 101 }, (_, index) => ({ pk: { S: `k${index}` } }));
      const batch = await messageOf(
        client.send(new BatchGetItemCommand({ RequestItems: { [tableName]: { Keys: keys } } })),
      );
      if (target.monotable) {
        expect(limit).toBe(
          "ValidationException: 1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        );
        expect(batch).toBe(
          `ValidationException: 1 validation error detected: Value at 'RequestItems.${tableName}.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100`,
        );
      } else {
        // DynamoDB Local words both its own way (facts file, §messages).
        expect(limit).toBe('ValidationException: Limit must be greater than or equal to 1');
        expect(batch).toMatch(/^ValidationException: /);
      }
    });
  },
  ['dynamodb-local', 'dynamodb-local-3'],
);
