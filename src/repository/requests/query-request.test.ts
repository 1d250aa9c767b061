import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity } from '../../model/entity.js';
import { defineModel } from '../../model/model.js';
import { defineTable } from '../../model/table.js';
import { UnsupportedOperationError } from '../errors.js';
import { buildQueryRequest } from './query-request.js';

const table = defineTable({
  name: 'research',
  indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
});
const job = defineEntity(table, {
  name: 'job',
  attributes: { id: z.string(), day: z.string(), status: z.string() },
  key: { pk: 'JOB#{id}', sk: 'DAY#{day}' },
  indexes: { gsi1: { pk: 'STATUS#{status}', sk: '{day}' } },
});
const model = defineModel({
  table,
  entities: [job],
  accessPatterns: {
    between: {
      description: 'days in a range',
      entities: ['job'],
      key: { pk: 'JOB#{id}', sk: { between: ['DAY#{from}', 'DAY#{to}'] } },
    },
    after: { description: 'days after', entities: ['job'], key: { pk: 'JOB#{id}', sk: { gt: 'DAY#{day}' } } },
    whole: { description: 'whole partition', entities: ['job'], key: { pk: 'JOB#{id}', sk: { beginsWith: '' } } },
    byStatus: {
      description: 'by status',
      entities: ['job'],
      index: 'gsi1',
      key: { pk: 'STATUS#{status}' },
      order: 'descending',
    },
    scan: { description: 'everything', entities: ['job'], scan: true },
  },
});
/** The request's expressions with names and values put back, for reading. */
function resolved(request: ReturnType<typeof buildQueryRequest>): string {
  const names = request.ExpressionAttributeNames ?? {};
  const values = (request.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  return (request.KeyConditionExpression ?? '')
    .replace(/#n\d+/g, (n) => names[n])
    .replace(/:v\d+/g, (v) => JSON.stringify(values[v]));
}

describe('pattern query requests', () => {
  it('render BETWEEN from two sort-key templates', () => {
    expect(
      resolved(buildQueryRequest('t', model, model.accessPatterns.between, { id: '1', from: '01', to: '09' })),
    ).toBe('pk = "JOB#1" AND sk BETWEEN "DAY#01" AND "DAY#09"');
  });

  it('render a comparison operator', () => {
    expect(resolved(buildQueryRequest('t', model, model.accessPatterns.after, { id: '1', day: '05' }))).toBe(
      'pk = "JOB#1" AND sk > "DAY#05"',
    );
  });

  it('leave the sort key unconstrained for the whole partition', () => {
    expect(resolved(buildQueryRequest('t', model, model.accessPatterns.whole, { id: '1' }))).toBe('pk = "JOB#1"');
  });

  it('read the index in the declared order, with limit, start key and shard', () => {
    const request = buildQueryRequest(
      't',
      model,
      model.accessPatterns.byStatus,
      { status: 'run' },
      { limit: 5, exclusiveStartKey: { pk: 'a' }, shard: 2 },
    );
    expect(request).toMatchObject({
      TableName: 't',
      IndexName: 'gsi1',
      ScanIndexForward: false,
      Limit: 5,
      ExclusiveStartKey: { pk: 'a' },
    });
    expect(resolved(request)).toBe('gsi1pk = "STATUS#run#2"');
  });

  it('refuse a pattern without a key condition, since it would need a Scan', () => {
    expect(() => buildQueryRequest('t', model, model.accessPatterns.scan, {})).toThrow(UnsupportedOperationError);
    expect(() => buildQueryRequest('t', model, model.accessPatterns.scan, {})).toThrow(
      'this access pattern has no key condition (it would need a Scan)',
    );
  });
});
