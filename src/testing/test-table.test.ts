import { DescribeTableCommand, DescribeTimeToLiveCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../model/index.js';
import { DesignCheckFailedError, ItemAlreadyExistsError, ValidationError } from '../repository/index.js';
import { createTestTable } from './test-table.js';

const table = defineTable({
  name: 'shop',
  indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
  timeToLiveAttribute: 'expires_at',
});
const order = defineEntity(table, {
  name: 'order',
  attributes: {
    orderId: z.string().min(1),
    customer: z.string().min(1),
    status: z.enum(['placed', 'shipped']).default('placed'),
    placedAt: z.iso.datetime(),
  },
  key: { pk: 'ORDER#{orderId}', sk: 'ORDER' },
  indexes: { gsi1: { pk: 'CUSTOMER#{customer}', sk: '{placedAt}' } },
  stateMachine: { attribute: 'status', transitions: { placed: ['shipped'] } },
  version: 'version',
});
const cart = defineEntity(table, {
  name: 'cart',
  attributes: { customer: z.string().min(1), items: z.number().int() },
  key: { pk: 'CART#{customer}', sk: 'CART' },
  ttl: { after: '1d' },
});
const model = defineModel({
  table,
  entities: [order, cart],
  accessPatterns: {
    getOrder: {
      description: 'Get an order',
      entities: ['order'],
      key: { pk: 'ORDER#{orderId}', sk: { equals: 'ORDER' } },
    },
    listOrdersOfCustomer: {
      description: "List a customer's orders, newest first",
      entities: ['order'],
      index: 'gsi1',
      key: { pk: 'CUSTOMER#{customer}' },
      order: 'descending',
    },
    getCart: { description: 'Get a cart', entities: ['cart'], key: { pk: 'CART#{customer}', sk: { equals: 'CART' } } },
  },
});

const start = '2026-03-01T09:00:00.000Z';

describe('createTestTable', () => {
  it("creates the model's table, its index and its TTL on an engine that reads the test's clock", async () => {
    const t = await createTestTable(model, { now: start });
    try {
      const { Table } = await t.client.send(new DescribeTableCommand({ TableName: 'shop' }));
      expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['gsi1']);
      expect(Table?.CreationDateTime).toEqual(new Date(start));
      const ttl = await t.client.send(new DescribeTimeToLiveCommand({ TableName: 'shop' }));
      expect(ttl.TimeToLiveDescription).toMatchObject({ AttributeName: 'expires_at', TimeToLiveStatus: 'ENABLED' });
      expect(t.tableName).toBe('shop');
    } finally {
      await t.close();
    }
  });

  it('seeds typed items through the repositories: defaults, version and index keys as in production', async () => {
    await using t = await createTestTable(model, { now: start });
    const seeded = await t.seed({
      order: [
        { orderId: 'o1', customer: 'ann', placedAt: '2026-02-01T00:00:00.000Z' },
        { orderId: 'o2', customer: 'ann', placedAt: '2026-02-02T00:00:00.000Z', status: 'shipped' },
      ],
      cart: [{ customer: 'ann', items: 3 }],
    });
    expect(Object.keys(seeded)).toEqual(['order', 'cart']);
    expect(seeded.order[0]).toEqual({
      orderId: 'o1',
      customer: 'ann',
      status: 'placed',
      placedAt: '2026-02-01T00:00:00.000Z',
      version: 1,
    });
    const { items } = await t.db.query('listOrdersOfCustomer', { customer: 'ann' });
    expect(items.map((item) => item.orderId)).toEqual(['o2', 'o1']);
    const stored = await t.documentClient.send(
      new GetCommand({ TableName: 'shop', Key: { pk: 'ORDER#o1', sk: 'ORDER' } }),
    );
    expect(stored.Item).toMatchObject({ gsi1pk: 'CUSTOMER#ann', gsi1sk: '2026-02-01T00:00:00.000Z' });
  });

  it('refuses a seed item whose key is taken or whose attributes fail the schema, as create does', async () => {
    await using t = await createTestTable(model);
    await t.seed({ cart: [{ customer: 'bob', items: 1 }] });
    await expect(t.seed({ cart: [{ customer: 'bob', items: 2 }] })).rejects.toBeInstanceOf(ItemAlreadyExistsError);
    await expect(t.seed({ cart: [{ customer: 'eve', items: 1.5 }] })).rejects.toBeInstanceOf(ValidationError);
    await expect(t.seed({ basket: [{}] } as never)).rejects.toThrow(/basket/);
  });

  it("gives each entity's repository by name, the same object as db.entity(name)", async () => {
    await using t = await createTestTable(model);
    expect(Object.keys(t.repositories)).toEqual(['order', 'cart']);
    expect(t.repositories.order).toBe(t.db.entity('order'));
    await t.repositories.order.create({ orderId: 'o9', customer: 'cy', placedAt: start });
    await t.repositories.order.transition({ orderId: 'o9' }, { from: 'placed', to: 'shipped' });
    expect((await t.db.entity('order').get({ orderId: 'o9' }))?.status).toBe('shipped');
  });

  it('moves TTL expiry with the clock: an item is reaped once the clock passes its expiry', async () => {
    await using t = await createTestTable(model, { now: start });
    await t.seed({ cart: [{ customer: 'ann', items: 1 }] });
    const stored = await t.documentClient.send(
      new GetCommand({ TableName: 'shop', Key: { pk: 'CART#ann', sk: 'CART' } }),
    );
    expect(stored.Item?.expires_at).toBe(Date.parse(start) / 1000 + 86_400);
    t.clock.advance('23h');
    expect(await t.repositories.cart.get({ customer: 'ann' })).toBeDefined();
    t.clock.advance('1h');
    expect(await t.repositories.cart.get({ customer: 'ann' })).toBeUndefined();
  });

  it('leaves expired items stored until reapExpiredItems when reapOnClockMove is false', async () => {
    await using t = await createTestTable(model, { now: start, reapOnClockMove: false });
    await t.seed({ cart: [{ customer: 'ann', items: 1 }] });
    t.clock.advance('2d');
    expect(await t.repositories.cart.get({ customer: 'ann' })).toBeDefined();
    expect(t.reapExpiredItems()).toBe(1);
    expect(await t.repositories.cart.get({ customer: 'ann' })).toBeUndefined();
  });

  it('refuses a model the design check fails, as the repositories do, unless told to skip the check', async () => {
    const unserved = defineModel({
      table,
      entities: [order],
      accessPatterns: { allOrders: { description: 'All orders', entities: ['order'], scan: true } },
    });
    await expect(createTestTable(unserved)).rejects.toBeInstanceOf(DesignCheckFailedError);
    await using t = await createTestTable(unserved, { repository: { designCheck: 'skip' } });
    await t.seed({ order: [{ orderId: 'o1', customer: 'ann', placedAt: start }] });
    expect(await t.repositories.order.get({ orderId: 'o1' })).toBeDefined();
  });

  it('gives every test table an engine of its own', async () => {
    await using first = await createTestTable(model);
    await using second = await createTestTable(model, { tableName: 'shop-two' });
    await first.seed({ cart: [{ customer: 'ann', items: 1 }] });
    expect(await second.client.send(new ListTablesCommand({}))).toMatchObject({ TableNames: ['shop-two'] });
    expect(first.engine).not.toBe(second.engine);
  });

  it('closes the client and the engine once, on close() or at the end of an `await using` block', async () => {
    let kept: Awaited<ReturnType<typeof createTestTable<typeof model>>>;
    {
      await using t = await createTestTable(model);
      kept = t;
    }
    await expect(kept.client.send(new ListTablesCommand({}))).rejects.toThrow();
    await kept.close();
    expect(() => kept.reapExpiredItems()).toThrow(/closed/);
    // A closed table's clock no longer reaps: its engine's database may serve another engine now.
    expect(() => kept.clock.advance('30d')).not.toThrow();
  });
});
