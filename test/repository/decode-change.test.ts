import { DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalClient, createLocalStreamsClient } from '../../src/local/index.js';
import { createTableFromModel, decodeChange, TableRepository, type ModelChange } from '../../src/repository/index.js';
import { runStreamHandler, type DynamoDBStreamRecord } from '../../src/streams/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { changeModel } from './fixtures/change-model.js';
import { allStreamRecords, streamsClientOf } from './support/stream-records.js';

const blob = new Uint8Array([0, 1, 2, 254, 255]);

describeEachEngine(
  'decodeChange',
  (engine) => {
    let streams: DynamoDBStreamsClient;
    beforeAll(() => {
      streams = streamsClientOf(engine);
    });
    afterAll(() => streams.destroy());

    it('createTableFromModel enables the stream the model declares', async () => {
      const tableName = uniqueTableName('changes');
      await createTableFromModel(engine.client(), changeModel('NEW_IMAGE'), { tableName });
      const { Table } = await engine.client().send(new DescribeTableCommand({ TableName: tableName }));
      expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
      expect(Table?.LatestStreamArn).toContain(`table/${tableName}/stream/`);
    });

    it('decodes repository writes (NEW_AND_OLD_IMAGES) into typed entity changes, from GetRecords', async () => {
      const model = changeModel('NEW_AND_OLD_IMAGES');
      const tableName = uniqueTableName('changes');
      await createTableFromModel(engine.client(), model, { tableName });
      const db = new TableRepository(engine.client(), model, { tableName });
      await db.entity('task').create({ project: 'p#1', n: 7, status: 'open', blob, tags: new Set(['a', 'b']) });
      await db.entity('task').update({ project: 'p#1', n: 7 }, { set: { status: 'done' } });
      await db.entity('note').put({ project: 'p#1', id: 'n1', text: 'hello' });
      await db.entity('task').delete({ project: 'p#1', n: 7 });

      const changes = (await allStreamRecords(engine, streams, tableName)).map((record) => decodeChange(model, record));
      expect(changes.map((change) => [change.entity, change.eventName])).toEqual([
        ['task', 'INSERT'],
        ['task', 'MODIFY'],
        ['note', 'INSERT'],
        ['task', 'REMOVE'],
      ]);
      const [insert, modify, note, remove] = changes;
      const created = { project: 'p#1', n: 7, status: 'open', blob, tags: new Set(['a', 'b']), version: 1 };
      expect(insert).toMatchObject({ key: { project: 'p#1', n: 7 }, newItem: created });
      expect(insert.oldItem).toBeUndefined();
      expect(modify).toMatchObject({
        key: { project: 'p#1', n: 7 },
        oldItem: created,
        newItem: { ...created, status: 'done', version: 2 },
      });
      // The table's own attributes (keys, index keys, entity type, TTL) are not the entity's.
      expect(Object.keys(note.newItem ?? {}).sort()).toEqual(['id', 'project', 'text']);
      expect(remove).toMatchObject({ key: { project: 'p#1', n: 7 }, oldItem: { status: 'done', version: 2 } });
      expect(remove.newItem).toBeUndefined();
      for (const change of changes) {
        expect(change.sequenceNumber).toMatch(/^\d+$/);
        expect(change.eventId.length).toBeGreaterThan(0);
      }
    });

    it('finds the entity from its key templates when no image says it (KEYS_ONLY), and says when it cannot', async () => {
      const model = changeModel('KEYS_ONLY');
      const tableName = uniqueTableName('changes');
      await createTableFromModel(engine.client(), model, { tableName });
      const db = new TableRepository(engine.client(), model, { tableName });
      await db.entity('task').create({ project: 'a%b', n: 42, status: 'open' });
      await db.entity('pin').put({ board: 'b1', id: 'x' });
      await engine
        .client()
        .send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'RAW' }, sk: { S: 'ITEM' } } }));

      const [task, pin, raw] = (await allStreamRecords(engine, streams, tableName)).map((record) =>
        decodeChange(model, record),
      );
      // The numbered key part comes back a number: the schema refuses the text '0042'.
      expect(task).toMatchObject({ entity: 'task', eventName: 'INSERT', key: { project: 'a%b', n: 42 } });
      expect(task.newItem).toBeUndefined();
      expect(pin).toMatchObject({ entity: undefined, reason: 'ambiguous-key', candidates: ['pin', 'tack'] });
      expect(raw).toMatchObject({ entity: undefined, reason: 'no-entity', eventName: 'INSERT' });
      expect(raw.entity === undefined && raw.record.dynamodb?.Keys).toEqual({ pk: { S: 'RAW' }, sk: { S: 'ITEM' } });
    });

    it('reports an entity type the model does not know', async () => {
      const model = changeModel('NEW_IMAGE');
      const tableName = uniqueTableName('changes');
      await createTableFromModel(engine.client(), model, { tableName });
      await engine.client().send(
        new PutItemCommand({
          TableName: tableName,
          Item: { pk: { S: 'PROJECT#p' }, sk: { S: 'TASK#0001' }, _type: { S: 'legacyTask' } },
        }),
      );
      const [change] = (await allStreamRecords(engine, streams, tableName)).map((record) =>
        decodeChange(model, record),
      );
      expect(change).toMatchObject({ entity: undefined, reason: 'unknown-entity', typeName: 'legacyTask' });
    });
  },
  { engines: ['in-process', 'dynamodb-local-3'] },
);

