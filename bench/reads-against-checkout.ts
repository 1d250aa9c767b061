/**
 * The read path of sections (a) and (c) (GetItem, a Query of 11, a Scan of 100, through the
 * DocumentClient, the low-level client and `engine.handle`), and a PutItem beside them, on this checkout and on
 * another one loaded into the same process, alternating in rounds: a before/after
 * comparison for changes to how answers and stored items are read, which holds on a
 * loaded machine where two separate runs do not. Each figure is CPU time per call
 * (`process.cpuUsage`), the median of the round means, the first three rounds left out.
 *
 *   node --import tsx bench/reads-against-checkout.ts <other checkout> [rounds] [calls per round] [names]
 *
 * `names` (comma-separated parts of the workload names, e.g. `doc GetItem,doc Query`)
 * restricts the run. The other checkout needs its dependencies.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GetItemCommand, PutItemCommand, QueryCommand as LowLevelQueryCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';

type Workload = () => unknown;

interface Side {
  readonly name: string;
  readonly workloads: Record<string, Workload>;
  readonly results: Record<string, number[]>;
}

const TABLE = 'reads';
const PARTITIONS = 50;
const ITEMS_PER_PARTITION = 11;

async function sideOf(name: string, root: string): Promise<Side> {
  const at = (path: string) => pathToFileURL(join(root, path)).href;
  const { createLocalClient, localEngineOf } = (await import(
    at('src/local/client/create-local-client.ts')
  )) as typeof import('../src/local/client/create-local-client.js');
  const client = createLocalClient({ inMemory: true, engineOptions: { ttlReapIntervalMs: 0 } });
  const engine = localEngineOf(client);
  engine.handle('CreateTable', {
    TableName: TABLE,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
  });
  for (let partition = 0; partition < PARTITIONS; partition++) {
    for (let sort = 0; sort < ITEMS_PER_PARTITION; sort++) {
      engine.handle('PutItem', {
        TableName: TABLE,
        Item: {
          pk: { S: `USER#${partition}` },
          sk: { S: `ORDER#${String(sort).padStart(3, '0')}` },
          status: { S: 'open' },
          total: { N: String(partition * 10 + sort + 0.5) },
          tags: { SS: ['a', 'b'] },
          note: { S: 'some text here' },
          nested: { M: { a: { N: '1' }, b: { L: [{ S: 'x' }, { BOOL: true }] } } },
        },
      });
    }
  }
  const documents = DynamoDBDocumentClient.from(client);
  let call = 0;
  const partition = () => `USER#${call++ % PARTITIONS}`;
  const inPartition = () => ({
    TableName: TABLE,
    KeyConditionExpression: 'pk = :p',
    ExpressionAttributeValues: { ':p': { S: partition() } },
  });
  return {
    name,
    results: {},
    workloads: {
      'doc GetItem': () =>
        documents.send(new GetCommand({ TableName: TABLE, Key: { pk: partition(), sk: 'ORDER#003' } })),
      'doc Query 11': () =>
        documents.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: 'pk = :p',
            ExpressionAttributeValues: { ':p': partition() },
          }),
        ),
      'doc Scan 100': () => documents.send(new ScanCommand({ TableName: TABLE, Limit: 100 })),
      'low GetItem': () =>
        client.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: partition() }, sk: { S: 'ORDER#003' } } })),
      'low Query 11': () => client.send(new LowLevelQueryCommand(inPartition())),
      'engine.handle Query 11': () => engine.handle('Query', inPartition()),
      // A write beside the reads (a steady overwrite of one item of each partition), for changes on the shared request path.
      'doc PutItem': () =>
        documents.send(
          new PutCommand({ TableName: TABLE, Item: { pk: partition(), sk: 'ORDER#010', status: 'open', total: 1.5 } }),
        ),
      'low PutItem': () =>
        client.send(
          new PutItemCommand({
            TableName: TABLE,
            Item: { pk: { S: partition() }, sk: { S: 'ORDER#010' }, status: { S: 'open' }, total: { N: '1.5' } },
          }),
        ),
    },
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const [other, roundsArgument, perRoundArgument, namesArgument] = process.argv.slice(2);
if (!other) {
  console.error(
    'usage: node --import tsx bench/reads-against-checkout.ts <other checkout> [rounds] [calls per round] [names]',
  );
  process.exit(2);
}
const rounds = Math.max(4, Number(roundsArgument ?? 40));
const perRound = Number(perRoundArgument ?? 1000);
const names = namesArgument?.split(',');
const sides = [
  await sideOf('other', isAbsolute(other) ? other : resolve(other)),
  await sideOf('this', resolve(import.meta.dirname, '..')),
];
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    for (const [name, workload] of Object.entries(side.workloads)) {
      if (names && !names.some((part) => name.includes(part))) continue;
      const since = process.cpuUsage();
      for (let index = 0; index < perRound; index++) await workload();
      const used = process.cpuUsage(since);
      (side.results[name] ??= []).push((used.user + used.system) / perRound);
    }
  }
}
for (const name of Object.keys(sides[0].results)) {
  const [before, after] = sides.map((side) => median(side.results[name].slice(3)));
  console.log(
    `${name.padEnd(24)} other ${before.toFixed(2)} µs  this ${after.toFixed(2)} µs  this/other ${(after / before).toFixed(3)}`,
  );
}
