import fc from 'fast-check';

/** The table every fuzz run writes into: pk/sk strings, a numeric GSI sort key. */
export const FUZZ_TABLE = 'fuzz';
export const fuzzTableDefinition = {
  TableName: FUZZ_TABLE,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'gpk', AttributeType: 'S' },
    { AttributeName: 'gsk', AttributeType: 'N' },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'byG',
      KeySchema: [
        { AttributeName: 'gpk', KeyType: 'HASH' },
        { AttributeName: 'gsk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
};

export const OPERATIONS = [
  'CreateTable',
  'DescribeTable',
  'ListTables',
  'DeleteTable',
  'UpdateTable',
  'TagResource',
  'UntagResource',
  'ListTagsOfResource',
  'UpdateTimeToLive',
  'DescribeTimeToLive',
  'PutItem',
  'GetItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'TransactGetItems',
] as const;

const names = fc.constantFrom('pk', 'sk', 'gpk', 'gsk', 'a', 'b', 'list', 'map', 'size', 'status', '#a', 'x.y', '');
const shortText = fc.oneof(
  fc.constantFrom('a', 'b', 'JOB#1', '', ' ', 'é', '\u0000', '😀'),
  fc.string({ maxLength: 6 }),
);
const numberText = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1.5',
    '1e3',
    '-1E-130',
    '9.9999999999999999999999999999999999999E+125',
    '1e126',
    'NaN',
    'abc',
    '',
    '01',
  ),
  fc.double({ noNaN: true }).map(String),
  fc.integer().map(String),
);

/** AttributeValues, well-formed or not (wrong tags, several tags, bad numbers, duplicates). */
export const attributeValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    shortText.map((S) => ({ S })),
    numberText.map((N) => ({ N })),
    fc.constantFrom('', 'AQID', '!!', 'AA==').map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constantFrom(true, false, 'yes').map((NULL) => ({ NULL })),
    fc.array(shortText, { maxLength: 3 }).map((SS) => ({ SS })),
    fc.array(numberText, { maxLength: 3 }).map((NS) => ({ NS })),
    fc.array(fc.constantFrom('AQ==', 'Ag==', '*'), { maxLength: 3 }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(names, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
    fc.constantFrom({}, { S: 'a', N: '1' }, { X: 'a' }, { S: 1 }, null, 'S', [], { L: {} }, { M: [] }),
  ),
})).value;

const key = fc.record({ pk: attributeValue, sk: attributeValue }, { requiredKeys: [] });
const goodKey = fc.record({
  pk: fc.constantFrom('a', 'b', 'c').map((S) => ({ S })),
  sk: fc.constantFrom('1', '2', '3').map((S) => ({ S })),
});
const item = fc
  .tuple(fc.oneof(goodKey, key), fc.dictionary(names, attributeValue, { maxKeys: 4 }))
  .map(([k, rest]) => ({ ...rest, ...k }));

const EXPRESSION_TOKENS = [
  'pk',
  'sk',
  'a',
  'b',
  '#a',
  '#b',
  '#pk',
  ':v',
  ':w',
  ':p',
  'SET',
  'REMOVE',
  'ADD',
  'DELETE',
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  'AND',
  'OR',
  'NOT',
  'BETWEEN',
  'IN',
  '(',
  ')',
  ',',
  '.',
  '[0]',
  '[',
  ']',
  '+',
  '-',
  'attribute_exists',
  'attribute_not_exists',
  'attribute_type',
  'begins_with',
  'contains',
  'size',
  'if_not_exists',
  'list_append',
  'status',
  'data',
  ' ',
  '"',
  "'",
  '1',
  '#',
  ':',
];