describe('decodeChange on the records Lambda delivers', () => {
  it('reads base64 binaries, and decodes what runStreamHandler hands a handler exactly as GetRecords', async () => {
    const model = changeModel('NEW_AND_OLD_IMAGES');
    const client = createLocalClient({ inMemory: true });
    try {
      await createTableFromModel(client, model);
      const seen: ModelChange<typeof model>[] = [];
      const lambdaRecords: DynamoDBStreamRecord[] = [];
      const running = runStreamHandler({
        client,
        tableName: model.table.name,
        startingPosition: 'TRIM_HORIZON',
        handler: (event) => {
          lambdaRecords.push(...event.Records);
          seen.push(...event.Records.map((record) => decodeChange(model, record)));
        },
      });
      const db = new TableRepository(client, model);
      await db.entity('task').create({ project: 'p', n: 1, status: 'open', blob });
      await db.entity('task').update({ project: 'p', n: 1 }, { set: { status: 'done' } });
      await running.drain();
      await running.stop();
      expect(typeof lambdaRecords[0].dynamodb?.NewImage?.blob.B).toBe('string');
      expect(seen).toHaveLength(2);
      const [insert, modify] = seen;
      expect(insert).toMatchObject({ entity: 'task', eventName: 'INSERT', newItem: { blob, status: 'open' } });
      if (modify.entity === 'task' && modify.eventName === 'MODIFY') {
        expect([modify.oldItem.status, modify.newItem.status]).toEqual(['open', 'done']);
      } else {
        expect.unreachable(`a task MODIFY, got ${modify.entity} ${modify.eventName}`);
      }
      expect(insert.eventId).toBe(lambdaRecords[0].eventID);
      // The same records read by GetRecords (bytes, not base64) decode to the same changes.
      const streams = createLocalStreamsClient(client);
      const inProcess = { name: 'in-process' as const, client: () => client };
      const fromGetRecords = (await allStreamRecords(inProcess, streams, model.table.name)).map((record) =>
        decodeChange(model, record),
      );
      streams.destroy();
      expect(fromGetRecords).toEqual(seen);
    } finally {
      client.destroy();
    }
  });

  it('refuses what is not an item change record', () => {
    const model = changeModel('NEW_IMAGE');
    expect(() => decodeChange(model, {})).toThrow(TypeError);
    expect(() => decodeChange(model, { eventName: 'INSERT', dynamodb: {} })).toThrow(/no dynamodb.Keys/);
  });
});
