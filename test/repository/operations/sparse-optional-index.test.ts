import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../../src/model/index.js';
import type { TableRepository } from '../../../src/repository/index.js';
import { describeEachEngine } from '../../support/engines.js';
import { clientOf, openModelTable } from '../support/open-table.js';

/**
 * A sparse index keyed on an optional attribute, with no `when`: an item belongs to `gsi1`
 * exactly when it has an `owner`. Partial writes (updates, transitions) must keep both of the
 * index's key attributes in step with that membership.
 */
function cardModel() {
  const table = defineTable({
    name: 'cards',
    indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
  });
  const card = defineEntity(table, {
    name: 'card',
    attributes: {
      id: z.string().min(1),
      status: z.enum(['open', 'closed']).default('open'),
      owner: z.string().optional(),
      createdAt: z.string(),
    },
    key: { pk: 'CARD#{id}', sk: 'META' },
    indexes: { gsi1: { pk: 'OWNER#{owner}', sk: 'STATUS#{status}#{createdAt}' } },
    stateMachine: { attribute: 'status', transitions: { open: ['closed'], closed: ['open'] } },
    version: 'version',
  });
  return defineModel({
    table,
    entities: [card],
    accessPatterns: {
      getCard: { description: 'Get a card', entities: ['card'], key: { pk: 'CARD#{id}', sk: { equals: 'META' } } },
      listOwnedCards: {
        description: "An owner's cards by status",
        entities: ['card'],
        index: 'gsi1',
        key: { pk: 'OWNER#{owner}', sk: { beginsWith: 'STATUS#{status}#' } },
      },
    },
  });
}

describeEachEngine('sparse index keyed on an optional attribute (no when)', (engine) => {
  let db: TableRepository<ReturnType<typeof cardModel>>;
  beforeAll(async () => {
    db = await openModelTable(engine, cardModel());
  });
  const stored = async (id: string) => {
    const documents = DynamoDBDocumentClient.from(clientOf(db));
    const answer = await documents.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: `CARD#${id}`, sk: 'META' }, ConsistentRead: true }),
    );
    return answer.Item;
  };

  it('transitions an item that lacks the attribute, leaving it out of the index', async () => {
    await db.entity('card').create({ id: 'c-no-owner', createdAt: '2026-01-01' });
    const moved = await db.entity('card').transition({ id: 'c-no-owner' }, { from: 'open', to: 'closed' });
    expect(moved).toMatchObject({ status: 'closed', version: 2 });
    const item = await stored('c-no-owner');
    expect(item).not.toHaveProperty('gsi1pk');
    expect(item).not.toHaveProperty('gsi1sk');
  });

  it('writes both index keys when an update sets the attribute on an item that lacked it', async () => {
    await db.entity('card').create({ id: 'c-adopted', createdAt: '2026-01-02' });
    await db.entity('card').update({ id: 'c-adopted' }, { set: { owner: 'ann' } });
    const item = await stored('c-adopted');
    expect(item).toMatchObject({ gsi1pk: 'OWNER#ann', gsi1sk: 'STATUS#open#2026-01-02' });
    const owned = await db.query('listOwnedCards', { owner: 'ann', status: 'open' });
    expect(owned.items.map((card) => card.id)).toEqual(['c-adopted']);
  });

  it('removes both index keys when an update removes the attribute', async () => {
    await db.entity('card').create({ id: 'c-released', owner: 'bob', createdAt: '2026-01-03' });
    await db.entity('card').update({ id: 'c-released' }, { remove: ['owner'] });
    const item = await stored('c-released');
    expect(item).not.toHaveProperty('gsi1pk');
    expect(item).not.toHaveProperty('gsi1sk');
  });

  it('moves the index sort key on a transition of an item that has the attribute', async () => {
    await db.entity('card').create({ id: 'c-owned', owner: 'cy', createdAt: '2026-01-04' });
    await db.entity('card').transition({ id: 'c-owned' }, { from: 'open', to: 'closed' });
    expect(await stored('c-owned')).toMatchObject({ gsi1pk: 'OWNER#cy', gsi1sk: 'STATUS#closed#2026-01-04' });
  });
});
