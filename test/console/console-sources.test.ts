import { CreateTableCommand, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startConsole, type RunningConsole } from '../../src/console/console-server.js';
import { createLocalClient } from '../../src/local/index.js';

// The console without a model, read-only, and on an endpoint that refuses: messages on the page.
const running: RunningConsole[] = [];
const clients: { destroy(): void }[] = [];
afterEach(async () => {
  for (const console of running.splice(0)) await console.close();
  for (const client of clients.splice(0)) client.destroy();
});

async function plainTable(): Promise<DynamoDBClient> {
  const client = createLocalClient({ inMemory: true });
  clients.push(client);
  await client.send(
    new CreateTableCommand({
      TableName: 'plain',
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  return client;
}

async function start(options: Parameters<typeof startConsole>[0]): Promise<RunningConsole> {
  const console = await startConsole({ port: 0, ...options });
  running.push(console);
  return console;
}

function post(console: RunningConsole, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${console.url}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

describe('monotable console without a model', () => {
  it('puts, shows and deletes an item as raw DynamoDB JSON', async () => {
    const client = await plainTable();
    const console = await start({ client, allowWrites: true, source: 'in memory' });
    const item = { id: { S: 'a' }, tags: { SS: ['x', 'y'] }, n: { N: '7' } };
    const put = await post(console, '/tables/plain/raw-put', {
      csrf: console.session.csrfToken,
      item: JSON.stringify(item),
    });
    expect(put.status).toBe(303);
    expect(put.headers.get('location')).toBe('/tables/plain/item?pk=a&done=saved');
    const page = await (await fetch(`${console.url}/tables/plain/item?pk=a`)).text();
    expect(page).toContain('&quot;SS&quot;');
    expect(page).toContain('&quot;n&quot;: 7');
    const refused = await post(console, '/tables/plain/raw-put', {
      csrf: console.session.csrfToken,
      item: '{"id": {"S": "b"}, "n": {"N": "x"}}',
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Not saved: ValidationException');
    const deleted = await post(console, '/tables/plain/raw-delete', {
      csrf: console.session.csrfToken,
      item: '{"id":{"S":"a"}}',
    });
    expect(deleted.status).toBe(303);
    expect(
      (await client.send(new GetItemCommand({ TableName: 'plain', Key: { id: { S: 'a' } } }))).Item,
    ).toBeUndefined();
  });

  it('is read-only unless writes are allowed: no edit forms, and a post with the token is refused', async () => {
    const client = await plainTable();
    const console = await start({ client, allowWrites: false, source: 'endpoint http://localhost:8000' });
    const page = await (await fetch(`${console.url}/tables/plain/item?pk=a`)).text();
    expect(page).toContain('read-only');
    expect(page).not.toContain('raw-put');
    const refused = await post(console, '/tables/plain/raw-put', {
      csrf: console.session.csrfToken,
      item: '{"id":{"S":"a"}}',
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('read-only');
    expect(
      (await client.send(new GetItemCommand({ TableName: 'plain', Key: { id: { S: 'a' } } }))).Item,
    ).toBeUndefined();
  });

  it('shows a model file that failed to load, with the error and the file', async () => {
    const client = await plainTable();
    const console = await start({
      client,
      allowWrites: true,
      source: 'in memory',
      modelFailure: { file: 'broken-model.ts', message: 'exports no model' },
    });
    const page = await (await fetch(`${console.url}/model`)).text();
    expect(page).toContain('The model file <code>broken-model.ts</code> failed to load: exports no model');
  });

  it('says when the endpoint refuses the connection', async () => {
    const client = new DynamoDBClient({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    clients.push(client);
    const console = await start({ client, allowWrites: false, source: 'endpoint http://127.0.0.1:9' });
    const response = await fetch(`${console.url}/tables`);
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('The endpoint refuses the connection (ECONNREFUSED)');
  });
});
