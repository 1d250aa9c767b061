/**
 * ADMIN ONLY — full-table Scans for backfills and migrations. Repositories never scan: every
 * application read is an access pattern served by a key. This module exists so that the one place
 * a Scan belongs (a one-off script) has a clearly named tool; never import it on a hot path.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  ScanCommand,
  type DynamoDBDocumentClient,
  type ScanCommandInput,
  type ScanCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import { reservedItemKey } from '../model/reserved-item.js';
import { CapacityLedger } from './capacity.js';
import { bookCapacity, documentClientOf } from './command-sender.js';
import { fromStoredItem } from './item-codec.js';

/**
 * What the admin Scan sends through. Kept apart from the repositories' `CommandSender`, which
 * deliberately cannot Scan.
 */
export interface AdminScanSender {
  scan(label: string, input: ScanCommandInput): Promise<ScanCommandOutput>;
}

/**
 * Sends Scans through a DocumentClient on `client`, booking their capacity in `capacity`.
 *
 * @example
 * const capacity = new CapacityLedger();
 * for await (const item of adminScanAllItems(client, model, { sender: createAdminScanSender(client, capacity) })) count++;
 * capacity.totals().get('admin.scan')?.capacityUnits;
 */
export function createAdminScanSender(
  client: DynamoDBClient | DynamoDBDocumentClient,
  capacity = new CapacityLedger(),
): AdminScanSender {
  const documents = documentClientOf(client);
  return { scan: (label, input) => bookCapacity(capacity, label, documents.send(new ScanCommand(input))) };
}

/** What {@link adminScanAllItems} reads and how. */
export interface AdminScanOptions {
  /** Physical table name; defaults to the model's `table.name`. */
  readonly tableName?: string;
  /** Only items of these entities (decoded); all stored items (raw) when absent. */
  readonly entities?: readonly string[];
  /** Scan segments (`Segment`/`TotalSegments`), read one after another. Default 1. */
  readonly segments?: number;
  /** Items per Scan call (`Limit`); DynamoDB's 1 MB page when absent. */
  readonly pageSize?: number;
  /** Substitute sender (tests, capacity reports); by default a DocumentClient on `client`. */
  readonly sender?: AdminScanSender;
}

/**
 * Yields every item of the table, page by page, for a backfill; never the table's migration
 * record (`reservedItemKey`).
 *
 * @example
 * for await (const item of adminScanAllItems(client, model, { entities: ['job'] })) await backfill(item);
 */
export async function* adminScanAllItems(
  client: DynamoDBClient | DynamoDBDocumentClient,
  model: ModelDefinition,
  options: AdminScanOptions = {},
): AsyncGenerator<Record<string, unknown>> {
  const sender = options.sender ?? createAdminScanSender(client);
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
        // The table's migration record is the table's own, never an application item.
        if (
          stored[model.table.partitionKey] === reservedItemKey.partitionKey &&
          stored[model.table.sortKey] === reservedItemKey.sortKey
        )
          continue;
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
