import { describe, expect, it } from 'vitest';
import { DynamoDBError } from '../errors.js';
import { validateItemValues } from '../values/index.js';
import type { Item } from '../values/attribute-value.js';
import { validateRequestShape } from '../operations/registry.js';
import { DEEPEST_WALKED_ATTRIBUTE_LEVEL } from './walk-depth.js';

/** `levels` attribute values around `leaf`, each built by `wrap`, without recursion. */
function nested(levels: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = wrap(value);
  return value;
}

const inMap = (inner: unknown) => ({ M: { a: inner } });
// Two members (one null): the reference deserializer's path, not the compiled one's.
const inMapWithNull = (inner: unknown) => ({ S: null, M: { a: inner } });
const inList = (inner: unknown) => ({ L: [inner, { N: '1' }] });

function errorOf(call: () => unknown): DynamoDBError | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof DynamoDBError) return error;
    throw error;
  }
  return undefined;
}

describe('the request-shape pass over deep attribute values', () => {
  for (const [shape, wrap] of [
    ['maps', inMap],
    ['maps with a null member', inMapWithNull],
    ['lists', inList],
  ] as const) {
    it(`walks ${shape} nested 100,000 levels without recursing past its limit, and the value check refuses them`, () => {
      const request = { TableName: 'table', Item: { pk: { S: 'a' }, d: nested(100_000, { S: 'x' }, wrap) } };
      expect(errorOf(() => validateRequestShape('PutItem', request))).toBeUndefined();
      expect(errorOf(() => validateItemValues(request.Item as Item))?.message).toBe(
        'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit',
      );
    });

    it(`still answers the deserializer's error for a wrong JSON type just above the limit, in ${shape}`, () => {
      const depth = DEEPEST_WALKED_ATTRIBUTE_LEVEL - 2;
      const request = {
        TableName: 'table',
        Item: { pk: { S: 'a' }, d: nested(depth, { S: { not: 'a string' } }, wrap) },
      };
      const error = errorOf(() => validateRequestShape('PutItem', request));
      expect(error?.type).toBe('SerializationException');
      expect(error?.message).toBe('Start of structure or map found where not expected');
    });
  }

  it('converts in place up to the limit, as the deserializer does', () => {
    const request = { TableName: 'table', Item: { pk: { S: 'a' }, d: nested(200, { BOOL: 'yes' }, inMapWithNull) } };
    validateRequestShape('PutItem', request);
    let value = request.Item.d as Record<string, unknown>;
    for (let level = 0; level < 200; level++) value = (value.M as Record<string, unknown>).a as Record<string, unknown>;
    expect(value).toEqual({ BOOL: true });
  });
});
