import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  BatchWriteItemCommand,
  TransactWriteItemsCommand,
  type AttributeValue,
  type KeySchemaElement,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/local/index.js';
import { describeEachEngine, uniqueTableName, type TestEngineName } from '../support/engines.js';

/*
 * A GSI with four partition and four sort attributes of mixed types, end to end through
 * the AWS SDK: in-process, over HTTP (`monotable serve`), and on DynamoDB Local 3.3.1, the
 * first DynamoDB Local with multi-attribute keys. Where DynamoDB Local words an error
 * differently from DynamoDB, the expectation says which is which.
 */

type Item = Record<string, AttributeValue>;

const H = (name: string): KeySchemaElement => ({ AttributeName: name, KeyType: 'HASH' });
const R = (name: string): KeySchemaElement => ({ AttributeName: name, KeyType: 'RANGE' });
const S = (value: string): AttributeValue => ({ S: value });
const N = (value: number): AttributeValue => ({ N: String(value) });
const B = (...bytes: number[]): AttributeValue => ({ B: Uint8Array.from(bytes) });

/** tenant S, region S, tier N, code B | round S, rank N, tag B, match S. */
const KEY_SCHEMA = [H('tenant'), H('region'), H('tier'), H('code'), R('round'), R('rank'), R('tag'), R('match')];
const DEFINITIONS = [
  { AttributeName: 'pk', AttributeType: 'S' as const },
  { AttributeName: 'tenant', AttributeType: 'S' as const },
  { AttributeName: 'region', AttributeType: 'S' as const },
  { AttributeName: 'tier', AttributeType: 'N' as const },
  { AttributeName: 'code', AttributeType: 'B' as const },
  { AttributeName: 'round', AttributeType: 'S' as const },
  { AttributeName: 'rank', AttributeType: 'N' as const },
  { AttributeName: 'tag', AttributeType: 'B' as const },
  { AttributeName: 'match', AttributeType: 'S' as const },
];
const PARTITION: Item = { tenant: S('t1'), region: S('NA-EAST'), tier: N(1), code: B(7) };
const ROUNDS = ['SEMIFINALS', 'FINALS', 'QUARTERFINALS'];
const RANKS = [500, 5, 1000, 50];
const TAGS = [[0, 1], [0], [255]];

