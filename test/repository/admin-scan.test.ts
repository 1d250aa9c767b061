import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminScanAllItems, createAdminScanSender } from '../../src/repository/admin-scan.js';
import { CapacityLedger, createTableFromModel, TableRepository } from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { taskModel } from './fixtures/task-model.js';

async function collect(items: AsyncIterable<Record<string, unknown>>): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describeEachEngine('admin scan', (engine) => {
  it('yields every stored item, or the decoded items of some entities, over segments and pages', async () => {
    const model = taskModel();
    const client = engine.client();
    const tableName = uniqueTableName('admin');
    await createTableFromModel(client, model, { tableName });
    const db = new TableRepository(client, model, { tableName });
    for (const id of ['a', 'b', 'c']) await db.entity('task').create({ id, title: id, createdAt: '2026-01-01' });
    await db.entity('event').batchPut([1, 2].map((at) => ({ taskId: 'a', at, text: `e${at}` })));
    // The table's migration record is never yielded.
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: '#monotable' }, sk: { S: 'MODEL' }, revision: { N: '1' } },
      }),
    );

    const raw = await collect(adminScanAllItems(client, model, { tableName }));
    expect(raw).toHaveLength(5);
    expect(raw.every((item) => typeof item.pk === 'string' && typeof item._type === 'string')).toBe(true);

    const capacity = new CapacityLedger();
    const sender = createAdminScanSender(client, capacity);
    const tasks = await collect(
      adminScanAllItems(client, model, { tableName, entities: ['task'], segments: 3, pageSize: 1, sender }),
    );
    expect(tasks.map((task) => task.id).sort()).toEqual(['a', 'b', 'c']);
    expect(tasks[0]).not.toHaveProperty('pk');
    expect(capacity.totals().get('admin.scan')?.requests).toBeGreaterThanOrEqual(3);
  });
});

describe('admin scan module', () => {
  it('is not re-exported by the repository entry point', async () => {
    const repository = await import('../../src/repository/index.js');
    expect(repository).not.toHaveProperty('adminScanAllItems');
    expect(repository).not.toHaveProperty('createAdminScanSender');
  });
});
