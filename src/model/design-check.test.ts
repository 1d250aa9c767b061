import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkDesign, defineEntity, defineModel, defineTable, renderAccessPatternTable } from './index.js';
import { model as researchModel } from '../../examples/research-jobs/model.js';

const table = defineTable({
  name: 'shop',
  indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
});
const order = defineEntity(table, {
  name: 'order',
  attributes: { id: z.string(), customer: z.string(), status: z.string() },
  key: { pk: 'ORDER#{id}', sk: 'META' },
  indexes: { gsi1: { pk: 'CUSTOMER#{customer}', sk: 'ORDER#{id}' } },
});
const line = defineEntity(table, {
  name: 'line',
  attributes: { orderId: z.string(), n: z.number() },
  key: { pk: 'ORDER#{orderId}', sk: 'LINE#{n:3}' },
});

describe('design check', () => {
  it('accepts the reference design and renders the guide table', () => {
    expect(checkDesign(researchModel)).toMatchObject({ ok: true, problems: [] });
    const doc = renderAccessPatternTable(researchModel);
    expect(doc.split('\n').slice(0, 4)).toEqual([
      '| # | Access pattern | Key design |',
      '|---|---|---|',
      '| 1 | Get job by ID | PK=`JOB#<id>`, SK=`METADATA` |',
      '| 2 | Get job with findings + report | PK=`JOB#<id>`, SK begins_with `""` (Query, one round trip) |',
    ]);
    expect(doc).toContain(
      '| 3 | List jobs by status, newest first | GSI1: PK=`STATUS#<status>`, SK=`<createdAt>` (sparse, newest first) |',
    );
  });

  it('refuses scans, filters and patterns no key serves, naming the pattern and the reason', () => {
    const model = defineModel({
      table,
      entities: [order, line],
      accessPatterns: {
        getOrder: { description: 'Get order', entities: ['order', 'line'], key: { pk: 'ORDER#{id}' } },
        allOrders: { description: 'All orders', entities: ['order'], scan: true },
        openOrders: {
          description: 'Open orders',
          entities: ['order'],
          key: { pk: 'ORDER#{id}' },
          filter: 'status = open',
        },
        linesByCustomer: {
          description: 'Lines by customer',
          entities: ['line'],
          index: 'gsi1',
          key: { pk: 'CUSTOMER#{customer}' },
        },
        ordersByDay: { description: 'Orders by day', entities: ['order'], key: { pk: 'DAY#{day}' } },
        orderMeta: {
          description: 'Order line 1',
          entities: ['line'],
          key: { pk: 'ORDER#{id}', sk: { equals: 'META' } },
        },
        noKey: { description: 'Anything', entities: ['order'] },
      },
    });
    const result = checkDesign(model);
    expect(result.ok).toBe(false);
    const reasons = Object.fromEntries(result.problems.map((p) => [p.pattern, p.reason]));
    expect(reasons.getOrder).toBeUndefined();
    expect(reasons.allOrders).toMatch(/needs a Scan/);
    expect(reasons.noKey).toMatch(/needs a Scan: it has no partition-key condition/);
    expect(reasons.openOrders).toMatch(/uses a filter \(status = open\) in place of a key/);
    expect(reasons.linesByCustomer).toMatch(/entity 'line' carries no keys for index 'gsi1'/);
    expect(reasons.ordersByDay).toMatch(/partition key `DAY#<day>` does not match entity 'order' key `ORDER#<id>`/);
    expect(reasons.orderMeta).toMatch(/never matches entity 'line' key `LINE#<n>`/);
  });

  it('refuses consistentRead on a global secondary index, with the reason, and accepts it on the table', () => {
    const model = defineModel({
      table,
      entities: [order],
      accessPatterns: {
        getOrderNow: {
          description: 'Get order, read after write',
          entities: ['order'],
          key: { pk: 'ORDER#{id}', sk: { equals: 'META' } },
          consistentRead: true,
        },
        ordersOfCustomer: {
          description: 'Orders of a customer',
          entities: ['order'],
          index: 'gsi1',
          key: { pk: 'CUSTOMER#{customer}' },
          consistentRead: true,
        },
        ordersOfCustomerLater: {
          description: 'Orders of a customer, eventually',
          entities: ['order'],
          index: 'gsi1',
          key: { pk: 'CUSTOMER#{customer}' },
          consistentRead: false,
        },
      },
    });
    const result = checkDesign(model);
    expect(result.problems).toEqual([
      {
        pattern: 'ordersOfCustomer',
        reason:
          "declares consistentRead on index 'gsi1', a global secondary index: DynamoDB reads a global secondary index only eventually consistently " +
          '(a Query with ConsistentRead there answers ValidationException "Consistent reads are not supported on global secondary indexes"); ' +
          'for read-after-write, read the item from the table by its key with a consistent read, or drop consistentRead',
      },
    ]);
    const doc = renderAccessPatternTable(model);
    expect(doc).toContain('| Get order, read after write | PK=`ORDER#<id>`, SK=`META` (consistent read) |');
    expect(doc).toContain('(consistent read — refused)');
  });

  it('refuses an entity whose key templates could render the reserved migration record key, and no other', () => {
    const bare = defineEntity(table, {
      name: 'bare',
      attributes: { id: z.string(), kind: z.string() },
      key: { pk: '{id}', sk: '{kind}' },
    });
    const prefixed = defineEntity(table, {
      name: 'prefixed',
      attributes: { id: z.string() },
      key: { pk: '{id}', sk: 'META' },
    });
    const model = (entity: typeof bare | typeof prefixed) =>
      defineModel({
        table,
        entities: [entity],
        accessPatterns: { get: { description: 'Get', entities: [entity.name], key: { pk: '{id}' } } },
      });
    const refused = checkDesign(model(bare));
    expect(refused.ok).toBe(false);
    expect(refused.problems).toEqual([
      {
        pattern: '(model)',
        reason: expect.stringContaining(
          "entity 'bare' has key templates ({id} / {kind}) that could render the reserved key #monotable / MODEL",
        ),
      },
    ]);
    // `{id}` alone could be '#monotable', but the constant sort key 'META' is never 'MODEL'.
    expect(checkDesign(model(prefixed)).ok).toBe(true);
  });
});
