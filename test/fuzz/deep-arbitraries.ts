import fc from 'fast-check';
import { FUZZ_TABLE } from './arbitraries.js';

/*
 * Deep and wide shapes: values nested from a few levels past DynamoDB's 32 to 100,000 (far
 * past any recursion), and values and requests with many members. Each is built with a
 * loop, never recursion, so building them cannot overflow either.
 */

/** How deep: around the limit, around the walks' own limits, and far past them. */
const depth = fc.oneof(
  fc.integer({ min: 28, max: 40 }),
  fc.integer({ min: 240, max: 300 }),
  fc.constantFrom(1_000, 5_000, 20_000, 100_000),
);

/** What one level is: a map, a list, or a map with a null member beside it (the deserializer's slow path). */
const levelKind = fc.constantFrom('M', 'L', 'M-with-null', 'L-with-sibling');

/** What the innermost value is: well formed, or of a wrong JSON type. */
const leaf = fc.constantFrom<unknown>(
  { S: 'x' },
  { N: '1' },
  { SS: ['a'] },
  { S: {} },
  { BOOL: 'yes' },
  { M: {} },
  { L: [] },
  {},
  { N: 'abc' },
);

/** An attribute value nested `depth` levels, the level kinds cycling through a pattern. */
export const deepAttributeValue: fc.Arbitrary<unknown> = fc
  .tuple(depth, fc.array(levelKind, { minLength: 1, maxLength: 3 }), leaf)
  .map(([levels, pattern, inner]) => {
    let value = inner;
    for (let level = 0; level < levels; level++) {
      switch (pattern[level % pattern.length]) {
        case 'M':
          value = { M: { a: value } };
          break;
        case 'L':
          value = { L: [value] };
          break;
        case 'M-with-null':
          value = { M: { a: value }, S: null };
          break;
        default:
          value = { L: [{ N: '1' }, value] };
      }
    }
    return value;
  });

/** Plain JSON nested `depth` levels: junk in members DynamoDB ignores, or of the wrong type. */
export const deepJson: fc.Arbitrary<unknown> = fc.tuple(depth, fc.boolean()).map(([levels, arrays]) => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = arrays ? [value] : { a: value };
  return value;
});

/** A map or list attribute value with many members. */
export const wideAttributeValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 1_000, max: 60_000 }), fc.boolean())
  .map(([count, map]) =>
    map
      ? { M: Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, { N: String(index) }])) }
      : { L: Array.from({ length: count }, () => ({ S: 'x' })) },
  );

const nestedValue = fc.oneof(deepAttributeValue, wideAttributeValue);

/** Text nested `depth` levels for expressions and statements. */
const deepText = fc.tuple(depth, fc.constantFrom('(', 'NOT ', '[', "{'a': ", 'size(')).map(([levels, open]) => {
  const close = open === '(' || open === 'size(' ? ')' : open === '[' ? ']' : open === "{'a': " ? '}' : '';
  return { open: open.repeat(levels), close: close.repeat(levels) };
});

const key = { pk: { S: 'a' }, sk: { S: '1' } };

