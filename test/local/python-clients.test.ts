import { execFile } from 'node:child_process';
import {
  awsCliSkipNote,
  boto3SkipNote,
  hasAwsCli,
  hasBoto3,
  localAwsEnvironment,
  requirePythonTools,
} from '../support/python-tools.js';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/local/server/start-server.js';

// Asynchronous: the server under test runs in this process and must keep answering.
const run = promisify(execFile);

/**
 * boto3 and the AWS CLI check what the JavaScript SDK does not (the x-amz-crc32 header,
 * their own error parsing), so they run against the server too. On machines without them
 * these tests are skipped with a message; CI installs them (Debian: python3-boto3 awscli)
 * and fails if they are missing.
 */
requirePythonTools('boto3/AWS CLI tests', { boto3: true, awsCli: true });
const environment = localAwsEnvironment;

const BOTO3_SCRIPT = String.raw`
import sys, boto3
from botocore.exceptions import ClientError
db = boto3.client("dynamodb", endpoint_url=sys.argv[1])
db.create_table(TableName="python", BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}],
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
for i in range(3):
    db.put_item(TableName="python", Item={"pk": {"S": "a"}, "sk": {"N": str(i)}, "bin": {"B": bytes([i, 255])}})
got = db.get_item(TableName="python", Key={"pk": {"S": "a"}, "sk": {"N": "2"}})["Item"]
assert got["bin"]["B"] == bytes([2, 255]), got
query = db.query(TableName="python", KeyConditionExpression="pk = :p", ExpressionAttributeValues={":p": {"S": "a"}}, ScanIndexForward=False)
assert [item["sk"]["N"] for item in query["Items"]] == ["2", "1", "0"], query
try:
    db.put_item(TableName="python", Item={"pk": {"S": "a"}, "sk": {"N": "1"}}, ConditionExpression="attribute_not_exists(pk)")
    raise SystemExit("the conditional put succeeded")
except ClientError as error:
    assert error.response["Error"]["Code"] == "ConditionalCheckFailedException", error.response
    assert error.response["ResponseMetadata"]["HTTPStatusCode"] == 400
try:
    db.describe_table(TableName="nope")
    raise SystemExit("describe_table of a missing table succeeded")
except db.exceptions.ResourceNotFoundException:
    pass
resource = boto3.resource("dynamodb", endpoint_url=sys.argv[1])
resource.Table("python").put_item(Item={"pk": "b", "sk": 7, "tags": {"x", "y"}})
assert resource.Table("python").get_item(Key={"pk": "b", "sk": 7})["Item"]["tags"] == {"x", "y"}
print("boto3 ok")
`;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, inMemory: true });
});
afterAll(() => server.close());

describe('Python clients against monotable serve', () => {
  it.skipIf(!hasBoto3)(`boto3 creates, writes, reads, queries and gets DynamoDB errors${boto3SkipNote}`, async () => {
    const { stdout } = await run('python3', ['-c', BOTO3_SCRIPT, server.endpoint], {
      env: environment,
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('boto3 ok');
  });

  it.skipIf(!hasAwsCli)(`aws dynamodb list-tables works with --endpoint-url${awsCliSkipNote}`, async () => {
    server.engine.handle('CreateTable', {
      TableName: 'from-cli',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    });
    const { stdout } = await run(
      'aws',
      ['dynamodb', 'list-tables', '--endpoint-url', server.endpoint, '--output', 'json'],
      {
        env: environment,
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout).TableNames).toContain('from-cli');
  });
});
