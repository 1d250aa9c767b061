import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLocalClient } from '../../src/local/index.js';
import { copyTable, exportTable, importTable } from '../../src/transfer/index.js';
import { adrTableDefinition, ensureTable } from '../../src/transfer/table-definition.js';
import { dynamoDbLocalSkipNote } from '../support/dynamodb-local.js';
import { adrCases, writeAdrDatabase } from './support/adr-database.js';
import { endpointClient, scanAll, scratchDirectory, uniqueTableName } from './support/engines.js';
import { canonicalTable } from './support/every-attribute-type.js';

const endpoint = inject('dynamoDbLocalEndpoint');
const quiet = { progress: { enabled: false } } as const;

const suiteTitle = `an ADR-shaped SQLite table, → DynamoDB Local → sqlite${dynamoDbLocalSkipNote(endpoint)}`;
describe.skipIf(!endpoint)(suiteTitle, () => {
  const scratch = scratchDirectory();
  const dynamoDbLocal = endpointClient(endpoint);
  const table = uniqueTableName('blue_dialogue');
  const adrPath = join(scratch.path, 'blue.db');
  const expected = canonicalTable(adrCases.map((row) => row.item));
  writeAdrDatabase(adrPath, table);
  afterAll(() => {
    dynamoDbLocal.destroy();
    scratch.remove();
  });

  it('copies every row into DynamoDB Local as the item the ADR describes', async () => {
    const result = await copyTable({ from: `adr-sqlite:${adrPath}`, to: endpoint, table, ...quiet });
    expect(result).toEqual({ items: adrCases.length, createdTable: true });
    expect(canonicalTable(await scanAll(dynamoDbLocal, table))).toEqual(expected);
  });

  it('reads the ADR table under another name with ?table=', async () => {
    const renamed = uniqueTableName('dialogue');
    await copyTable({ from: `adr-sqlite:${adrPath}?table=${table}`, to: endpoint, table: renamed, ...quiet });
    expect(canonicalTable(await scanAll(dynamoDbLocal, renamed))).toEqual(expected);
  });

  it('exports the ADR table to DynamoDB JSON lines that import as the same items', async () => {
    const file = join(scratch.path, 'adr.jsonl');
    expect(await exportTable({ from: `adr-sqlite:${adrPath}`, table, out: file, ...quiet })).toEqual({
      items: adrCases.length,
    });
    const imported = uniqueTableName('dialogue_imported');
    await ensureTable(dynamoDbLocal, imported, adrTableDefinition);
    await importTable({ to: endpoint, table: imported, in: file, ...quiet });
    expect(canonicalTable(await scanAll(dynamoDbLocal, imported))).toEqual(expected);
  });

  it('arrives identical in a monotable sqlite file', async () => {
    const targetPath = join(scratch.path, 'monotable.db');
    await copyTable({ from: endpoint, to: `sqlite:${targetPath}`, table, ...quiet });
    const target = createLocalClient({ path: targetPath });
    try {
      expect(canonicalTable(await scanAll(target, table))).toEqual(expected);
    } finally {
      target.destroy();
    }
  });
});
