import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';

// `__proto__` is an ordinary attribute name to DynamoDB; in JavaScript, assigning it
// replaces an object's prototype, so an engine that builds items by assignment loses it.
// The AWS SDK for JavaScript itself drops a top-level `__proto__` member, so this is
// pinned on the wire form, as boto3 or the CLI would send it.
function engineWithTable(): Engine {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'items',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  return engine;
}
const wire = (text: string): unknown => JSON.parse(text);
const item = '{"pk":{"S":"a"},"__proto__":{"S":"top"},"m":{"M":{"__proto__":{"N":"1"}}}}';

describe('an attribute named __proto__', () => {
  it('is stored and read back, at the top level and inside a map', () => {
    const engine = engineWithTable();
    engine.handle('PutItem', wire(`{"TableName":"items","Item":${item}}`));
    const key = '{"TableName":"items","Key":{"pk":{"S":"a"}}}';
    expect(JSON.stringify(engine.handle('GetItem', wire(key)))).toBe(`{"Item":${item}}`);
    expect(engine.answer('GetItem', wire(key)).toJson()).toBe(`{"Item":${item}}`);
  });

  it('is updated, returned and projected by name', () => {
    const engine = engineWithTable();
    engine.handle('PutItem', wire(`{"TableName":"items","Item":${item}}`));
    const updated = engine.handle(
      'UpdateItem',
      wire(
        '{"TableName":"items","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET #p = :v, m.#p = :v","ConditionExpression":"attribute_exists(#p)",' +
          '"ExpressionAttributeNames":{"#p":"__proto__"},"ExpressionAttributeValues":{":v":{"S":"new"}},"ReturnValues":"UPDATED_NEW"}',
      ),
    );
    expect(JSON.stringify(updated)).toBe(
      '{"Attributes":{"__proto__":{"S":"new"},"m":{"M":{"__proto__":{"S":"new"}}}}}',
    );
    const projected = engine.handle(
      'GetItem',
      wire(
        '{"TableName":"items","Key":{"pk":{"S":"a"}},"ProjectionExpression":"m.#p, #p","ExpressionAttributeNames":{"#p":"__proto__"}}',
      ),
    );
    expect(JSON.stringify(projected)).toBe('{"Item":{"m":{"M":{"__proto__":{"S":"new"}}},"__proto__":{"S":"new"}}}');
  });

  it('does not exist on an item without it', () => {
    const engine = engineWithTable();
    engine.handle('PutItem', wire('{"TableName":"items","Item":{"pk":{"S":"plain"}}}'));
    expect(() =>
      engine.handle(
        'UpdateItem',
        wire(
          '{"TableName":"items","Key":{"pk":{"S":"plain"}},"UpdateExpression":"SET x = :v","ConditionExpression":"attribute_exists(#p)",' +
            '"ExpressionAttributeNames":{"#p":"__proto__"},"ExpressionAttributeValues":{":v":{"S":"new"}}}',
        ),
      ),
    ).toThrow('The conditional request failed');
  });
});