/** 36 items of one index partition, written in no particular order, plus one in another partition. */
function tournamentItems(): Item[] {
  const items: Item[] = [];
  let count = 0;
  for (const round of ROUNDS) {
    for (const rank of RANKS) {
      for (const tag of TAGS) {
        count++;
        items.push({
          pk: S(`item-${String(count).padStart(2, '0')}`),
          ...PARTITION,
          round: S(round),
          rank: N(rank),
          tag: B(...tag),
          match: S(`m${count % 2}`),
        });
      }
    }
  }
  items.push({
    pk: S('other'),
    ...PARTITION,
    region: S('EU'),
    round: S('FINALS'),
    rank: N(5),
    tag: B(0),
    match: S('m0'),
  });
  return items;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** DynamoDB's tuple order of the sort attributes: round (UTF-8), rank (numeric), tag (bytes), match, then pk for the test's ties. */
function tupleOrder(a: Item, b: Item): number {
  return (
    compareBytes(Buffer.from(a.round.S as string), Buffer.from(b.round.S as string)) ||
    Number(a.rank.N) - Number(b.rank.N) ||
    compareBytes(a.tag.B as Uint8Array, b.tag.B as Uint8Array) ||
    compareBytes(Buffer.from(a.match.S as string), Buffer.from(b.match.S as string))
  );
}

const sortKey = (item: Item) =>
  [item.round.S, item.rank.N, Buffer.from(item.tag.B as Uint8Array).toString('hex'), item.match.S].join('|');

const FULL_PARTITION = 'tenant = :tenant AND #region = :region AND tier = :tier AND code = :code';
const PARTITION_VALUES = {
  ':tenant': PARTITION.tenant,
  ':region': PARTITION.region,
  ':tier': PARTITION.tier,
  ':code': PARTITION.code,
};

function suite(client: () => DynamoDBClient, engine: TestEngineName | 'http') {
  const onReference = engine === 'dynamodb-local-3';
  const table = uniqueTableName('mgsi');
  const items = tournamentItems();
  const inPartition = items.filter((item) => item.region.S === 'NA-EAST');

  const query = async (condition: string, values: Item, extra: Partial<QueryCommandInput> = {}) => {
    const found: Item[] = [];
    let ExclusiveStartKey: Item | undefined;
    let pages = 0;
    do {
      const page = await client().send(
        new QueryCommand({
          TableName: table,
          IndexName: 'byMatch',
          KeyConditionExpression: condition,
          ExpressionAttributeNames: { '#region': 'region', ...extra.ExpressionAttributeNames },
          ExpressionAttributeValues: { ...PARTITION_VALUES, ...values },
          ExclusiveStartKey,
          ...extra,
        }),
      );
      found.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
      pages++;
    } while (ExclusiveStartKey);
    return { found, pages };
  };
  const queryError = async (condition: string, values: Item, names: Record<string, string> = {}) => {
    try {
      await client().send(
        new QueryCommand({
          TableName: table,
          IndexName: 'byMatch',
          KeyConditionExpression: condition,
          ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
    return 'no error';
  };

  beforeAll(async () => {
    await client().send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: DEFINITIONS,
        KeySchema: [H('pk')],
        GlobalSecondaryIndexes: [
          { IndexName: 'byMatch', KeySchema: KEY_SCHEMA, Projection: { ProjectionType: 'ALL' } },
        ],
      }),
    );
    for (const item of items) await client().send(new PutItemCommand({ TableName: table, Item: item }));
  });

  it('describes the index with every key element in the order given', async () => {
    const { Table } = await client().send(new DescribeTableCommand({ TableName: table }));
    expect(Table?.GlobalSecondaryIndexes?.[0].KeySchema).toEqual(KEY_SCHEMA);
    expect(Table?.GlobalSecondaryIndexes?.[0].ItemCount).toBe(items.length);
  });

  it('orders a partition by the sort attributes left to right, each by its type, both ways', async () => {
    const expected = [...inPartition].sort(tupleOrder).map(sortKey);
    const forward = await query(FULL_PARTITION, {});
    expect(forward.found.map(sortKey)).toEqual(expected);
    const backward = await query(FULL_PARTITION, {}, { ScanIndexForward: false });
    expect(backward.found.map(sortKey)).toEqual([...expected].reverse());
  });

  it('pages with a LastEvaluatedKey of every index and table key attribute, both ways', async () => {
    const first = await client().send(
      new QueryCommand({
        TableName: table,
        IndexName: 'byMatch',
        KeyConditionExpression: FULL_PARTITION,
        ExpressionAttributeNames: { '#region': 'region' },
        ExpressionAttributeValues: PARTITION_VALUES,
        Limit: 5,
      }),
    );
    expect(Object.keys(first.LastEvaluatedKey ?? {}).sort()).toEqual(
      ['code', 'match', 'pk', 'rank', 'region', 'round', 'tag', 'tenant', 'tier'].sort(),
    );
    const expected = [...inPartition].sort(tupleOrder).map(sortKey);
    for (const forward of [true, false]) {
      const paged = await query(FULL_PARTITION, {}, { Limit: 5, ScanIndexForward: forward });
      expect(paged.found.map(sortKey)).toEqual(forward ? expected : [...expected].reverse());
      expect(paged.pages).toBeGreaterThanOrEqual(8);
    }
  });

  const shapes: [string, string, Item, (item: Item) => boolean][] = [
    ['= on the first sort attribute', 'round = :r', { ':r': S('FINALS') }, (i) => i.round.S === 'FINALS'],
    [
      'begins_with on the first',
      'begins_with(round, :r)',
      { ':r': S('QUARTER') },
      (i) => i.round.S === 'QUARTERFINALS',
    ],
    [
      'BETWEEN on the first',
      'round BETWEEN :a AND :b',
      { ':a': S('FINALS'), ':b': S('QUARTERFINALS') },
      (i) => i.round.S !== 'SEMIFINALS',
    ],
    ['< on the first', 'round < :r', { ':r': S('QUARTERFINALS') }, (i) => i.round.S === 'FINALS'],
    [
      '= then > (numbers)',
      'round = :r AND #rank > :n',
      { ':r': S('SEMIFINALS'), ':n': N(5) },
      (i) => i.round.S === 'SEMIFINALS' && Number(i.rank.N) > 5,
    ],
    [
      '= then <= (numbers)',
      'round = :r AND #rank <= :n',
      { ':r': S('SEMIFINALS'), ':n': N(50) },
      (i) => i.round.S === 'SEMIFINALS' && Number(i.rank.N) <= 50,
    ],
    [
      '= then >= ',
      'round = :r AND #rank >= :n',
      { ':r': S('FINALS'), ':n': N(500) },
      (i) => i.round.S === 'FINALS' && Number(i.rank.N) >= 500,
    ],
    [
      '= then BETWEEN',
      'round = :r AND #rank BETWEEN :a AND :b',
      { ':r': S('FINALS'), ':a': N(6), ':b': N(500) },
      (i) => i.round.S === 'FINALS' && [50, 500].includes(Number(i.rank.N)),
    ],
    [
      '= = then < (binary)',
      'round = :r AND #rank = :n AND tag < :t',
      { ':r': S('FINALS'), ':n': N(5), ':t': B(0, 1) },
      (i) =>
        i.round.S === 'FINALS' &&
        i.rank.N === '5' &&
        (i.tag.B as Uint8Array).length === 1 &&
        (i.tag.B as Uint8Array)[0] === 0,
    ],
    [
      '= = then begins_with (binary)',
      'round = :r AND #rank = :n AND begins_with(tag, :t)',
      { ':r': S('FINALS'), ':n': N(5), ':t': B(0) },
      (i) => i.round.S === 'FINALS' && i.rank.N === '5' && (i.tag.B as Uint8Array)[0] === 0,
    ],
    [
      '= = = then begins_with',
      'round = :r AND #rank = :n AND tag = :t AND begins_with(#match, :m)',
      { ':r': S('FINALS'), ':n': N(5), ':t': B(0), ':m': S('m1') },
      (i) =>
        i.round.S === 'FINALS' &&
        i.rank.N === '5' &&
        Buffer.from(i.tag.B as Uint8Array).equals(Buffer.from([0])) &&
        i.match.S === 'm1',
    ],
    [
      '= on all four',
      'round = :r AND #rank = :n AND tag = :t AND #match = :m',
      { ':r': S('FINALS'), ':n': N(1000), ':t': B(255), ':m': S('m1') },
      (i) =>
        i.round.S === 'FINALS' &&
        i.rank.N === '1000' &&
        Buffer.from(i.tag.B as Uint8Array).equals(Buffer.from([255])) &&
        i.match.S === 'm1',
    ],
    [
      '= on the first three',
      'tag = :t AND #rank = :n AND round = :r',
      { ':r': S('QUARTERFINALS'), ':n': N(50), ':t': B(0, 1) },
      (i) => i.round.S === 'QUARTERFINALS' && i.rank.N === '50' && (i.tag.B as Uint8Array).length === 2,
    ],
    [
      '> on the first (past every value it prefixes)',
      'round > :r',
      { ':r': S('FINALS') },
      (i) => i.round.S !== 'FINALS',
    ],
  ];
  for (const [title, condition, values, keep] of shapes) {
    it(`answers ${title}, in order, both ways, across pages`, async () => {
      const expected = inPartition.filter(keep).sort(tupleOrder).map(sortKey);
      expect(expected.length).toBeGreaterThan(0);
      const names = { '#rank': 'rank', '#match': 'match' };
      const used = Object.fromEntries(Object.entries(names).filter(([name]) => condition.includes(name)));
      for (const forward of [true, false]) {
        const { found } = await query(`${condition} AND ${FULL_PARTITION}`, values, {
          ScanIndexForward: forward,
          Limit: 4,
          ExpressionAttributeNames: { '#region': 'region', ...used },
        });
        expect(found.map(sortKey)).toEqual(forward ? expected : [...expected].reverse());
      }
    });
  }

  it('requires every partition attribute by equality', async () => {
    const values = { ':tenant': PARTITION.tenant, ':tier': PARTITION.tier, ':code': PARTITION.code };
    expect(await queryError('tenant = :tenant AND tier = :tier AND code = :code', values)).toBe(
      'ValidationException: HASH key attributes region must have equality conditions specified in the query',
    );
    expect(await queryError('tenant = :tenant', { ':tenant': PARTITION.tenant })).toBe(
      'ValidationException: HASH key attributes region, tier, code must have equality conditions specified in the query',
    );
    expect(
      await queryError('tenant = :tenant AND #region = :region AND tier > :tier AND code = :code', PARTITION_VALUES, {
        '#region': 'region',
      }),
    ).toBe('ValidationException: HASH key attributes tier must have equality conditions specified in the query');
  });

  it('refuses a gap in the sort attributes and a condition after a range', async () => {
    const reference = (missing: string, present: string) =>
      `ValidationException: RANGE key attributes ${missing} must have equality conditions specified in the query because a condition is present on key attribute ${present}`;
    // DynamoDB answers a skipped sort attribute "Query key condition not supported" (Developer Guide, multi-attribute keys).
    const service = 'ValidationException: Query key condition not supported';
    const cases: [string, Item, string][] = [
      [`${FULL_PARTITION} AND #rank = :n`, { ':n': N(5) }, reference('round', 'rank')],
      [`${FULL_PARTITION} AND round = :r AND tag = :t`, { ':r': S('FINALS'), ':t': B(0) }, reference('rank', 'tag')],
      [
        `${FULL_PARTITION} AND round > :r AND #rank = :n`,
        { ':r': S('FINALS'), ':n': N(5) },
        reference('round', 'rank'),
      ],
      [
        `${FULL_PARTITION} AND begins_with(round, :r) AND #rank > :n`,
        { ':r': S('F'), ':n': N(5) },
        reference('round', 'rank'),
      ],
    ];
    for (const [condition, values, referenceMessage] of cases) {
      const names: Record<string, string> = condition.includes('#rank')
        ? { '#region': 'region', '#rank': 'rank' }
        : { '#region': 'region' };
      expect(await queryError(condition, { ...PARTITION_VALUES, ...values }, names)).toBe(
        onReference ? referenceMessage : service,
      );
    }
  });

  it('refuses other attributes, mistyped values and repeated keys in the key condition', async () => {
    const names = { '#region': 'region' };
    expect(await queryError(`${FULL_PARTITION} AND pk = :p`, { ...PARTITION_VALUES, ':p': S('x') }, names)).toBe(
      onReference
        ? 'ValidationException: Query condition missed key schema element'
        : 'ValidationException: Query condition missed key schema element: round',
    );
    expect(await queryError(FULL_PARTITION, { ...PARTITION_VALUES, ':tier': S('1') }, names)).toBe(
      'ValidationException: One or more parameter values were invalid: Condition parameter type does not match schema type',
    );
    expect(await queryError(`${FULL_PARTITION} AND round = :r`, { ...PARTITION_VALUES, ':r': N(1) }, names)).toBe(
      'ValidationException: One or more parameter values were invalid: Condition parameter type does not match schema type',
    );
    expect(await queryError(`${FULL_PARTITION} AND tenant = :r`, { ...PARTITION_VALUES, ':r': S('t1') }, names)).toBe(
      'ValidationException: KeyConditionExpressions must only contain one condition per key',
    );
  });

  it('scans the index in full', async () => {
    const { Items } = await client().send(new ScanCommand({ TableName: table, IndexName: 'byMatch' }));
    expect(Items).toHaveLength(items.length);
  });

  it('leaves out items lacking a key attribute and refuses one of another type', async () => {
    const partial = { pk: S('partial'), ...PARTITION, round: S('FINALS'), rank: N(5), tag: B(0) };
    await client().send(new PutItemCommand({ TableName: table, Item: partial }));
    const { Count } = await client().send(
      new QueryCommand({
        TableName: table,
        IndexName: 'byMatch',
        KeyConditionExpression: `${FULL_PARTITION} AND round = :r`,
        ExpressionAttributeNames: { '#region': 'region' },
        ExpressionAttributeValues: { ...PARTITION_VALUES, ':r': S('FINALS') },
      }),
    );
    expect(Count).toBe(inPartition.filter((item) => item.round.S === 'FINALS').length);
    const mismatch = 'One or more parameter values were invalid: Type mismatch for Index Key';
    const writes = [
      () => client().send(new PutItemCommand({ TableName: table, Item: { pk: S('bad'), rank: S('5') } })),
      () =>
        client().send(
          new UpdateItemCommand({
            TableName: table,
            Key: { pk: S('partial') },
            UpdateExpression: 'SET tier = :s',
            ExpressionAttributeValues: { ':s': S('1') },
          }),
        ),
      () =>
        client().send(
          new BatchWriteItemCommand({
            RequestItems: { [table]: [{ PutRequest: { Item: { pk: S('bad'), tag: S('x') } } }] },
          }),
        ),
    ];
    for (const write of writes) {
      await expect(write()).rejects.toThrow(mismatch);
    }
    // A transaction is cancelled, its reason naming the mismatch.
    const transaction = await client()
      .send(
        new TransactWriteItemsCommand({
          TransactItems: [{ Put: { TableName: table, Item: { pk: S('bad'), code: N(1) } } }],
        }),
      )
      .catch((error: { name: string; CancellationReasons?: { Code?: string; Message?: string }[] }) => error);
    expect(transaction).toMatchObject({ name: 'TransactionCanceledException' });
    const reason = (transaction as { CancellationReasons?: { Code?: string; Message?: string }[] })
      .CancellationReasons?.[0];
    expect(reason?.Code).toBe('ValidationError');
    expect(reason?.Message).toMatch(new RegExp(`^${mismatch}`));
  });

  it('reports the index write capacity of a put as for a single-attribute key', async () => {
    const answer = await client().send(
      new PutItemCommand({
        TableName: table,
        Item: { ...items[0], pk: S('capacity') },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(answer.ConsumedCapacity?.GlobalSecondaryIndexes?.byMatch?.CapacityUnits).toBe(1);
    expect(answer.ConsumedCapacity?.CapacityUnits).toBe(2);
  });

  it('creates a 4+4 index on a filled table by UpdateTable and fills it from the items', async () => {
    const other = uniqueTableName('mgsi-backfill');
    await client().send(
      new CreateTableCommand({
        TableName: other,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [H('pk')],
      }),
    );
    for (const item of items) await client().send(new PutItemCommand({ TableName: other, Item: item }));
    // Items with another type on a key attribute, or without one, are left out of the new
    // index. (DynamoDB Local 3.3.1 indexes the mistyped item all the same; DynamoDB does not.)
    if (!onReference)
      await client().send(
        new PutItemCommand({ TableName: other, Item: { ...items[0], pk: S('typed'), rank: S('5') } }),
      );
    await client().send(new PutItemCommand({ TableName: other, Item: { pk: S('sparse'), ...PARTITION } }));
    await client().send(
      new UpdateTableCommand({
        TableName: other,
        AttributeDefinitions: DEFINITIONS,
        GlobalSecondaryIndexUpdates: [
          { Create: { IndexName: 'byMatch', KeySchema: KEY_SCHEMA, Projection: { ProjectionType: 'KEYS_ONLY' } } },
        ],
      }),
    );
    for (let attempt = 0; attempt < 100; attempt++) {
      const { Table } = await client().send(new DescribeTableCommand({ TableName: other }));
      if (Table?.GlobalSecondaryIndexes?.[0].IndexStatus === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { Items } = await client().send(
      new QueryCommand({
        TableName: other,
        IndexName: 'byMatch',
        KeyConditionExpression: `${FULL_PARTITION} AND round = :r AND #rank < :n`,
        ExpressionAttributeNames: { '#region': 'region', '#rank': 'rank' },
        ExpressionAttributeValues: { ...PARTITION_VALUES, ':r': S('SEMIFINALS'), ':n': N(500) },
      }),
    );
    const expected = inPartition
      .filter((item) => item.round.S === 'SEMIFINALS' && Number(item.rank.N) < 500)
      .sort(tupleOrder);
    expect(Items?.map(sortKey)).toEqual(expected.map(sortKey));
    expect(Object.keys(Items?.[0] ?? {}).sort()).toEqual([
      'code',
      'match',
      'pk',
      'rank',
      'region',
      'round',
      'tag',
      'tenant',
      'tier',
    ]);
  });

  it('refuses KeySchemas outside the rules with DynamoDB messages', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const create = async (keySchema: KeySchemaElement[], tableKeys: KeySchemaElement[] = [H('pk')]) => {
      try {
        await client().send(
          new CreateTableCommand({
            TableName: uniqueTableName('mgsi-bad'),
            BillingMode: 'PAY_PER_REQUEST',
            AttributeDefinitions: [
              { AttributeName: 'pk', AttributeType: 'S' },
              ...names
                .filter((name) => [...keySchema, ...tableKeys].some((key) => key.AttributeName === name))
                .map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
            ],
            KeySchema: tableKeys,
            GlobalSecondaryIndexes: [
              { IndexName: 'index', KeySchema: keySchema, Projection: { ProjectionType: 'ALL' } },
            ],
          }),
        );
      } catch (error) {
        return (error as Error).message;
      }
      return 'created';
    };
    // DynamoDB's wording first, DynamoDB Local 3.3.1's second.
    const cases: [KeySchemaElement[], string, string][] = [
      [
        [H('a'), H('b'), H('c'), H('d'), H('e')],
        'The KeySchema exceeds the maximum allowed number of HASH key attributes',
        'Too many partition keys. GSI can have at most 4 partition keys',
      ],
      [
        [H('a'), R('b'), R('c'), R('d'), R('e'), R('f')],
        'The KeySchema exceeds the maximum allowed number of RANGE key attributes',
        'Too many sort keys. GSI can have at most 4 sort keys',
      ],
      [
        [H('a'), R('b'), H('c')],
        'All HASH key attributes must precede RANGE key attributes in the KeySchema',
        'Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second',
      ],
      [
        [H('a'), R('b'), R('a')],
        'The KeySchema contains multiple key attributes with the same name',
        'Two keys can not have the same name',
      ],
      [
        [R('b'), H('a')],
        'Invalid KeySchema: The first KeySchemaElement is not a HASH key type',
        'Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second',
      ],
    ];
    for (const [keySchema, service, reference] of cases)
      expect(await create(keySchema)).toBe(onReference ? reference : service);
    expect(await create([H('a'), H('b'), H('c'), H('d'), R('e'), R('f'), R('g'), R('h')])).toBe('created');
    // Tables keep two key elements at most.
    expect(await create([H('a')], [H('pk'), R('b'), R('c')])).toMatch(
      onReference ? /^Key Schema too big/ : /Member must have length less than or equal to 2$/,
    );
  });
}

describeEachEngine(
  'a GSI with a four-by-four multi-attribute key',
  (engine) => suite(() => engine.client(), engine.name),
  {
    engines: ['in-process', 'dynamodb-local-3'],
  },
);

describe('a GSI with a four-by-four multi-attribute key [http]', () => {
  let server: RunningServer;
  let client: DynamoDBClient;
  beforeAll(async () => {
    server = await startServer({ port: 0, inMemory: true });
    client = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
  });
  suite(() => client, 'http');
});
