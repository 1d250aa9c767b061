import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Answer, answerText, isStoredItem, itemOfAnswer, materializeAnswer } from './answer.js';
import { Engine } from './engine.js';
import { StoredItem } from './storage/stored-item.js';
import type { Item } from './values/attribute-value.js';

/** Items as the engine stores them, with the keys JSON.stringify orders specially. */
const attributeName = fc.oneof(
  fc.constantFrom('a', '1', '10', '__proto__', 'toJSON', '', 'é'),
  fc.string({ maxLength: 4 }),
);
const attributeValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'binary', maxLength: 6 }).map((S) => ({ S })),
    fc.string({ maxLength: 6 }).map((N) => ({ N })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true }),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(attributeName, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;
const item = fc.dictionary(attributeName, attributeValue, { maxKeys: 4 }) as fc.Arbitrary<Item>;

/** A stored row of the item, as storage writes it, or the item itself (a projected one). */
const answerItem = fc
  .tuple(item, fc.boolean())
  .map(([value, stored]) => (stored ? new StoredItem(JSON.stringify(value), 1) : value));
const plain = fc.jsonValue({ maxDepth: 3 });

/** Answers shaped as the read operations build them, plus arbitrary JSON members around the items. */
const answer = fc.oneof(
  fc.record({
    Item: fc.option(answerItem, { nil: undefined }),
    ConsumedCapacity: fc.option(plain, { nil: undefined }),
  }),
  fc.record({
    Items: fc.array(answerItem, { maxLength: 5 }),
    Count: fc.nat(),
    LastEvaluatedKey: fc.option(item, { nil: undefined }),
    Extra: plain,
  }),
  fc.record({
    Responses: fc.dictionary(fc.string({ maxLength: 3 }), fc.array(answerItem, { maxLength: 3 }), { maxKeys: 3 }),
    UnprocessedKeys: plain,
  }),
  fc.record({ Responses: fc.array(fc.option(fc.record({ Item: answerItem }), { nil: undefined }), { maxLength: 4 }) }),
  fc.dictionary(fc.string({ maxLength: 4 }), plain, { maxKeys: 4 }),
) as fc.Arbitrary<Record<string, unknown>>;

describe('read answers with stored rows', () => {
  it('write as JSON.stringify writes their parsed form, byte for byte', () => {
    fc.assert(
      fc.property(answer, (value) => {
        expect(answerText(value)).toBe(JSON.stringify(materializeAnswer(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('parse every row into its item and leave no row behind', () => {
    fc.assert(
      fc.property(answer, (value) => {
        const materialized = materializeAnswer(value);
        const rows: unknown[] = [];
        JSON.stringify(materialized, (_key, member: unknown) => {
          if (member instanceof StoredItem) rows.push(member);
          return member;
        });
        expect(rows).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('leave an answer without rows as it is', () => {
    const value = { Items: [{ a: { S: 'x' } }], Count: 1 };
    expect(materializeAnswer(value)).toBe(value);
  });

  it('parse a row once, on first use', () => {
    const row = new StoredItem('{"a":{"S":"x"}}', 15);
    expect(itemOfAnswer(row)).toBe(itemOfAnswer(row));
    expect(itemOfAnswer(row)).toEqual({ a: { S: 'x' } });
  });
});

describe('Engine.answer', () => {
  it('gives one answer three ways: wire objects, their JSON text, and stored items for a reader', () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    try {
      engine.handle('CreateTable', {
        TableName: 'answers',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      });
      const item = { pk: { S: 'a' }, n: { N: '1' }, l: { L: [{ BOOL: true }] } };
      engine.handle('PutItem', { TableName: 'answers', Item: item });
      const get = { TableName: 'answers', Key: { pk: { S: 'a' } } };
      const answer = engine.answer('GetItem', get);
      expect(answer).toBeInstanceOf(Answer);
      expect(answer.value()).toEqual({ Item: item });
      expect(answer.toJson()).toBe(JSON.stringify({ Item: item }));
      const stored = engine.answer('GetItem', get).withStoredItems().Item;
      expect(isStoredItem(stored)).toBe(true);
      expect(isStoredItem(stored) && stored.parsedItem).toBeUndefined();
      expect(isStoredItem(stored) && stored.item).toEqual(item);
      expect(engine.handle('GetItem', get)).toEqual({ Item: item });
      // An answer of plain wire objects (a stand-in engine's) is the same three ways.
      const plain = new Answer({ Item: item });
      expect(plain.value()).toEqual({ Item: item });
      expect(plain.toJson()).toBe(JSON.stringify({ Item: item }));
      expect(plain.withStoredItems()).toEqual({ Item: item });
    } finally {
      engine.close();
    }
  });
});
