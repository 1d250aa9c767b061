import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { defineEntity, defineModel, defineTable, type ModelPatternParams } from '../../src/model/index.js';
import { TableRepository } from '../../src/repository/index.js';
import { ticketModel, type TicketModel } from './fixtures/ticket-model.js';

declare const client: DynamoDBClient;
const db = new TableRepository(client, ticketModel());

const table = defineTable({
  name: 'ttt',
  indexes: { byTenantStatus: { partitionKey: ['tenantId', 'status'], sortKey: ['createdAt', { name: 'rank', type: 'N' }], projection: { type: 'ALL' } } },
});
const attributes = { tenantId: z.string(), id: z.string(), status: z.enum(['open', 'closed']), createdAt: z.string(), rank: z.number() };

describe('types of attribute-keyed indexes', () => {
  it('types pattern parameters from the entity attributes, [low, high] for between', () => {
    expectTypeOf<ModelPatternParams<TicketModel, 'listTickets'>>().toEqualTypeOf<{ tenantId: string; status: 'open' | 'working' | 'closed' }>();
    expectTypeOf<ModelPatternParams<TicketModel, 'listTicketsOfDayByPriority'>>().toEqualTypeOf<{
      tenantId: string;
      status: 'open' | 'working' | 'closed';
      createdAt: string;
      priority: readonly [number, number];
    }>();
    // A prefix need not be a value the attribute holds.
    expectTypeOf<ModelPatternParams<TicketModel, 'listTicketsOfMonth'>['createdAt']>().toEqualTypeOf<string>();
  });

  it('makes a wrong, missing or mistyped query parameter a compile error', () => {
    void db.query('listTickets', { tenantId: 't1', status: 'open' });
    // @ts-expect-error 'paused' is not a ticket status
    void db.query('listTickets', { tenantId: 't1', status: 'paused' });
    // @ts-expect-error every partition attribute is needed
    void db.query('listTickets', { tenantId: 't1' });
    // @ts-expect-error 'tenant' is not a parameter of the pattern
    void db.query('listTickets', { tenant: 't1', status: 'open' });
    // @ts-expect-error between takes [low, high]
    void db.query('listTicketsOfDayByPriority', { tenantId: 't1', status: 'open', createdAt: '2026-01-05', priority: 3 });
  });

  it('makes an entity naming a wrong attribute for the index a compile error', () => {
    defineEntity(table, { name: 'x', attributes, key: { pk: 'T#{tenantId}', sk: 'X#{id}' }, indexes: { byTenantStatus: { pk: ['tenantId', 'status'], sk: ['createdAt', 'rank'] } } });
    // @ts-expect-error 'stauts' is not the index's second partition attribute
    defineEntity(table, { name: 'x', attributes, key: { pk: 'T#{tenantId}', sk: 'X#{id}' }, indexes: { byTenantStatus: { pk: ['tenantId', 'stauts'], sk: ['createdAt', 'rank'] } } });
    // @ts-expect-error the sort attributes are missing
    defineEntity(table, { name: 'x', attributes, key: { pk: 'T#{tenantId}', sk: 'X#{id}' }, indexes: { byTenantStatus: { pk: ['tenantId', 'status'] } } });
    const { rank: _rank, ...withoutRank } = attributes;
    // @ts-expect-error the entity has no 'rank' attribute for the index
    defineEntity(table, { name: 'x', attributes: withoutRank, key: { pk: 'T#{tenantId}', sk: 'X#{id}' }, indexes: { byTenantStatus: { pk: ['tenantId', 'status'], sk: ['createdAt', 'rank'] } } });
    // @ts-expect-error an attribute-keyed index takes no key template
    defineEntity(table, { name: 'x', attributes, key: { pk: 'T#{tenantId}', sk: 'X#{id}' }, indexes: { byTenantStatus: { pk: 'T#{tenantId}', sk: '{createdAt}' } } });
    // @ts-expect-error an attribute-keyed index is not write-sharded
    defineEntity(table, { name: 'x', attributes, key: { pk: 'T#{tenantId}', sk: 'X#{id}' }, indexes: { byTenantStatus: { pk: ['tenantId', 'status'], sk: ['createdAt', 'rank'], shards: { count: 2 } } } });
  });

  it('makes a pattern constraining an attribute that is not a key of the index a compile error', () => {
    const entity = defineEntity(table, { name: 'x', attributes, key: { pk: 'T#{tenantId}', sk: 'X#{id}' }, indexes: { byTenantStatus: { pk: ['tenantId', 'status'], sk: ['createdAt', 'rank'] } } });
    defineModel({ table, entities: [entity], accessPatterns: { list: { description: 'x', entities: ['x'], index: 'byTenantStatus', key: { attributes: { tenantId: 'equals', status: 'equals' } } } } });
    defineModel({
      table,
      entities: [entity],
      // @ts-expect-error 'id' is not a key attribute of byTenantStatus
      accessPatterns: { list: { description: 'x', entities: ['x'], index: 'byTenantStatus', key: { attributes: { tenantId: 'equals', id: 'equals' } } } },
    });
  });
});
