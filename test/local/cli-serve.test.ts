import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampleTable } from './support/sample-table.js';
import { startCliServer } from './support/run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function sdkClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'any', secretAccessKey: 'any' },
  });
}

describe('monotable serve', () => {
  it('serves the default database file, prints one line, and checkpoints it on SIGTERM', async () => {
    const server = await startCliServer([], directory);
    expect(server.banner.split('\n')).toHaveLength(1);
    expect(server.banner).toContain('http://127.0.0.1:');
    const client = sdkClient(server.endpoint);
    await createSampleTable(client);
    await DynamoDBDocumentClient.from(client).send(
      new PutCommand({ TableName: 'app', Item: { pk: 'a', sk: 'b', v: 1 } }),
    );
    client.destroy();
    expect(await server.stop('SIGTERM')).not.toBeNull();

    const file = join(directory, '.monotable', 'monotable.sqlite');
    expect(existsSync(file)).toBe(true);
    // Closed cleanly: the write-ahead log was folded into the file.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const database = new Database(file, { readonly: true });
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    database.close();

    const again = await startCliServer([], directory);
    const reader = DynamoDBDocumentClient.from(sdkClient(again.endpoint));
    expect((await reader.send(new GetCommand({ TableName: 'app', Key: { pk: 'a', sk: 'b' } }))).Item).toEqual({
      pk: 'a',
      sk: 'b',
      v: 1,
    });
    reader.destroy();
    await again.stop('SIGINT');
  });

  it('serves memory only with --in-memory and refuses --db with it', async () => {
    const server = await startCliServer(['--in-memory']);
    expect(server.banner).toContain('in memory');
    const client = sdkClient(server.endpoint);
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    client.destroy();
    await server.stop();
    await expect(startCliServer(['--in-memory', '--db', join(directory, 'x.sqlite')])).rejects.toThrow(
      /exclude each other/,
    );
  });

  it('reaps expired TTL items on the interval given by --ttl-interval', async () => {
    const server = await startCliServer(['--in-memory', '--ttl-interval', '0.2']);
    const client = sdkClient(server.endpoint);
    await createSampleTable(client);
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: 'app',
        TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      }),
    );
    const documents = DynamoDBDocumentClient.from(client);
    const past = Math.floor(Date.now() / 1000) - 60;
    await documents.send(new PutCommand({ TableName: 'app', Item: { pk: 'gone', sk: 'x', expires_at: past } }));
    await documents.send(new PutCommand({ TableName: 'app', Item: { pk: 'kept', sk: 'x', expires_at: past + 3600 } }));
    // Well under the 5 s default, so the test fails if the flag is ignored.
    const deadline = Date.now() + 3_000;
    let reaped = false;
    while (!reaped && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reaped =
        (await documents.send(new GetCommand({ TableName: 'app', Key: { pk: 'gone', sk: 'x' } }))).Item === undefined;
    }
    expect(reaped).toBe(true);
    expect(
      (await documents.send(new GetCommand({ TableName: 'app', Key: { pk: 'kept', sk: 'x' } }))).Item,
    ).toBeDefined();
    client.destroy();
    await server.stop();
  });
});
