import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, createLocalClient, type RunningServer } from '../../src/local/index.js';
import {
  buildQueryRequest,
  createTableFromModel,
  TableRepository,
  ValidationError,
} from '../../src/repository/index.js';
import { patternByName } from '../../src/model/model.js';
import { availableEngines, uniqueTableName, type TestEngine } from '../support/engines.js';
import { ticketModel, type TicketModel } from './fixtures/ticket-model.js';

/**
 * The repository on an index keyed on item attributes (multi-attribute GSI keys): in-process, over
 * `monotable serve` and on AWS DynamoDB Local 3.3.1. The local engine runs these once it accepts
 * such key schemas; until then its two cases are skipped, saying why.
 */
const NOW = Date.parse('2026-05-01T12:00:00.000Z');

/**
 * Whether an engine accepts a GSI with two partition attributes (probe: CreateTable, then drop it).
 * Only the refusal of such a key schema means "not yet"; any other error fails the run.
 */
async function acceptsMultiAttributeKeys(client: DynamoDBClient): Promise<boolean> {
  const TableName = uniqueTableName('probe');
  try {
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'a', 'b'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'by-a-b',
            KeySchema: [
              { AttributeName: 'a', KeyType: 'HASH' },
              { AttributeName: 'b', KeyType: 'HASH' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  } catch (error) {
    if (/length less than or equal to 2|Key Schema too big/.test((error as Error).message)) return false;
    throw error;
  }
  await client.send(new DeleteTableCommand({ TableName }));
  return true;
}

const wantsLocal = availableEngines(['in-process']).length > 0;
const probeClient = wantsLocal ? createLocalClient({ inMemory: true }) : undefined;
const localEngineReady = probeClient ? await acceptsMultiAttributeKeys(probeClient) : false;
probeClient?.destroy();
const notYet = 'the local engine does not accept multi-attribute GSI key schemas yet';

let server: RunningServer | undefined;
const engines: { name: string; skip?: string; client: () => DynamoDBClient }[] = [
  ...availableEngines(['in-process']).map((engine) => ({ ...engine, ...(localEngineReady ? {} : { skip: notYet }) })),
  ...(wantsLocal
    ? [
        {
          name: 'monotable serve',
          ...(localEngineReady ? {} : { skip: notYet }),
          client: () =>
            new DynamoDBClient({
              endpoint: server!.endpoint,
              region: 'us-east-1',
              credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
              maxAttempts: 1,
            }),
        },
      ]
    : []),
  ...availableEngines(['dynamodb-local-3']),
];

beforeAll(async () => {
  if (wantsLocal && localEngineReady) server = await startServer({ port: 0, inMemory: true });
});
afterAll(async () => {
  await server?.close();
});

for (const engine of engines) {
  const title = `repository on an attribute-keyed index [${engine.name}]`;
  if (engine.skip) describe.skip(`${title} (skipped: ${engine.skip})`, () => undefined);
  else describe(title, () => suite(engine));
}

function suite(engine: Pick<TestEngine, 'client'>): void {
  let db: TableRepository<TicketModel>;
  let raw: DynamoDBDocumentClient;
  let tableName: string;
  beforeAll(async () => {
    const client = engine.client();
    tableName = uniqueTableName('tickets');
    await createTableFromModel(client, ticketModel(), { tableName });
    raw = DynamoDBDocumentClient.from(client);
    db = new TableRepository(client, ticketModel(), { tableName, now: () => NOW, retry: { baseDelayMs: 1 } });
    const tickets = db.entity('ticket');
    for (const [tenantId, id, status, createdAt, priority] of [
      ['t1', 'a', 'open', '2026-01-05', 2],
      ['t1', 'b', 'open', '2026-01-05', 10],
      ['t1', 'c', 'open', '2026-02-01', 1],
      ['t1', 'd', 'open', '2026-01-20', 7],
      ['t1', 'e', 'open', '2026-01-05', 5],
      ['t1', 'f', 'closed', '2026-01-06', 1],
      ['t2', 'g', 'open', '2026-01-07', 1],
    ] as const) {
      await tickets.create({ tenantId, id, title: `ticket ${id}`, status, createdAt, priority });
    }
  });

  it('writes no key attribute for the attribute-keyed index, and the template index keys beside it', async () => {
    const { Item } = await raw.send(new GetCommand({ TableName: tableName, Key: { pk: 'TENANT#t1', sk: 'TICKET#a' } }));
    expect(Object.keys(Item!).sort()).toEqual(
      [
        '_type',
        'createdAt',
        'gsi1pk',
        'gsi1sk',
        'id',
        'pk',
        'priority',
        'sk',
        'status',
        'tenantId',
        'title',
        'version',
      ].sort(),
    );
    expect(Item).toMatchObject({
      gsi1pk: 'TICKET#a',
      gsi1sk: 'META',
      tenantId: 't1',
      status: 'open',
      createdAt: '2026-01-05',
      priority: 2,
    });
  });

  it('queries on every partition attribute, sorted by (createdAt, priority) newest first, page by page', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await db.query(
        'listTickets',
        { tenantId: 't1', status: 'open' },
        { limit: 2, ...(cursor ? { cursor } : {}) },
      );
      ids.push(...page.items.map((item) => item.id));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(ids).toEqual(['c', 'd', 'b', 'e', 'a']);
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('gets a LastEvaluatedKey that carries every index and table key attribute', async () => {
    const input = buildQueryRequest(
      tableName,
      db.model,
      patternByName(db.model, 'listTickets'),
      { tenantId: 't1', status: 'open' },
      { limit: 1 },
    );
    const output = await raw.send(new QueryCommand(input));
    expect(output.LastEvaluatedKey).toEqual({
      tenantId: 't1',
      status: 'open',
      createdAt: '2026-02-01',
      priority: 1,
      pk: 'TENANT#t1',
      sk: 'TICKET#c',
    });
  });

  it('takes a range, begins_with or between on the last constrained sort attribute', async () => {
    const since = await db.query('listTicketsSince', { tenantId: 't1', status: 'open', createdAt: '2026-01-20' });
    expect(since.items.map((item) => item.id)).toEqual(['d', 'c']);
    const month = await db.query('listTicketsOfMonth', { tenantId: 't1', status: 'open', createdAt: '2026-01' });
    expect(month.items.map((item) => item.id)).toEqual(['a', 'e', 'b', 'd']);
    const day = await db.query('listTicketsOfDayByPriority', {
      tenantId: 't1',
      status: 'open',
      createdAt: '2026-01-05',
      priority: [3, 10],
    });
    expect(day.items.map((item) => item.id)).toEqual(['e', 'b']);
  });

  it('moves a ticket between index partitions with its transition, one write and no key to keep in sync', async () => {
    const moved = await db.entity('ticket').transition({ tenantId: 't2', id: 'g' }, { from: 'open', to: 'working' });
    expect(moved.status).toBe('working');
    expect((await db.query('listTickets', { tenantId: 't2', status: 'open' })).items).toEqual([]);
    expect((await db.query('listTickets', { tenantId: 't2', status: 'working' })).items.map((item) => item.id)).toEqual(
      ['g'],
    );
  });

  it('adds and removes an item from a sparse index with its attribute', async () => {
    const tickets = db.entity('ticket');
    expect((await db.query('listAssigned', { assignee: 'ann' })).items).toEqual([]);
    await tickets.update({ tenantId: 't1', id: 'd' }, { set: { assignee: 'ann' } });
    await tickets.update({ tenantId: 't1', id: 'a' }, { set: { assignee: 'ann' } });
    expect((await db.query('listAssigned', { assignee: 'ann' })).items.map((item) => item.id)).toEqual(['a', 'd']);
    await tickets.update({ tenantId: 't1', id: 'd' }, { remove: ['assignee'] });
    expect((await db.query('listAssigned', { assignee: 'ann' })).items.map((item) => item.id)).toEqual(['a']);
  });

  it('refuses a missing or mistyped key parameter before any request', async () => {
    await expect(db.query('listTickets', { tenantId: 't1' } as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(
      db.query('listTicketsOfDayByPriority', {
        tenantId: 't1',
        status: 'open',
        createdAt: '2026-01-05',
        priority: 3,
      } as never),
    ).rejects.toThrow(/\[low, high\]/);
    await expect(
      db.query('listTicketsSince', { tenantId: 't1', status: 'open', createdAt: 20260101 } as never),
    ).rejects.toThrow(/non-empty string/);
  });
}
