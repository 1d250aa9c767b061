import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createLocalClient } from '../../src/local/index.js';
import { importTable, type WireItem } from '../../src/transfer/index.js';
import { ImportCheckpoint } from '../../src/transfer/checkpoint.js';
import { itemToExportLine } from '../../src/transfer/export-json.js';
import { createTable, endpointClient, scanAll, scratchDirectory, uniqueTableName } from './support/engines.js';
import { canonicalTable } from './support/every-attribute-type.js';

const endpoint = inject('dynamoDbLocalEndpoint');
const fixture = join(import.meta.dirname, 'fixtures', 'slow-import.ts');

function sourceItems(count: number): WireItem[] {
  return Array.from({ length: count }, (_, i) => ({
    pk: { S: `JOB#${i % 40}` },
    sk: { S: `FINDING#${String(i).padStart(5, '0')}` },
    n: { N: `1234567890123456789012345678901234567${i % 10}` },
    body: { S: `finding ${i}` },
  }));
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The import targets: DynamoDB Local and a monotable SQLite file. */
const targets: {
  name: string;
  location: (directory: string) => string;
  client: (location: string) => DynamoDBClient;
}[] = [
  ...(endpoint ? [{ name: 'DynamoDB Local', location: () => endpoint, client: () => endpointClient(endpoint) }] : []),
  {
    name: 'a monotable sqlite file',
    location: (directory: string) => `sqlite:${join(directory, 'target.db')}`,
    client: (location: string) => createLocalClient({ path: location.slice('sqlite:'.length) }),
  },
];

describe.each(targets)('an import into $name killed half-way', (target) => {
  const scratch = scratchDirectory();
  const location = target.location(scratch.path);
  const client = target.client(location);
  afterAll(() => {
    client.destroy();
    scratch.remove();
  });
  it('ends, once run again, with exactly the source items', async () => {
    const table = uniqueTableName('resume');
    await createTable(client, {
      TableName: table,
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const items = sourceItems(2000);
    const file = join(scratch.path, 'resume.jsonl');
    writeFileSync(file, items.map((item) => `${itemToExportLine(item)}\n`).join(''));
    const progressFile = ImportCheckpoint.pathFor(file);

    const child = spawn(process.execPath, ['--import', 'tsx', fixture, location, table, file, '40'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    const acknowledged = () =>
      existsSync(progressFile) ? JSON.parse(readFileSync(progressFile, 'utf8')).acknowledgedLine : 0;
    try {
      await waitFor(() => acknowledged() >= 250 || child.exitCode !== null, 25_000);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited, stderr).toBe('SIGKILL');

    const killedAt = acknowledged();
    const written = await scanAll(client, table);
    expect(killedAt).toBeGreaterThanOrEqual(250);
    expect(written.length).toBeGreaterThanOrEqual(killedAt);
    expect(written.length).toBeLessThan(items.length);

    const resumed = await importTable({ to: location, table, in: file, progress: { enabled: false } });
    expect(resumed.resumedAfterLine).toBe(killedAt);
    expect(resumed.items).toBe(items.length - killedAt);
    expect(existsSync(progressFile)).toBe(false);
    expect(canonicalTable(await scanAll(client, table))).toEqual(canonicalTable(items));
  });
});
