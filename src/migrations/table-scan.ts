/**
 * The migration's Scans. A migration is the one place a Scan is the right tool: every item of an
 * entity must be visited once, whatever its keys, and no access pattern can list them all.
 */
import { ScanCommand as DocumentScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { reservedItemKey } from '../model/reserved-item.js';
import { capacityUnitsOf } from '../repository/capacity.js';

interface TableKeys {
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly entityTypeAttribute: string;
}

/** One page of an entity's items, and where the next page starts. */
export interface EntityPage {
  readonly items: readonly Record<string, unknown>[];
  readonly lastKey?: Record<string, unknown>;
  readonly readUnits: number;
}

/**
 * Pages of the stored items of one entity, from `startKey` on (exclusive), `pageSize` items read
 * per Scan call (a filtered page may hold fewer). Never yields the migration record.
 */
export async function* scanEntityPages(
  documents: DynamoDBDocumentClient,
  tableName: string,
  keys: TableKeys,
  entity: string,
  startKey: Record<string, unknown> | undefined,
  pageSize: number,
): AsyncGenerator<EntityPage> {
  let start = startKey;
  do {
    const page = await documents.send(
      new DocumentScanCommand({
        TableName: tableName,
        FilterExpression: '#type = :entity',
        ExpressionAttributeNames: { '#type': keys.entityTypeAttribute },
        ExpressionAttributeValues: { ':entity': entity },
        Limit: pageSize,
        ReturnConsumedCapacity: 'TOTAL',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    const items = (page.Items ?? []).filter(
      (item) =>
        !(item[keys.partitionKey] === reservedItemKey.partitionKey && item[keys.sortKey] === reservedItemKey.sortKey),
    );
    start = page.LastEvaluatedKey;
    yield { items, ...(start ? { lastKey: start } : {}), readUnits: capacityUnitsOf(page.ConsumedCapacity) };
  } while (start);
}
