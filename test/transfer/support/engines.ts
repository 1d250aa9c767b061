import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  ScanCommand,
  type AttributeValue,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WireItem } from '../../../src/transfer/index.js';

/** A scratch directory removed by the returned function. */
export function scratchDirectory(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'monotable-transfer-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A low-level client for an endpoint such as the DynamoDB Local of the test run. */
export function endpointClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

let counter = 0;
/** A table name no other test of this run uses. */
export function uniqueTableName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
}

export async function createTable(client: DynamoDBClient, input: CreateTableCommandInput): Promise<void> {
  await client.send(new CreateTableCommand(input));
}

/** Writes items with plain BatchWriteItem calls (test setup, not the code under test). */
export async function putAll(client: DynamoDBClient, tableName: string, items: readonly WireItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}

/** Every item of a table (a plain sequential Scan). */
export async function scanAll(client: DynamoDBClient, tableName: string): Promise<WireItem[]> {
  const items: WireItem[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