/** Expression text: token soup that is sometimes valid, plus arbitrary strings. */
export const expression = fc.oneof(
  fc.array(fc.constantFrom(...EXPRESSION_TOKENS), { maxLength: 14 }).map((tokens) => tokens.join(' ')),
  fc.array(fc.constantFrom(...EXPRESSION_TOKENS), { maxLength: 14 }).map((tokens) => tokens.join('')),
  fc.constantFrom(
    'pk = :p',
    'pk = :p AND begins_with(sk, :v)',
    'SET #a = :v',
    'SET a = a + :v REMOVE b',
    'attribute_exists(pk)',
    'a, b.c[1], #a',
    'pk = :p AND sk BETWEEN :v AND :w',
    'ADD a :v DELETE b :w',
    'size(a) > :v',
    '#a IN (:v, :w)',
    'SET list = list_append(list, :v)',
    'SET a = if_not_exists(a, :v)',
    'a[99999999999999999999]',
    '#a.#b[0].c',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

export const expressionNames = fc.option(
  fc.oneof(
    fc.dictionary(
      fc.constantFrom('#a', '#b', '#pk', 'a', '#'),
      fc.oneof(names, fc.constant(5) as fc.Arbitrary<unknown>),
      { maxKeys: 3 },
    ),
    fc.jsonValue(),
  ),
  { nil: undefined },
);
export const expressionValues = fc.option(
  fc.oneof(fc.dictionary(fc.constantFrom(':v', ':w', ':p', 'v', ':'), attributeValue, { maxKeys: 3 }), fc.jsonValue()),
  { nil: undefined },
);

const returnValues = fc.option(fc.constantFrom('NONE', 'ALL_OLD', 'ALL_NEW', 'UPDATED_OLD', 'UPDATED_NEW', 'bogus'), {
  nil: undefined,
});
const capacity = fc.option(fc.constantFrom('NONE', 'TOTAL', 'INDEXES', 'x'), { nil: undefined });
const limit = fc.option(fc.oneof(fc.integer({ min: -2, max: 200 }), fc.constant('5') as fc.Arbitrary<unknown>), {
  nil: undefined,
});
const table = fc.oneof(
  { weight: 8, arbitrary: fc.constant(FUZZ_TABLE) },
  { weight: 1, arbitrary: fc.constantFrom('missing', '', 'x', 'a'.repeat(256), '!bad') },
);

/** Requests that reach deep into the engine: mostly well-formed, with random expressions in every expression member. */
export const dataPlaneRequest: fc.Arbitrary<{ operation: string; input: unknown }> = fc.oneof(
  fc
    .record(
      {
        TableName: table,
        Item: item,
        ConditionExpression: fc.option(expression, { nil: undefined }),
        ExpressionAttributeNames: expressionNames,
        ExpressionAttributeValues: expressionValues,
        ReturnValues: returnValues,
        ReturnConsumedCapacity: capacity,
      },
      { requiredKeys: ['TableName', 'Item'] },
    )
    .map((input) => ({ operation: 'PutItem', input })),
  fc
    .record(
      {
        TableName: table,
        Key: fc.oneof(goodKey, key),
        ProjectionExpression: fc.option(expression, { nil: undefined }),
        ExpressionAttributeNames: expressionNames,
        ConsistentRead: fc.option(fc.boolean(), { nil: undefined }),
        ReturnConsumedCapacity: capacity,
      },
      { requiredKeys: ['TableName', 'Key'] },
    )
    .map((input) => ({ operation: 'GetItem', input })),
  fc
    .record(
      {
        TableName: table,
        Key: fc.oneof(goodKey, key),
        UpdateExpression: fc.option(expression, { nil: undefined }),
        ConditionExpression: fc.option(expression, { nil: undefined }),
        ExpressionAttributeNames: expressionNames,
        ExpressionAttributeValues: expressionValues,
        ReturnValues: returnValues,
      },
      { requiredKeys: ['TableName', 'Key'] },
    )
    .map((input) => ({ operation: 'UpdateItem', input })),
  fc
    .record(
      {
        TableName: table,
        Key: fc.oneof(goodKey, key),
        ConditionExpression: fc.option(expression, { nil: undefined }),
        ExpressionAttributeNames: expressionNames,
        ExpressionAttributeValues: expressionValues,
        ReturnValues: returnValues,
      },
      { requiredKeys: ['TableName', 'Key'] },
    )
    .map((input) => ({ operation: 'DeleteItem', input })),
  fc
    .record(
      {
        TableName: table,
        IndexName: fc.option(fc.constantFrom('byG', 'nope'), { nil: undefined }),
        KeyConditionExpression: fc.option(expression, { nil: undefined }),
        FilterExpression: fc.option(expression, { nil: undefined }),
        ProjectionExpression: fc.option(expression, { nil: undefined }),
        ExpressionAttributeNames: expressionNames,
        ExpressionAttributeValues: expressionValues,
        Limit: limit,
        ScanIndexForward: fc.option(fc.boolean(), { nil: undefined }),
        Select: fc.option(
          fc.constantFrom('COUNT', 'ALL_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES'),
          { nil: undefined },
        ),
        ExclusiveStartKey: fc.option(key, { nil: undefined }),
      },
      { requiredKeys: ['TableName'] },
    )
    .map((input) => ({ operation: 'Query', input })),
  fc
    .record(
      {
        TableName: table,
        IndexName: fc.option(fc.constantFrom('byG', 'nope'), { nil: undefined }),
        FilterExpression: fc.option(expression, { nil: undefined }),
        ProjectionExpression: fc.option(expression, { nil: undefined }),
        ExpressionAttributeNames: expressionNames,
        ExpressionAttributeValues: expressionValues,
        Limit: limit,
        Segment: fc.option(fc.integer({ min: -1, max: 5 }), { nil: undefined }),
        TotalSegments: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
      },
      { requiredKeys: ['TableName'] },
    )
    .map((input) => ({ operation: 'Scan', input })),
  fc
    .array(
      fc.oneof(
        item.map((Item) => ({ PutRequest: { Item } })),
        key.map((Key) => ({ DeleteRequest: { Key } })),
        fc.jsonValue(),
      ),
      { maxLength: 4 },
    )
    .map((requests) => ({ operation: 'BatchWriteItem', input: { RequestItems: { [FUZZ_TABLE]: requests } } })),
  fc
    .array(fc.oneof(goodKey, key), { maxLength: 4 })
    .map((Keys) => ({ operation: 'BatchGetItem', input: { RequestItems: { [FUZZ_TABLE]: { Keys } } } })),
  fc
    .array(
      fc.oneof(
        fc
          .record(
            {
              TableName: table,
              Item: item,
              ConditionExpression: fc.option(expression, { nil: undefined }),
              ExpressionAttributeValues: expressionValues,
            },
            { requiredKeys: ['TableName', 'Item'] },
          )
          .map((Put) => ({ Put })),
        fc
          .record(
            {
              TableName: table,
              Key: goodKey,
              UpdateExpression: expression,
              ExpressionAttributeNames: expressionNames,
              ExpressionAttributeValues: expressionValues,
            },
            { requiredKeys: ['TableName', 'Key', 'UpdateExpression'] },
          )
          .map((Update) => ({ Update })),
        fc
          .record(
            {
              TableName: table,
              Key: goodKey,
              ConditionExpression: expression,
              ExpressionAttributeValues: expressionValues,
            },
            { requiredKeys: ['TableName', 'Key', 'ConditionExpression'] },
          )
          .map((ConditionCheck) => ({ ConditionCheck })),
        fc.record({ TableName: table, Key: fc.oneof(goodKey, key) }).map((Delete) => ({ Delete })),
        fc.jsonValue(),
      ),
      { maxLength: 4 },
    )
    .map((TransactItems) => ({ operation: 'TransactWriteItems', input: { TransactItems } })),
);

/** Requests of any shape: random operation names, random JSON, members of the wrong type. */
export const malformedRequest: fc.Arbitrary<{ operation: string; input: unknown }> = fc.oneof(
  fc.record({
    operation: fc.oneof(
      fc.constantFrom(...OPERATIONS),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty'),
    ),
    input: fc.jsonValue(),
  }),
  fc.record({
    operation: fc.constantFrom(...OPERATIONS),
    input: fc.dictionary(
      fc.constantFrom(
        'TableName',
        'Key',
        'Item',
        'KeySchema',
        'AttributeDefinitions',
        'Limit',
        'RequestItems',
        'TransactItems',
        'ExpressionAttributeValues',
        'ExpressionAttributeNames',
        'ExclusiveStartKey',
        'ProvisionedThroughput',
        'GlobalSecondaryIndexes',
        'TimeToLiveSpecification',
        'Tags',
        'ReturnValues',
        'Select',
        'ScanIndexForward',
        'Segment',
        'KeyConditions',
        'Expected',
        'AttributeUpdates',
        'QueryFilter',
        'AttributesToGet',
        '__proto__',
        'constructor',
      ),
      fc.jsonValue({ maxDepth: 3 }),
      { maxKeys: 5 },
    ),
  }),
  dataPlaneRequest.chain(({ operation, input }) =>
    fc
      .tuple(fc.constantFrom(...Object.keys(input as object)), fc.jsonValue({ maxDepth: 2 }))
      .map(([member, value]) => ({
        operation,
        input: { ...(input as object), [member]: value },
      })),
  ),
);
