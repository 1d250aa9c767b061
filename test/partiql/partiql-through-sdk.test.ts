import {
  BatchExecuteStatementCommand,
  CreateTableCommand,
  DynamoDBClient,
  ExecuteStatementCommand,
  ExecuteTransactionCommand,
  GetItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  BatchExecuteStatementCommand as DocumentBatchExecuteStatementCommand,
  DynamoDBDocumentClient,
  ExecuteStatementCommand as DocumentExecuteStatementCommand,
  ExecuteTransactionCommand as DocumentExecuteTransactionCommand,
} from '@aws-sdk/lib-dynamodb';
import { execFile } from 'node:child_process';
import { boto3SkipNote, hasBoto3 } from '../support/python-tools.js';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalClient, startServer, type RunningServer } from '../../src/local/index.js';

const run = promisify(execFile);
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, inMemory: true });
});
afterAll(() => server.close());

const ways: [string, () => DynamoDBClient][] = [
  ['in-process', () => createLocalClient({ inMemory: true })],
  [
    'over HTTP',
    () =>
      new DynamoDBClient({
        endpoint: server.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
  ],
];

let tableCount = 0;
async function table(client: DynamoDBClient): Promise<string> {
  const name = `partiql_${++tableCount}`;
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'by_g',
          KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  return name;
}

for (const [way, makeClient] of ways) {
  describe(`PartiQL through the SDK, ${way}`, () => {
    let client: DynamoDBClient;
    let documents: DynamoDBDocumentClient;
    beforeAll(() => {
      client = makeClient();
      documents = DynamoDBDocumentClient.from(client);
    });

    it('INSERT with literals of every kind, then SELECT by the full key answers the item as GetItem does', async () => {
      const t = await table(client);
      await client.send(
        new ExecuteStatementCommand({
          Statement: `INSERT INTO "${t}" VALUE {'pk': 'a', 'sk': ?, 'big': 12345678901234567890123456789012345678, 'ok': TRUE, 'none': NULL, 'ss': <<'x', 'y'>>, 'ns': <<1, 2>>, 'l': [1, 'two'], 'm': {'k': 'it''s'}, 'b': ?}`,
          Parameters: [{ S: '1' }, { B: new Uint8Array([1, 2]) }],
        }),
      );
      const selected = await client.send(
        new ExecuteStatementCommand({
          Statement: `SELECT * FROM "${t}" WHERE pk = ? AND sk = ?`,
          Parameters: [{ S: 'a' }, { S: '1' }],
        }),
      );
      const got = await client.send(new GetItemCommand({ TableName: t, Key: { pk: { S: 'a' }, sk: { S: '1' } } }));
      expect(selected.Items).toEqual([got.Item]);
      expect(got.Item?.big).toEqual({ N: '12345678901234567890123456789012345678' });
      expect(got.Item?.ss).toEqual({ SS: ['x', 'y'] });
    });

    it('refuses an INSERT on an existing key with DuplicateItemException', async () => {
      const t = await table(client);
      const insert = new ExecuteStatementCommand({ Statement: `INSERT INTO "${t}" VALUE {'pk': 'a', 'sk': '1'}` });
      await client.send(insert);
      await expect(client.send(insert)).rejects.toMatchObject({
        name: 'DuplicateItemException',
        message: 'Duplicate primary key exists in table',
      });
    });

    it('pages a Scan with Limit and NextToken, and Queries a GSI by "table"."index"', async () => {
      const t = await table(client);
      for (const sk of ['1', '2', '3'])
        await client.send(
          new ExecuteStatementCommand({ Statement: `INSERT INTO "${t}" VALUE {'pk': 'p', 'sk': '${sk}', 'g': 'G'}` }),
        );
      const seen: string[] = [];
      let NextToken: string | undefined;
      do {
        const page = await client.send(
          new ExecuteStatementCommand({ Statement: `SELECT sk FROM "${t}"`, Limit: 2, NextToken }),
        );
        seen.push(...(page.Items ?? []).map((item) => item.sk?.S as string));
        NextToken = page.NextToken;
      } while (NextToken !== undefined);
      expect(seen.sort()).toEqual(['1', '2', '3']);
      const byIndex = await client.send(
        new ExecuteStatementCommand({ Statement: `SELECT sk FROM "${t}"."by_g" WHERE g = 'G'` }),
      );
      expect(byIndex.Items).toHaveLength(3);
      const descending = await client.send(
        new ExecuteStatementCommand({ Statement: `SELECT sk FROM "${t}" WHERE pk = 'p' ORDER BY sk DESC` }),
      );
      expect(descending.Items?.map((item) => item.sk?.S)).toEqual(['3', '2', '1']);
    });

    it('UPDATE with arithmetic, list_append, set_add, set_delete, nested paths and RETURNING; a failed WHERE is ConditionalCheckFailedException', async () => {
      const t = await table(client);
      await client.send(
        new ExecuteStatementCommand({
          Statement: `INSERT INTO "${t}" VALUE {'pk': 'a', 'sk': '1', 'n': 1, 'l': [1], 'ss': <<'x'>>, 'm': {'k': 'v'}}`,
        }),
      );
      const updated = await client.send(
        new ExecuteStatementCommand({
          Statement: `UPDATE "${t}" SET n = n + 2 SET l = list_append(l, [2]) SET ss = set_add(ss, <<'y'>>) SET m.k = 'w' WHERE pk = 'a' AND sk = '1' AND n = 1 RETURNING ALL NEW *`,
        }),
      );
      expect(updated.Items?.[0]).toMatchObject({
        n: { N: '3' },
        l: { L: [{ N: '1' }, { N: '2' }] },
        ss: { SS: ['x', 'y'] },
        m: { M: { k: { S: 'w' } } },
      });
      const removed = await client.send(
        new ExecuteStatementCommand({
          Statement: `UPDATE "${t}" SET ss = set_delete(ss, <<'x'>>) REMOVE m WHERE pk = 'a' AND sk = '1' RETURNING MODIFIED OLD *`,
        }),
      );
      expect(removed.Items).toEqual([{ ss: { SS: ['x', 'y'] }, m: { M: { k: { S: 'w' } } } }]);
      await expect(
        client.send(
          new ExecuteStatementCommand({
            Statement: `UPDATE "${t}" SET n = 0 WHERE pk = 'a' AND sk = '1' AND n = 99`,
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        ),
      ).rejects.toMatchObject({
        name: 'ConditionalCheckFailedException',
        Item: expect.objectContaining({ n: { N: '3' } }),
      });
    });

    it('DELETE RETURNING ALL OLD *, and UPDATE without the full key is a ValidationException', async () => {
      const t = await table(client);
      await client.send(
        new ExecuteStatementCommand({ Statement: `INSERT INTO "${t}" VALUE {'pk': 'a', 'sk': '1', 'n': 1}` }),
      );
      await expect(
        client.send(new ExecuteStatementCommand({ Statement: `UPDATE "${t}" SET n = 2 WHERE pk = 'a'` })),
      ).rejects.toMatchObject({
        name: 'ValidationException',
        message: 'Where clause does not contain a mandatory equality on all key attributes',
      });
      const deleted = await client.send(
        new ExecuteStatementCommand({
          Statement: `DELETE FROM "${t}" WHERE pk = 'a' AND sk = '1' RETURNING ALL OLD *`,
        }),
      );
      expect(deleted.Items).toEqual([{ pk: { S: 'a' }, sk: { S: '1' }, n: { N: '1' } }]);
    });

    it('BatchExecuteStatement answers each statement; ExecuteTransaction cancels with reasons', async () => {
      const t = await table(client);
      const batch = await client.send(
        new BatchExecuteStatementCommand({
          Statements: [
            { Statement: `INSERT INTO "${t}" VALUE {'pk': 'a', 'sk': '1'}` },
            { Statement: `UPDATE "${t}" SET n = 1 WHERE pk = 'b' AND sk = '1'` },
          ],
        }),
      );
      expect(batch.Responses?.[0]).toEqual({ TableName: t });
      expect(batch.Responses?.[1]?.Error?.Code).toBe('ConditionalCheckFailed');
      await expect(
        client.send(
          new ExecuteTransactionCommand({
            TransactStatements: [
              { Statement: `INSERT INTO "${t}" VALUE {'pk': 'c', 'sk': '1'}` },
              { Statement: `UPDATE "${t}" SET n = 1 WHERE pk = 'b' AND sk = '1'` },
            ],
          }),
        ),
      ).rejects.toMatchObject({
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      });
      const read = await client.send(
        new ExecuteTransactionCommand({
          TransactStatements: [{ Statement: `SELECT * FROM "${t}" WHERE pk = 'a' AND sk = '1'` }],
        }),
      );
      expect(read.Responses).toEqual([{ Item: { pk: { S: 'a' }, sk: { S: '1' } } }]);
      await client.send(
        new ExecuteStatementCommand({ Statement: `UPDATE "${t}" SET m = {'k': [1, 2]} WHERE pk = 'a' AND sk = '1'` }),
      );
      const nested = await client.send(
        new ExecuteTransactionCommand({
          TransactStatements: [{ Statement: `SELECT m.k[1] FROM "${t}" WHERE pk = 'a' AND sk = '1'` }],
        }),
      );
      expect(nested.Responses).toEqual([{ Item: { 'k[1]': { N: '2' } } }]);
    });

    it('the DocumentClient commands marshal parameters and unmarshal items', async () => {
      const t = await table(client);
      await documents.send(
        new DocumentExecuteStatementCommand({
          Statement: `INSERT INTO "${t}" VALUE {'pk': ?, 'sk': ?, 'tags': ?}`,
          Parameters: ['d', '1', new Set(['a'])],
        }),
      );
      const selected = await documents.send(
        new DocumentExecuteStatementCommand({
          Statement: `SELECT * FROM "${t}" WHERE pk = ? AND sk = ?`,
          Parameters: ['d', '1'],
        }),
      );
      expect(selected.Items).toEqual([{ pk: 'd', sk: '1', tags: new Set(['a']) }]);
      const batch = await documents.send(
        new DocumentBatchExecuteStatementCommand({
          Statements: [{ Statement: `SELECT * FROM "${t}" WHERE pk = ? AND sk = ?`, Parameters: ['d', '1'] }],
        }),
      );
      expect(batch.Responses?.[0]?.Item).toEqual({ pk: 'd', sk: '1', tags: new Set(['a']) });
      const transaction = await documents.send(
        new DocumentExecuteTransactionCommand({
          TransactStatements: [{ Statement: `SELECT pk FROM "${t}" WHERE pk = 'd' AND sk = '1'` }],
        }),
      );
      expect(transaction.Responses).toEqual([{ Item: { pk: 'd' } }]);
    });
  });
}

const BOTO3_SCRIPT = String.raw`
import sys, boto3
db = boto3.client("dynamodb", endpoint_url=sys.argv[1], region_name="us-east-1", aws_access_key_id="local", aws_secret_access_key="local")
db.create_table(TableName="boto_partiql", BillingMode="PAY_PER_REQUEST",
  AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}], KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
db.execute_statement(Statement="INSERT INTO \"boto_partiql\" VALUE {'pk': ?, 'n': 1}", Parameters=[{"S": "a"}])
try:
    db.execute_statement(Statement="INSERT INTO \"boto_partiql\" VALUE {'pk': 'a'}")
    raise SystemExit("duplicate insert succeeded")
except db.exceptions.DuplicateItemException:
    pass
db.execute_statement(Statement="UPDATE \"boto_partiql\" SET n = n + 1 WHERE pk = 'a'")
items = db.execute_statement(Statement="SELECT * FROM \"boto_partiql\" WHERE pk = ?", Parameters=[{"S": "a"}])["Items"]
assert items == [{"pk": {"S": "a"}, "n": {"N": "2"}}], items
print("boto3 partiql ok")
`;

describe('PartiQL through boto3 against the server', () => {
  it.skipIf(!hasBoto3)(
    `execute_statement inserts, refuses a duplicate, updates and selects${boto3SkipNote}`,
    async () => {
      const { stdout } = await run('python3', ['-c', BOTO3_SCRIPT, server.endpoint], { timeout: 60_000 });
      expect(stdout.trim()).toBe('boto3 partiql ok');
    },
  );
});
