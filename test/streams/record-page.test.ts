import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseOfEngine } from '../../src/engine/storage/storage.test-support.js';
import { Engine } from '../../src/engine/engine.js';

/*
 * GetRecords answers from stored record rows without parsing them for the wire
 * (record-page.ts): its text must be exactly JSON.stringify of the records `handle` builds,
 * for every view type, event, value type, escape and the TTL service identity.
 */

const STREAMS = 'DynamoDBStreams_20120810.';
const hour = 60 * 60 * 1000;
let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
let engine: Engine;

beforeEach(() => {
  clock = Date.UTC(2026, 0, 1, 12, 0, 0);
  engine = new Engine({ inMemory: true, now: () => clock, ttlReapIntervalMs: 0 });
});
afterEach(() => engine.close());

function createTable(name: string, viewType: string): string {
  const answer = engine.handle('CreateTable', {
    TableName: name,
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: viewType },
  }) as { TableDescription: { LatestStreamArn: string } };
  return answer.TableDescription.LatestStreamArn;
}

function trimHorizon(arn: string): string {
  const { StreamDescription } = engine.handle(`${STREAMS}DescribeStream`, { StreamArn: arn }) as {
    StreamDescription: { Shards: { ShardId: string }[] };
  };
  const answer = engine.handle(`${STREAMS}GetShardIterator`, {
    StreamArn: arn,
    ShardId: StreamDescription.Shards[0].ShardId,
    ShardIteratorType: 'TRIM_HORIZON',
  }) as { ShardIterator: string };
  return answer.ShardIterator;
}

const awkward = {
  pk: { S: 'quote " backslash \\ newline \n tab \t unicode é 🎉 \u0001' },
  sk: { N: '1.50' },
  b: { B: 'AAEC/w==' },
  bs: { BS: ['AQ==', 'Ag=='] },
  ns: { NS: ['1', '-2.5e3'] },
  ss: { SS: ['x', 'y'] },
  nested: {
    M: { list: { L: [{ NULL: true }, { BOOL: false }, { M: {} }, { L: [] }] }, __proto__: { S: 'own member' } },
  },
};

describe('GetRecords pages', () => {
  for (const viewType of ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES']) {
    it(`${viewType}: the wire text is JSON.stringify of the records handle returns`, () => {
      const arn = createTable('pages', viewType);
      engine.handle('UpdateTimeToLive', {
        TableName: 'pages',
        TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' },
      });
      engine.handle('PutItem', { TableName: 'pages', Item: JSON.parse(JSON.stringify(awkward)) as object });
      const stored = (
        engine.handle('GetItem', { TableName: 'pages', Key: { pk: awkward.pk, sk: awkward.sk } }) as { Item: object }
      ).Item;
      engine.handle('UpdateItem', {
        TableName: 'pages',
        Key: { pk: awkward.pk, sk: awkward.sk },
        UpdateExpression: 'SET extra = :e',
        ExpressionAttributeValues: { ':e': { S: '</script>\u2028' } },
      });
      engine.handle('PutItem', {
        TableName: 'pages',
        Item: { pk: { S: 'gone' }, sk: { N: '2' }, ttl: { N: String(clock / 1000 - 5) } },
      });
      expect(engine.reapExpiredItems()).toBe(1);
      engine.handle('DeleteItem', { TableName: 'pages', Key: { pk: awkward.pk, sk: awkward.sk } });
      const request = { ShardIterator: trimHorizon(arn) };
      const records = (engine.handle(`${STREAMS}GetRecords`, request) as { Records: Record<string, unknown>[] })
        .Records;
      expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY', 'INSERT', 'REMOVE', 'REMOVE']);
      expect(records[3].userIdentity).toEqual({ PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' });
      const modify = records[1].dynamodb as Record<string, unknown>;
      expect(Object.keys(modify)).toEqual([
        'ApproximateCreationDateTime',
        'Keys',
        ...(viewType === 'NEW_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES' ? ['NewImage'] : []),
        ...(viewType === 'OLD_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES' ? ['OldImage'] : []),
        'SequenceNumber',
        'SizeBytes',
        'StreamViewType',
      ]);
      if (modify.OldImage) expect(modify.OldImage).toEqual(stored);
      const text = engine.answer(`${STREAMS}GetRecords`, request).toJson();
      expect(text).toBe(JSON.stringify(engine.handle(`${STREAMS}GetRecords`, request)));
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(engine.handle(`${STREAMS}GetRecords`, request))));
    });
  }

  it('sequence numbers keep increasing after every record was trimmed: the newest record stays', () => {
    const arn = createTable('pages', 'KEYS_ONLY');
    engine.handle('PutItem', { TableName: 'pages', Item: { pk: { S: 'a' }, sk: { N: '1' } } });
    engine.handle('PutItem', { TableName: 'pages', Item: { pk: { S: 'b' }, sk: { N: '1' } } });
    const sequenceOf = (records: { dynamodb: { SequenceNumber: string } }[]) =>
      records.map((record) => BigInt(record.dynamodb.SequenceNumber));
    const [, last] = sequenceOf(
      (engine.handle(`${STREAMS}GetRecords`, { ShardIterator: trimHorizon(arn) }) as { Records: never[] }).Records,
    );
    clock += 25 * hour;
    engine.reapExpiredItems();
    const left = databaseOfEngine(engine).prepare('SELECT count(*) FROM monotable_stream_records').pluck().get();
    expect(left).toBe(1);
    // Past retention, the record kept is not handed out.
    expect(
      (engine.handle(`${STREAMS}GetRecords`, { ShardIterator: trimHorizon(arn) }) as { Records: never[] }).Records,
    ).toEqual([]);
    engine.handle('PutItem', { TableName: 'pages', Item: { pk: { S: 'c' }, sk: { N: '1' } } });
    const after = sequenceOf(
      (engine.handle(`${STREAMS}GetRecords`, { ShardIterator: trimHorizon(arn) }) as { Records: never[] }).Records,
    );
    expect(after).toHaveLength(1);
    expect(after[0] > last).toBe(true);
  });
});
