import { expect, it } from 'vitest';
import { checkDesign } from '../../src/model/index.js';
import { createTableFromModel, DesignCheckFailedError, TableRepository } from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../support/engines.js';
import { taskModel } from './fixtures/task-model.js';
import { unservedModel } from './fixtures/unserved-model.js';

describeEachEngine('a repository on a model whose design check fails', (engine) => {
  it('is refused at construction with every finding, though its table exists', async () => {
    const client = engine.client();
    const model = unservedModel();
    const tableName = uniqueTableName('orders');
    expect(await createTableFromModel(client, model, { tableName })).toBe(true);
    let refused: unknown;
    try {
      new TableRepository(client, model, { tableName });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DesignCheckFailedError);
    expect(refused).toMatchObject({
      code: 'DesignCheckFailed',
      payload: { tableName: 'orders', problems: checkDesign(model).problems },
    });
    expect((refused as Error).message).toContain("access pattern 'listByStatus' is not served: no key serves it");
  });

  it("opens with designCheck: 'skip' and serves what the model does serve", async () => {
    const client = engine.client();
    const model = unservedModel();
    const tableName = uniqueTableName('orders');
    await createTableFromModel(client, model, { tableName });
    const admin = new TableRepository(client, model, { tableName, designCheck: 'skip' });
    await admin.entity('order').create({ id: 'o1', status: 'failed' });
    expect(await admin.entity('order').get({ id: 'o1' }, { consistent: true })).toEqual({ id: 'o1', status: 'failed' });
    expect((await admin.query('getOrder', { id: 'o1' }, { consistent: true })).items).toEqual([
      { id: 'o1', status: 'failed' },
    ]);
  });

  it('does not stand in the way of a served model, built many times', async () => {
    const client = engine.client();
    const model = taskModel();
    const tableName = uniqueTableName('tasks');
    await createTableFromModel(client, model, { tableName });
    for (const id of ['a', 'b', 'c']) {
      await new TableRepository(client, model, { tableName }).entity('task').create({ id, title: id, createdAt: id });
    }
    const db = new TableRepository(client, model, { tableName, designCheck: 'enforce' });
    expect((await db.query('listTasksByStatus', { status: 'todo' })).items.map((task) => task.id).sort()).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
