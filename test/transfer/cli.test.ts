import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { register } from '../../src/cli/commands/transfer.js';
import { dynamoDbLocalSkipNote } from '../support/dynamodb-local.js';
import { runCommand } from '../support/run-command.js';
import { itemToExportLine } from '../../src/transfer/export-json.js';
import { createTable, endpointClient, putAll, scanAll, scratchDirectory, uniqueTableName } from './support/engines.js';
import { canonicalTable } from './support/every-attribute-type.js';

const endpoint = inject('dynamoDbLocalEndpoint');

const run = (...args: string[]): Promise<string> => runCommand(register, ...args);

const table = (name: string) => ({
  TableName: name,
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' as const }],
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }],
  BillingMode: 'PAY_PER_REQUEST' as const,
});

const suiteTitle = `monotable export / import / copy${dynamoDbLocalSkipNote(endpoint)}`;
describe.skipIf(!endpoint)(suiteTitle, () => {
  const scratch = scratchDirectory();
  const client = endpointClient(endpoint);
  afterAll(() => {
    client.destroy();
    scratch.remove();
  });

  it('exports to standard output, imports from a file and copies between tables', async () => {
    const source = uniqueTableName('cli_src');
    await createTable(client, table(source));
    const items = Array.from({ length: 60 }, (_, i) => ({ pk: { S: `k${i}` }, n: { N: `${i}.25` } }));
    await putAll(client, source, items);

    const exported = await run('export', '--from', endpoint, '--table', source, '--segments', '2');
    const lines = exported.trimEnd().split('\n');
    expect(lines).toHaveLength(60);
    expect(lines.map((line) => JSON.parse(line))).toContainEqual({ Item: { pk: { S: 'k7' }, n: { N: '7.25' } } });

    const file = join(scratch.path, 'cli.jsonl');
    writeFileSync(file, exported);
    const imported = uniqueTableName('cli_imported');
    await createTable(client, table(imported));
    await run('import', '--to', endpoint, '--table', imported, '--in', file);
    expect(canonicalTable(await scanAll(client, imported))).toEqual(canonicalTable(items));

    const copied = uniqueTableName('cli_copied');
    await run('copy', '--from', endpoint, '--to', endpoint, '--table', source, '--target-table', copied);
    expect(canonicalTable(await scanAll(client, copied))).toEqual(canonicalTable(items));
  });

  it('rejects an unknown location before touching anything', async () => {
    await expect(run('export', '--from', 'app.db', '--table', 'x')).rejects.toThrow(/expected sqlite:<path>/);
  });

  it('refuses to import into a missing table', async () => {
    const file = join(scratch.path, 'one.jsonl');
    writeFileSync(file, `${itemToExportLine({ pk: { S: 'a' } })}\n`);
    await expect(run('import', '--to', endpoint, '--table', 'no_such_table', '--in', file)).rejects.toThrow(
      'Requested resource not found: Table: no_such_table not found',
    );
  });
});
