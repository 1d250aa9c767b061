import { execFile } from 'node:child_process';
import { boto3SkipNote, hasBoto3, localAwsEnvironment, requirePythonTools } from '../support/python-tools.js';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/local/index.js';

// Asynchronous: the server under test runs in this process and must keep answering.
const run = promisify(execFile);

/**
 * boto3 (botocore ≥ 1.41, the first with multi-attribute GSI keys in its model) against
 * `monotable serve`: a 4+4 GSI created, backfilled, written, queried in both orders and
 * paged, and DynamoDB's errors for a bad key condition. Skipped with a message where
 * python3 with boto3 is missing; CI installs it and fails without it.
 */
requirePythonTools('the multi-attribute GSI boto3 test', { boto3: true });
const environment = localAwsEnvironment;

const SCRIPT = String.raw`
import sys, boto3
from botocore.exceptions import ClientError
db = boto3.client("dynamodb", endpoint_url=sys.argv[1])
parts = ["a", "b", "c", "d"]; sorts = ["w", "x", "y", "z"]
types = {"a": "S", "b": "N", "c": "B", "d": "S", "w": "S", "x": "N", "y": "B", "z": "S"}
definitions = [{"AttributeName": "pk", "AttributeType": "S"}] + [{"AttributeName": n, "AttributeType": t} for n, t in types.items()]
key_schema = [{"AttributeName": n, "KeyType": "HASH"} for n in parts] + [{"AttributeName": n, "KeyType": "RANGE"} for n in sorts]
db.create_table(TableName="mgsi", BillingMode="PAY_PER_REQUEST", AttributeDefinitions=definitions[:1],
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
partition = {"a": {"S": "t"}, "b": {"N": "1"}, "c": {"B": b"\x00"}, "d": {"S": "r"}}
def item(i):
    return {"pk": {"S": "p%02d" % i}, **partition, "w": {"S": "round%d" % (i % 3)}, "x": {"N": str(i * 10 % 7)},
            "y": {"B": bytes([i % 2, 0])}, "z": {"S": "m%d" % i}}
for i in range(10):
    db.put_item(TableName="mgsi", Item=item(i))
db.update_table(TableName="mgsi", AttributeDefinitions=definitions,
    GlobalSecondaryIndexUpdates=[{"Create": {"IndexName": "byAll", "KeySchema": key_schema, "Projection": {"ProjectionType": "ALL"}}}])
for i in range(10, 20):
    db.put_item(TableName="mgsi", Item=item(i))
described = db.describe_table(TableName="mgsi")["Table"]["GlobalSecondaryIndexes"][0]
assert described["KeySchema"] == key_schema, described
values = {":a": partition["a"], ":b": partition["b"], ":c": partition["c"], ":d": partition["d"], ":w": {"S": "round1"}}
condition = "a = :a AND b = :b AND c = :c AND d = :d AND w = :w"
def query(forward, **extra):
    found, start = [], None
    while True:
        args = dict(TableName="mgsi", IndexName="byAll", KeyConditionExpression=condition, ExpressionAttributeValues=values,
                    ScanIndexForward=forward, Limit=2, **extra)
        if start: args["ExclusiveStartKey"] = start
        page = db.query(**args)
        found += page["Items"]
        start = page.get("LastEvaluatedKey")
        if start: assert sorted(start) == sorted(["pk"] + parts + sorts), start
        if not start: return found
expected = sorted([item(i) for i in range(20) if i % 3 == 1], key=lambda it: (int(it["x"]["N"]), it["y"]["B"], it["z"]["S"]))
forward = query(True)
assert [it["pk"] for it in forward] == [it["pk"] for it in expected], forward
assert [it["pk"] for it in query(False)] == [it["pk"] for it in reversed(expected)]
try:
    db.query(TableName="mgsi", IndexName="byAll", KeyConditionExpression="a = :a AND b = :b AND c = :c",
             ExpressionAttributeValues={":a": partition["a"], ":b": partition["b"], ":c": partition["c"]})
    raise SystemExit("a query without d succeeded")
except ClientError as error:
    assert error.response["Error"]["Code"] == "ValidationException", error.response
    assert error.response["Error"]["Message"] == "HASH key attributes d must have equality conditions specified in the query", error.response
try:
    db.query(TableName="mgsi", IndexName="byAll", KeyConditionExpression="a = :a AND b = :b AND c = :c AND d = :d AND x = :x",
             ExpressionAttributeValues={":a": partition["a"], ":b": partition["b"], ":c": partition["c"], ":d": partition["d"], ":x": {"N": "1"}})
    raise SystemExit("a query skipping w succeeded")
except ClientError as error:
    assert error.response["Error"]["Message"] == "Query key condition not supported", error.response
print("boto3 multi-attribute ok")
`;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, inMemory: true });
});
afterAll(() => server.close());

describe('boto3 against monotable serve, a 4+4 multi-attribute GSI', () => {
  it.skipIf(!hasBoto3)(
    `creates, backfills, writes, queries both ways across pages and gets DynamoDB errors${boto3SkipNote}`,
    async () => {
      const { stdout } = await run('python3', ['-c', SCRIPT, server.endpoint], { env: environment, timeout: 60_000 });
      expect(stdout.trim()).toBe('boto3 multi-attribute ok');
    },
  );
});
