import { beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../engine.js';

/** PartiQL consumes what the item operation it compiles to consumes (facts §4). */
describe('PartiQL consumed capacity', () => {
  let engine: Engine;
  beforeEach(() => {
    engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    engine.handle('CreateTable', {
      TableName: 'cap',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'by_g',
          KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
    engine.handle('PutItem', {
      TableName: 'cap',
      Item: { pk: { S: 'a' }, g: { S: 'G' }, body: { S: 'x'.repeat(5000) } },
    });
    engine.handle('PutItem', { TableName: 'cap', Item: { pk: { S: 'b' }, g: { S: 'G' } } });
  });

  it('a SELECT by the key consumes what GetItem does, strongly consistent too', () => {
    for (const ConsistentRead of [false, true]) {
      const selected = engine.handle('ExecuteStatement', {
        Statement: `SELECT * FROM cap WHERE pk = 'a'`,
        ConsistentRead,
        ReturnConsumedCapacity: 'INDEXES',
      });
      const got = engine.handle('GetItem', {
        TableName: 'cap',
        Key: { pk: { S: 'a' } },
        ConsistentRead,
        ReturnConsumedCapacity: 'INDEXES',
      });
      expect(selected.ConsumedCapacity).toEqual(got.ConsumedCapacity);
    }
  });

  it('an UPDATE consumes what UpdateItem does, index writes included', () => {
    const updated = engine.handle('ExecuteStatement', {
      Statement: `UPDATE cap SET g = 'H' WHERE pk = 'a'`,
      ReturnConsumedCapacity: 'INDEXES',
    });
    const item = engine.handle('UpdateItem', {
      TableName: 'cap',
      Key: { pk: { S: 'b' } },
      UpdateExpression: 'SET g = :h',
      ExpressionAttributeValues: { ':h': { S: 'H' } },
      ReturnConsumedCapacity: 'INDEXES',
    });
    expect(updated.ConsumedCapacity).toMatchObject({
      TableName: 'cap',
      GlobalSecondaryIndexes: { by_g: expect.anything() },
    });
    expect((updated.ConsumedCapacity as { CapacityUnits: number }).CapacityUnits).toBeGreaterThan(
      (item.ConsumedCapacity as { CapacityUnits: number }).CapacityUnits,
    );
  });

  it('decomposed reads and batch statements sum per table', () => {
    const decomposed = engine.handle('ExecuteStatement', {
      Statement: `SELECT * FROM cap WHERE pk IN ['a', 'b']`,
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(decomposed.ConsumedCapacity).toEqual({ TableName: 'cap', CapacityUnits: 1.5 });
    const batch = engine.handle('BatchExecuteStatement', {
      Statements: [
        { Statement: `SELECT * FROM cap WHERE pk = 'a'` },
        { Statement: `SELECT * FROM cap WHERE pk = 'b'` },
      ],
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(batch.ConsumedCapacity).toEqual([{ TableName: 'cap', CapacityUnits: 1.5 }]);
  });

  it('a write transaction consumes what TransactWriteItems does', () => {
    const transaction = engine.handle('ExecuteTransaction', {
      TransactStatements: [{ Statement: `INSERT INTO cap VALUE {'pk': 'c'}` }],
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(transaction.ConsumedCapacity).toEqual([{ TableName: 'cap', CapacityUnits: 2, WriteCapacityUnits: 2 }]);
  });
});
