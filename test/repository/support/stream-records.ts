import {
  DynamoDBStreamsClient,
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { createLocalStreamsClient } from '../../../src/local/index.js';
import type { TestEngine } from '../../support/engines.js';

/** A streams client on the same engine as `engine.client()`: in process, or DynamoDB Local 3.3.1's endpoint. */
export function streamsClientOf(engine: TestEngine): DynamoDBStreamsClient {
  if (engine.name === 'in-process') return createLocalStreamsClient(engine.client());
  const endpoint =
    engine.name === 'dynamodb-local-3' ? inject('dynamoDbLocal3Endpoint') : inject('dynamoDbLocalEndpoint');
  return new DynamoDBStreamsClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

/** Every record of the table's latest stream so far, shard by shard, through GetRecords (the SDK's `Record` shape). */
export async function allStreamRecords(
  engine: TestEngine,
  streams: DynamoDBStreamsClient,
  tableName: string,
): Promise<_Record[]> {
  const { Table } = await engine.client().send(new DescribeTableCommand({ TableName: tableName }));
  const StreamArn = Table?.LatestStreamArn;
  if (!StreamArn) throw new Error(`${tableName} has no stream`);
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
  const records: _Record[] = [];
  for (const shard of StreamDescription?.Shards ?? []) {
    let { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
    );
    // An open shard answers an iterator forever: stop at the first empty page.
    while (ShardIterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator }));
      if (!page.Records?.length) break;
      records.push(...page.Records);
      ShardIterator = page.NextShardIterator;
    }
  }
  return records;
}
