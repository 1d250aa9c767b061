import {
  BatchExecuteStatementCommand,
  CreateTableCommand,
  DeleteTableCommand,
  ExecuteStatementCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';

/*
 * DynamoDB's 32 nesting levels at their edges, where DynamoDB Local 1.25.1 and 3.3.1 agree:
 * which value may use how many levels, which message each place answers, and what is
 * checked before what. The item itself is the first level.
 */

const ITEM_TOO_DEEP =
  'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit';
const TOO_DEEP = 'Nesting Levels have exceeded supported limits';

function nestedMaps(levels: number): AttributeValue {
  let value: AttributeValue = { S: 'x' };
  for (let level = 0; level < levels; level++) value = { M: { a: value } };
  return value;
}

/** A PartiQL list literal: `levels` lists around `inner`. */
const lists = (levels: number, inner = '1'): string => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

async function failureOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  return 'succeeded';
}

describeEachEngine(
  'nesting limits',
  (engine) => {
    let client: DynamoDBClient;
    const table = uniqueTableName('nesting');
    const key = { pk: { S: 'k' } };

    beforeAll(async () => {
      client = engine.client();
      await client.send(
        new CreateTableCommand({
          TableName: table,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        }),
      );
      await client.send(new PutItemCommand({ TableName: table, Item: { ...key, m: { M: {} } } }));
    });
    afterAll(async () => {
      await client.send(new DeleteTableCommand({ TableName: table }));
    });

    const put = (item: Record<string, AttributeValue>) =>
      client.send(new PutItemCommand({ TableName: table, Item: item }));
    const setValue = (path: string, value: AttributeValue, condition?: string) =>
      client.send(
        new UpdateItemCommand({
          TableName: table,
          Key: key,
          UpdateExpression: `SET ${path} = :v`,
          ExpressionAttributeValues: { ':v': value },
          ...(condition ? { ConditionExpression: condition } : {}),
        }),
      );
    const statement = (text: string) => client.send(new ExecuteStatementCommand({ Statement: text }));

    it('an item holds 32 levels, not 33', async () => {
      await put({ pk: { S: 'i' }, d: nestedMaps(31) });
      expect(await failureOf(put({ pk: { S: 'i' }, d: nestedMaps(32) }))).toBe(`ValidationException: ${ITEM_TOO_DEEP}`);
    });

    it("an update's result holds 32 levels, checked once the condition held", async () => {
      await setValue('b', nestedMaps(31));
      expect(await failureOf(setValue('b', nestedMaps(32)))).toBe(`ValidationException: ${TOO_DEEP}`);
      await setValue('m.z', nestedMaps(30));
      expect(await failureOf(setValue('m.z', nestedMaps(31)))).toBe(`ValidationException: ${TOO_DEEP}`);
      expect(await failureOf(setValue('b', nestedMaps(32), 'attribute_not_exists(pk)'))).toBe(
        'ConditionalCheckFailedException: The conditional request failed',
      );
    });

    it('in a transaction, an update nesting too deep fails the whole request, after its own condition only', async () => {
      const deepUpdate = {
        Update: {
          TableName: table,
          Key: key,
          UpdateExpression: 'SET b = :v',
          ExpressionAttributeValues: { ':v': nestedMaps(32) },
        },
      };
      const failedCheck = {
        ConditionCheck: { TableName: table, Key: { pk: { S: 'absent' } }, ConditionExpression: 'attribute_exists(pk)' },
      };
      expect(
        await failureOf(client.send(new TransactWriteItemsCommand({ TransactItems: [failedCheck, deepUpdate] }))),
      ).toBe(`ValidationException: ${TOO_DEEP}`);
      const ownCondition = { Update: { ...deepUpdate.Update, ConditionExpression: 'attribute_not_exists(pk)' } };
      expect(await failureOf(client.send(new TransactWriteItemsCommand({ TransactItems: [ownCondition] })))).toMatch(
        /^TransactionCanceledException: .*\[ConditionalCheckFailed\]$/,
      );
    });

    it('an Expected value and a QueryFilter operand may use 32 levels, as an expression value may', async () => {
      const expected = (levels: number) =>
        client.send(
          new PutItemCommand({
            TableName: table,
            Item: { pk: { S: 'e' } },
            Expected: { pk: { Value: nestedMaps(levels) } },
          }),
        );
      expect(await failureOf(expected(32))).toBe('ConditionalCheckFailedException: The conditional request failed');
      expect(await failureOf(expected(33))).toBe(`ValidationException: ${ITEM_TOO_DEEP}`);
      const filter = (levels: number) =>
        client.send(
          new QueryCommand({
            TableName: table,
            KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'k' }] } },
            QueryFilter: { d: { ComparisonOperator: 'EQ', AttributeValueList: [nestedMaps(levels)] } },
          }),
        );
      expect((await filter(32)).Count).toBe(0);
      expect(await failureOf(filter(33))).toBe(`ValidationException: ${ITEM_TOO_DEEP}`);
    });

    it("a start key's nesting is checked before its attributes are matched to the schema", async () => {
      expect(
        await failureOf(client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: { pk: nestedMaps(32) } }))),
      ).toBe(`ValidationException: ${ITEM_TOO_DEEP}`);
    });

    it('TransactGetItems checks nesting before repeated keys', async () => {
      const get = { Get: { TableName: table, Key: { pk: nestedMaps(32) } } };
      expect(await failureOf(client.send(new TransactGetItemsCommand({ TransactItems: [get, get] })))).toBe(
        `ValidationException: ${ITEM_TOO_DEEP}`,
      );
    });

    it('a PartiQL literal holds 32 levels, its innermost scalar counted; an INSERT item tuple is not counted', async () => {
      await statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND d = ${lists(31)}`);
      expect(await failureOf(statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND d = ${lists(32)}`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
      await statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND d = ${lists(32, '')}`);
      expect(await failureOf(statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND d = ${lists(33, '')}`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
      await statement(`INSERT INTO "${table}" VALUE {'pk': 'p31', 'd': ${lists(31)}}`);
      expect(await failureOf(statement(`INSERT INTO "${table}" VALUE {'pk': 'p32', 'd': ${lists(32)}}`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
      expect(await failureOf(statement(`UPDATE "${table}" SET d = ${lists(32)} WHERE pk = 'k'`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
    });

    it('a deep PartiQL literal is refused after the parse and before the table is looked up', async () => {
      expect(await failureOf(statement(`INSERT INTO "no-such-table" VALUE {'pk': 'z', 'd': ${lists(40)}}`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
      expect(await failureOf(statement(`INSERT INTO "${table}" VALUE {'pk': 5, 'd': ${lists(40)}}`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
      expect(await failureOf(statement(`INSERT INTO "${table}" VALUE {'pk': 'z', 'd': ${lists(40)}} garbage`))).toMatch(
        /^ValidationException: Statement wasn't well formed, can't be processed: /,
      );
    });

    it('a PartiQL document path holds 32 levels; the first one past them is named, after the literals, before the table', async () => {
      const path = (steps: number, step = '.b') => `a${step.repeat(steps)}`;
      await statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND ${path(31)} = 1`);
      const pathTooDeep = (levels: number) =>
        `ValidationException: The document path has too many nesting levels; nesting levels: ${levels}`;
      expect(await failureOf(statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND ${path(32)} = 1`))).toBe(
        pathTooDeep(33),
      );
      expect(await failureOf(statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND ${path(32, '[0]')} = 1`))).toBe(
        pathTooDeep(33),
      );
      expect(await failureOf(statement(`SELECT ${path(32)} FROM "${table}" WHERE pk = 'k'`))).toBe(pathTooDeep(33));
      expect(await failureOf(statement(`UPDATE "${table}" SET ${path(32)} = 1 WHERE pk = 'k'`))).toBe(pathTooDeep(33));
      expect(await failureOf(statement(`UPDATE "${table}" REMOVE ${path(32)} WHERE pk = 'k'`))).toBe(pathTooDeep(33));
      expect(
        await failureOf(statement(`DELETE FROM "${table}" WHERE pk = 'k' AND attribute_exists(${path(32)})`)),
      ).toBe(pathTooDeep(33));
      expect(
        await failureOf(statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND ${path(35)} = 1 AND ${path(40)} = 1`)),
      ).toBe(pathTooDeep(36));
      expect(await failureOf(statement(`SELECT * FROM "no-such-table" WHERE pk = 'k' AND ${path(2_000)} = 1`))).toBe(
        pathTooDeep(2_001),
      );
      expect(await failureOf(statement(`SELECT * FROM "${table}" WHERE pk = 'k' AND ${path(32)} = ${lists(40)}`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
    });

    it("a PartiQL UPDATE's result holds 32 levels", async () => {
      await statement(`UPDATE "${table}" SET m = {'q': 1} WHERE pk = 'k'`);
      await statement(`UPDATE "${table}" SET m.x = ${lists(30)} WHERE pk = 'k'`);
      expect(await failureOf(statement(`UPDATE "${table}" SET m.x = ${lists(31)} WHERE pk = 'k'`))).toBe(
        `ValidationException: ${TOO_DEEP}`,
      );
    });

    it('a parameter nested too deep fails a whole BatchExecuteStatement', async () => {
      const batch = new BatchExecuteStatementCommand({
        Statements: [
          { Statement: `UPDATE "${table}" SET x = 1 WHERE pk = 'k'` },
          { Statement: `UPDATE "${table}" SET x = 1 WHERE pk = ?`, Parameters: [nestedMaps(33)] },
        ],
      });
      expect(await failureOf(client.send(batch))).toBe(`ValidationException: ${ITEM_TOO_DEEP}`);
    });
  },
  { engines: ['in-process', 'dynamodb-local', 'dynamodb-local-3'] },
);
