/**
 * ADMIN ONLY — full-table Scans for backfills and migrations. Repositories never scan: every
 * application read is an access pattern served by a key. This module exists so that the one place
 * a Scan belongs (a one-off script) has a clearly named tool; never import it on a hot path.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import { createCommandSender, type CommandSender } from './command-sender.js';
import { fromStoredItem } from './item-codec.js';

export interface AdminScanOptions {
  readonly tableName?: string;
  /** Only items of these entities (decoded); all stored items (raw) when absent. */
  readonly entities?: readonly string[];
  /** Parallel Scan segments. Default 1. */
  readonly segments?: number;
  readonly pageSize?: number;
  readonly sender?: CommandSender;
}

/**
 * Yields every item of the table, page by page, for a backfill.
 *
 * @example
 * for await (const item of adminScanAllItems(client, model, { entities: ['job'] })) await backfill(item);
 */
export async function* adminScanAllItems(
  client: DynamoDBClient | DynamoDBDocumentClient,
  model: ModelDefinition,
  options: AdminScanOptions = {},
): AsyncGenerator<Record<string, unknown>> {
  const sender = options.sender ?? createCommandSender(client);
  const tableName = options.tableName ?? model.table.name;
  const segments = options.segments ?? 1;
  const wanted = options.entities ? new Set(options.entities) : undefined;
  for (let segment = 0; segment < segments; segment++) {
    let start: Record<string, unknown> | undefined;
    do {
      const output = await sender.scan('admin.scan', {
        TableName: tableName,
        ...(segments > 1 ? { Segment: segment, TotalSegments: segments } : {}),
        ...(options.pageSize ? { Limit: options.pageSize } : {}),
        ...(start ? { ExclusiveStartKey: start } : {}),
        ReturnConsumedCapacity: 'TOTAL',
      });
      for (const stored of (output.Items ?? []) as Record<string, unknown>[]) {
        const name = stored[model.table.entityTypeAttribute];
        if (!wanted) yield stored;
        else if (typeof name === 'string' && wanted.has(name)) {
          const entity = model.entities.find((candidate) => candidate.name === name);
          if (entity) yield fromStoredItem(entity, stored);
        }
      }
      start = output.LastEvaluatedKey;
    } while (start);
  }
}