/** Requests with a deep or wide member somewhere DynamoDB reads values, expressions or statements. */
export const deepRequest: fc.Arbitrary<{ operation: string; input: unknown }> = fc.oneof(
  nestedValue.map((d) => ({ operation: 'PutItem', input: { TableName: FUZZ_TABLE, Item: { ...key, d } } })),
  nestedValue.map((pk) => ({ operation: 'GetItem', input: { TableName: FUZZ_TABLE, Key: { pk, sk: { S: '1' } } } })),
  nestedValue.map((v) => ({
    operation: 'UpdateItem',
    input: { TableName: FUZZ_TABLE, Key: key, UpdateExpression: 'SET d = :v', ExpressionAttributeValues: { ':v': v } },
  })),
  deepAttributeValue.map((v) => ({
    operation: 'UpdateItem',
    input: {
      TableName: FUZZ_TABLE,
      Key: key,
      UpdateExpression: 'SET map.b = :v',
      ExpressionAttributeValues: { ':v': v },
    },
  })),
  nestedValue.map((pk) => ({
    operation: 'Query',
    input: {
      TableName: FUZZ_TABLE,
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'a' } },
      ExclusiveStartKey: { pk, sk: { S: '1' } },
    },
  })),
  nestedValue.map((v) => ({
    operation: 'Scan',
    input: { TableName: FUZZ_TABLE, ScanFilter: { a: { ComparisonOperator: 'EQ', AttributeValueList: [v] } } },
  })),
  nestedValue.map((v) => ({
    operation: 'PutItem',
    input: { TableName: FUZZ_TABLE, Item: key, Expected: { a: { Value: v } } },
  })),
  nestedValue.map((d) => ({
    operation: 'BatchWriteItem',
    input: { RequestItems: { [FUZZ_TABLE]: [{ PutRequest: { Item: { ...key, d } } }] } },
  })),
  nestedValue.map((pk) => ({
    operation: 'TransactGetItems',
    input: {
      TransactItems: [
        { Get: { TableName: FUZZ_TABLE, Key: { pk, sk: { S: '1' } } } },
        { Get: { TableName: FUZZ_TABLE, Key: { pk, sk: { S: '1' } } } },
      ],
    },
  })),
  fc.tuple(nestedValue, deepJson).map(([d, junk]) => ({
    operation: 'TransactWriteItems',
    input: {
      ClientRequestToken: 'deep',
      TransactItems: [{ Put: { TableName: FUZZ_TABLE, Item: { ...key, d }, Junk: junk } }],
    },
  })),
  deepJson.map((junk) => ({
    operation: 'TransactWriteItems',
    input: {
      ClientRequestToken: 'deep-junk',
      TransactItems: [{ Put: { TableName: FUZZ_TABLE, Item: key, Junk: junk } }],
    },
  })),
  deepJson.map((junk) => ({ operation: 'PutItem', input: { TableName: FUZZ_TABLE, Item: key, Junk: junk } })),
  deepJson.map((value) => ({ operation: 'PutItem', input: { TableName: value, Item: key } })),
  deepJson.map((value) => ({
    operation: 'PutItem',
    input: { TableName: FUZZ_TABLE, Item: { ...key, d: { M: value } } },
  })),
  nestedValue.map((v) => ({
    operation: 'ExecuteStatement',
    input: { Statement: `SELECT * FROM ${FUZZ_TABLE} WHERE pk IN [?, ?]`, Parameters: [v, v] },
  })),
  nestedValue.map((v) => ({
    operation: 'BatchExecuteStatement',
    input: {
      Statements: [
        { Statement: `UPDATE ${FUZZ_TABLE} SET x = 1 WHERE pk = ? AND sk = '1'`, Parameters: [v] },
        { Statement: `UPDATE ${FUZZ_TABLE} SET x = 1 WHERE pk = ? AND sk = '1'`, Parameters: [v] },
      ],
    },
  })),
  deepText.map(({ open, close }) => ({
    operation: 'ExecuteStatement',
    input: { Statement: `SELECT * FROM ${FUZZ_TABLE} WHERE pk = ${open}'a'${close}` },
  })),
  deepText.map(({ open, close }) => ({
    operation: 'ExecuteStatement',
    input: { Statement: `INSERT INTO ${FUZZ_TABLE} VALUE {'pk': 'z', 'sk': '1', 'd': ${open}1${close}}` },
  })),
  deepText.map(({ open, close }) => ({
    operation: 'PutItem',
    input: { TableName: FUZZ_TABLE, Item: key, ConditionExpression: `${open}attribute_exists(pk)${close}` },
  })),
  deepText.map(({ open, close }) => ({
    operation: 'UpdateItem',
    input: {
      TableName: FUZZ_TABLE,
      Key: key,
      UpdateExpression: `SET a = ${open}:v${close}`,
      ExpressionAttributeValues: { ':v': { N: '1' } },
    },
  })),
);
