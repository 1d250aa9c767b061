import { ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { WireItem } from './export-json.js';
import type { ItemSource } from './item-source.js';
import type { OpenedClient } from './open-client.js';
import { TableNotFoundError } from './errors.js';
import { describeTable, readTableDefinition } from './table-definition.js';
import { mergeAsync } from './merge-async.js';

export interface ScanSourceOptions {
  /** Parallel Scan segments; default 4. */
  readonly segments?: number;
}

/**
 * Reads a whole table with a parallel Scan — the admin path, where a Scan belongs.
 *
 * @example
 * const source = scanSource(await openClient(parseLocation('aws')), 'app', { segments: 8 });
 * for await (const item of source.items()) …
 */
export function scanSource(opened: OpenedClient, tableName: string, options: ScanSourceOptions = {}): ItemSource {
  const segments = Math.max(1, Math.floor(options.segments ?? 4));
  return {
    description: `${opened.description} table ${tableName}`,
    tableDefinition: () => readTableDefinition(opened.client, tableName, opened.description),
    // Asked before the first item is read, so a missing table is reported by name.
    estimatedCount: async () => {
      const table = await describeTable(opened.client, tableName);
      if (table === undefined) throw new TableNotFoundError(tableName, opened.description);
      return table.ItemCount;
    },
    async *items() {
      const pages = Array.from({ length: segments }, (_, segment) =>
        scanSegment(opened.client, tableName, segment, segments),
      );
      for await (const page of mergeAsync(pages)) yield* page;
    },
    close: () => opened.close(),
  };
}

async function* scanSegment(
  client: DynamoDBClient,
  tableName: string,
  segment: number,
  totalSegments: number,
): AsyncGenerator<WireItem[]> {
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        ...(totalSegments > 1 ? { Segment: segment, TotalSegments: totalSegments } : {}),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    if (page.Items?.length) yield page.Items;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
