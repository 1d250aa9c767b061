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
import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/local/server/start-server.js';

// Asynchronous: the server under test runs in this process and must keep answering.
const run = promisify(execFile);

requirePythonTools('the streams boto3/AWS CLI tests', { boto3: true, awsCli: true });
const environment = localAwsEnvironment;

// DynamoDB Streams on the server's one endpoint, as DynamoDB Local serves it.
const BOTO3_SCRIPT = String.raw`
import sys, boto3
db = boto3.client("dynamodb", endpoint_url=sys.argv[1])
streams = boto3.client("dynamodbstreams", endpoint_url=sys.argv[1])
arn = db.create_table(TableName="pytable", BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
    StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})["TableDescription"]["LatestStreamArn"]
db.put_item(TableName="pytable", Item={"pk": {"S": "a"}, "v": {"N": "1"}})
db.put_item(TableName="pytable", Item={"pk": {"S": "a"}, "v": {"N": "2"}})
assert [s["StreamArn"] for s in streams.list_streams(TableName="pytable")["Streams"]] == [arn]
shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard, ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
records = streams.get_records(ShardIterator=iterator)["Records"]
assert [r["eventName"] for r in records] == ["INSERT", "MODIFY"], records
assert records[1]["dynamodb"]["OldImage"]["v"] == {"N": "1"}, records
try:
    streams.get_records(ShardIterator="nonsense")
    raise SystemExit("a bad iterator was accepted")
except streams.exceptions.ClientError as error:
    assert error.response["Error"]["Code"] == "ValidationException", error.response
print("boto3 streams ok")
`;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, inMemory: true });
});
afterAll(() => server.close());

const config = () => ({
  endpoint: server.endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  maxAttempts: 1,
});

describe('DynamoDB Streams over HTTP on monotable serve', () => {
  it('the JavaScript DynamoDBStreamsClient reads the records', async () => {
    const client = new DynamoDBClient(config());
    const streams = new DynamoDBStreamsClient(config());
    const created = await client.send(
      new CreateTableCommand({
        TableName: 'jstable',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
      }),
    );
    const arn = created.TableDescription?.LatestStreamArn as string;
    await client.send(new PutItemCommand({ TableName: 'jstable', Item: { pk: { S: 'x' } } }));
    const shard = (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription?.Shards?.[0];
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard?.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
    );
    const { Records } = await streams.send(new GetRecordsCommand({ ShardIterator }));
    expect(Records?.map((record) => [record.eventName, record.dynamodb?.Keys])).toEqual([
      ['INSERT', { pk: { S: 'x' } }],
    ]);
    client.destroy();
    streams.destroy();
  });

  it.skipIf(!hasBoto3)(`boto3 dynamodbstreams lists, describes and reads a stream${boto3SkipNote}`, async () => {
    const { stdout } = await run('python3', ['-c', BOTO3_SCRIPT, server.endpoint], {
      env: environment,
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('boto3 streams ok');
  });

  it.skipIf(!hasAwsCli)(`aws dynamodbstreams list-streams answers${awsCliSkipNote}`, async () => {
    const { stdout } = await run(
      'aws',
      ['dynamodbstreams', 'list-streams', '--endpoint-url', server.endpoint, '--output', 'json'],
      {
        env: environment,
        timeout: 60_000,
      },
    );
    const streams = (JSON.parse(stdout) as { Streams: { TableName: string }[] }).Streams.map(
      (stream) => stream.TableName,
    );
    expect(streams).toContain('jstable');
  });
});
