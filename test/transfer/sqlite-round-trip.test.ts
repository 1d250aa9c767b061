import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalClient } from '../../src/local/index.js';
import { copyTable, exportTable, importTable, type WireItem } from '../../src/transfer/index.js';
import { dynamoDbLocalSkipNote } from '../support/dynamodb-local.js';
import { createTable, endpointClient, putAll, scanAll, scratchDirectory, uniqueTableName } from './support/engines.js';
import { canonicalTable, everyTypeItems, everyTypeTable } from './support/every-attribute-type.js';

const endpoint = inject('dynamoDbLocalEndpoint');
const quiet = { progress: { enabled: false } } as const;

const suiteTitle = `a table holding every attribute type, sqlite → DynamoDB Local → sqlite${dynamoDbLocalSkipNote(endpoint)}`;
describe.skipIf(!endpoint)(suiteTitle, () => {
  const scratch = scratchDirectory();
  const dynamoDbLocal = endpointClient(endpoint);
  afterAll(() => {
    dynamoDbLocal.destroy();
    scratch.remove();
  });

  const table = uniqueTableName('every_type');
  const sourcePath = join(scratch.path, 'source.db');
  let sourceItems: WireItem[];

  beforeAll(async () => {
    const source = createLocalClient({ path: sourcePath });
    try {
      await createTable(source, everyTypeTable(table));
      await putAll(source, table, everyTypeItems());
      sourceItems = await scanAll(source, table);
    } finally {
      source.destroy();
    }
    expect(sourceItems).toHaveLength(everyTypeItems().length);
  });

  it('copies to DynamoDB Local, creating the table like the source', async () => {
    const result = await copyTable({ from: `sqlite:${sourcePath}`, to: endpoint, table, ...quiet });
    expect(result).toEqual({ items: sourceItems.length, createdTable: true });
    expect(canonicalTable(await scanAll(dynamoDbLocal, table))).toEqual(canonicalTable(sourceItems));
    const { Table } = await dynamoDbLocal.send(new DescribeTableCommand({ TableName: table }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['gsi1']);
  });

  it('comes back identical through an export file and an import', async () => {
    const file = join(scratch.path, 'every-type.jsonl');
    expect(await exportTable({ from: endpoint, table, out: file, ...quiet })).toEqual({ items: sourceItems.length });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(sourceItems.length);
    expect(JSON.parse(lines[0])).toHaveProperty('Item.pk');

    const targetPath = join(scratch.path, 'via-import.db');
    const target = createLocalClient({ path: targetPath });
    try {
      await createTable(target, everyTypeTable(table));
    } finally {
      target.destroy();
    }
    expect(await importTable({ to: `sqlite:${targetPath}`, table, in: file, ...quiet })).toEqual({
      items: sourceItems.length,
      resumedAfterLine: 0,
    });
    const reopened = createLocalClient({ path: targetPath });
    try {
      expect(canonicalTable(await scanAll(reopened, table))).toEqual(canonicalTable(sourceItems));
    } finally {
      reopened.destroy();
    }
  });

  it('comes back identical through a copy', async () => {
    const targetPath = join(scratch.path, 'via-copy.db');
    await copyTable({ from: endpoint, to: `sqlite:${targetPath}`, table, segments: 3, ...quiet });
    const target = createLocalClient({ path: targetPath });
    try {
      expect(canonicalTable(await scanAll(target, table))).toEqual(canonicalTable(sourceItems));
    } finally {
      target.destroy();
    }
  });
});
