import { describe, expect, it } from 'vitest';
import {
  BatchIncompleteError,
  batchWrite,
  buildBatchGetRequests,
  buildBatchWriteRequests,
  buildCreateTableInput,
  buildPutRequest,
  buildQueryRequest,
  buildUpdateRequest,
  tryBuildUpdateRequest,
  UnsupportedOperationError,
  CapacityLedger,
  InvalidCursorError,
  type CommandSender,
  type WriteRequest,
} from '../../src/repository/index.js';
import { createCursorCodec } from '../../src/repository/cursor.js';
import { taskModel } from './fixtures/task-model.js';

const model = taskModel();
const [task, doc, event] = model.entities;
const NOW = Date.parse('2026-05-01T12:00:00.000Z');

describe('request builders (pure, no I/O)', () => {
  it('builds a create with keys, entity type, index keys and a not-exists condition', () => {
    const request = buildPutRequest(
      't',
      task,
      { id: '1', title: 'x', status: 'todo', priority: 0, createdAt: '2026-01-01' },
      { nowMs: NOW, mustNotExist: true },
    );
    expect(request.Item).toEqual({
      id: '1',
      title: 'x',
      status: 'todo',
      priority: 0,
      createdAt: '2026-01-01',
      pk: 'TASK#1',
      sk: 'META',
      _type: 'task',
      gsi1pk: 'STATUS#todo',
      gsi1sk: '2026-01-01',
      version: 1,
    });
    expect(request.ConditionExpression).toBe('attribute_not_exists(#n0)');
    expect(request.ExpressionAttributeNames).toEqual({ '#n0': 'pk' });
  });

  it('stamps the TTL as epoch seconds after the entity duration, and escapes composite keys', () => {
    expect(buildPutRequest('t', event, { taskId: 'a', at: 42, text: 'x' }, { nowMs: NOW }).Item).toMatchObject({
      sk: 'EVENT#0000000000042',
      expires_at: NOW / 1000 + 3600,
    });
    const item = buildPutRequest(
      't',
      doc,
      { realm: 'a#b', kind: '50%', number: 7, title: 't', visibility: 'private' },
      { nowMs: NOW },
    ).Item;
    expect(item).toMatchObject({ pk: 'REALM#a%23b', sk: 'DOC#50%25#0007' });
    expect(item).not.toHaveProperty('gsi2pk');
  });

  it('builds a transition as one conditional update that moves the (sharded) GSI key', () => {
    const request = buildUpdateRequest(
      't',
      task,
      { id: '1' },
      { set: { status: 'doing' }, expectedState: { attribute: 'status', value: 'todo' } },
      { nowMs: NOW },
    );
    const names = request.ExpressionAttributeNames as Record<string, string>;
    const values = request.ExpressionAttributeValues as Record<string, unknown>;
    const resolve = (text: string) =>
      text.replace(/#n\d+/g, (t) => names[t]).replace(/:v\d+/g, (t) => JSON.stringify(values[t]));
    expect(resolve(request.UpdateExpression as string)).toMatch(
      /^SET status = "doing", gsi1pk = "STATUS#doing#[0-2]", version = if_not_exists\(version, 0\) \+ 1$/,
    );
    expect(resolve(request.ConditionExpression as string)).toBe('attribute_exists(pk) AND status = "todo"');
  });

  it('returns the stored values an update needs instead of a request, and the throwing builder names them in a typed error', () => {
    const plan = { set: { visibility: 'public' } };
    const key = { realm: 'r', kind: 'k', number: 1 };
    expect(tryBuildUpdateRequest('t', doc, key, plan, { nowMs: NOW })).toEqual({ ok: false, missing: ['title'] });
    const built = tryBuildUpdateRequest('t', doc, key, plan, {
      nowMs: NOW,
      current: { ...key, title: 'T', visibility: 'private' },
    });
    expect(built.ok && built.request.ExpressionAttributeValues).toMatchObject({
      ':v0': 'public',
      ':v1': 'KIND#k',
      ':v2': 'T',
    });
    const error = (() => {
      try {
        return buildUpdateRequest('t', doc, key, plan, { nowMs: NOW });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect((error as UnsupportedOperationError).payload).toEqual({
      entity: 'doc',
      reason: 'the update needs the stored values of title: pass them as `current`',
    });
  });

  it('builds pattern queries on the table and on indexes, never a Scan', () => {
    const byStatus = buildQueryRequest(
      't',
      model,
      model.accessPatterns.listTasksByStatus,
      { status: 'todo' },
      { limit: 5 },
    );
    expect(byStatus).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: '#n0 = :v0',
      ScanIndexForward: false,
      Limit: 5,
    });
    expect(byStatus.ExpressionAttributeValues).toEqual({ ':v0': 'STATUS#todo' });
    const docs = buildQueryRequest('t', model, model.accessPatterns.listDocsOfKind, { realm: 'r', kind: 'a#b' });
    expect(docs.KeyConditionExpression).toBe('#n0 = :v0 AND begins_with(#n1, :v1)');
    expect(docs.ExpressionAttributeValues).toEqual({ ':v0': 'REALM#r', ':v1': 'DOC#a%23b#' });
    const whole = buildQueryRequest('t', model, model.accessPatterns.getTaskWithEvents, { id: '1' });
    expect(whole.KeyConditionExpression).toBe('#n0 = :v0');
    expect(() =>
      buildQueryRequest('t', model, model.accessPatterns.listTasksByStatus, { status: 'todo' }, { consistent: true }),
    ).toThrow(/consistent/);
  });

  it('chunks batch writes by 25 and batch gets by 100 without duplicate keys', () => {
    const puts: WriteRequest[] = Array.from({ length: 60 }, (_, i) => ({
      PutRequest: { Item: { pk: `P${i}`, sk: 'S' } },
    }));
    expect(buildBatchWriteRequests('t', puts).map((r) => r.RequestItems?.t.length)).toEqual([25, 25, 10]);
    const keys = Array.from({ length: 250 }, (_, i) => ({ pk: `P${i % 201}`, sk: 'S' }));
    expect(buildBatchGetRequests('t', keys).map((r) => r.RequestItems?.t.Keys?.length)).toEqual([100, 100, 1]);
  });

  it('builds the table from the model', () => {
    const input = buildCreateTableInput(model, 'x');
    expect(input.BillingMode).toBe('PAY_PER_REQUEST');
    expect(input.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(['gsi1', 'gsi2']);
    expect(input.AttributeDefinitions?.every((a) => a.AttributeType === 'S')).toBe(true);
  });
});

describe('batch retry', () => {
  function fakeSender(unprocessedRounds: number): { sender: CommandSender; calls: number[] } {
    const calls: number[] = [];
    let round = 0;
    const sender = {
      capacity: new CapacityLedger(),
      batchWrite: async (_label: string, input: { RequestItems?: Record<string, unknown[]> }) => {
        const requests = input.RequestItems?.t ?? [];
        calls.push(requests.length);
        const keep = round++ < unprocessedRounds ? requests.slice(0, 2) : [];
        return {
          UnprocessedItems: keep.length > 0 ? { t: keep } : {},
          ConsumedCapacity: [{ TableName: 't', CapacityUnits: requests.length - keep.length }],
          $metadata: {},
        };
      },
    } as unknown as CommandSender;
    return { sender, calls };
  }

  it('retries unprocessed items with backoff until done and reports capacity', async () => {
    const { sender, calls } = fakeSender(2);
    const delays: number[] = [];
    const requests: WriteRequest[] = Array.from({ length: 30 }, (_, i) => ({
      DeleteRequest: { Key: { pk: `P${i}`, sk: 'S' } },
    }));
    const report = await batchWrite(sender, 'x', 't', requests, {
      maxAttempts: 5,
      baseDelayMs: 10,
      maxDelayMs: 100,
      random: () => 0.5,
      sleep: async (ms) => void delays.push(ms),
    });
    expect(calls).toEqual([25, 2, 2, 5]);
    expect(delays).toEqual([5, 10]);
    expect(report).toEqual({ count: 30, calls: 4, retries: 2, consumedCapacity: 30 });
  });

  it('gives up after the bounded number of attempts with the leftovers', async () => {
    const { sender } = fakeSender(100);
    const requests: WriteRequest[] = [
      { DeleteRequest: { Key: { pk: 'a', sk: 'b' } } },
      { DeleteRequest: { Key: { pk: 'c', sk: 'd' } } },
    ];
    const error = await batchWrite(sender, 'x', 't', requests, {
      maxAttempts: 3,
      baseDelayMs: 1,
      maxDelayMs: 1,
      sleep: async () => undefined,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchIncompleteError);
    expect((error as BatchIncompleteError).payload).toMatchObject({ operation: 'BatchWriteItem', attempts: 3 });
    expect((error as BatchIncompleteError).payload.unprocessed).toHaveLength(2);
  });
});

describe('cursors', () => {
  const codec = createCursorCodec('secret');
  it('round-trips and detects tampering, forgery and reuse on another listing', () => {
    const cursor = codec.encode('listing-a', { pk: 'A', sk: 'B' });
    expect(codec.decode('listing-a', cursor)).toEqual({ pk: 'A', sk: 'B' });
    const [version, payload, mac] = cursor.split('.');
    const forged = `${version}.${Buffer.from(JSON.stringify({ l: 'x', s: { pk: 'Z' } })).toString('base64url')}.${mac}`;
    expect(() => codec.decode('listing-a', forged)).toThrow(
      expect.objectContaining({ payload: { reason: 'tampered' } }),
    );
    expect(() => codec.decode('listing-b', cursor)).toThrow(
      expect.objectContaining({ payload: { reason: 'other-listing' } }),
    );
    expect(() => codec.decode('listing-a', 'garbage')).toThrow(InvalidCursorError);
    expect(() => createCursorCodec('other').decode('listing-a', `${version}.${payload}.${mac}`)).toThrow(/altered/);
  });
});
