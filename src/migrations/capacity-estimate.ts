/**
 * What the item steps of a plan will write, from each stored item's real size: the counting Scan
 * reads whole items (a Scan is charged for the items it reads whatever it returns, so this costs
 * the same read units as reading only their type), and every item is priced as its step will
 * write it.
 */
import { ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { itemSize } from '../engine/values/item-size.js';
import type { EntityDefinition } from '../model/entity.js';
import type { ModelDefinition } from '../model/model.js';
import { reservedItemKey } from '../model/reserved-item.js';
import { capacityUnitsOf } from '../repository/capacity.js';
import { backfillChange } from './item-writes.js';
import type { MigrationStep } from './plan-types.js';

const KB = 1024;
type WireItem = Record<string, AttributeValue>;

/** Items per entity, the write units of each item step, and the read units of one Scan of the table. */
export interface TableMeasure {
  readonly perEntity: ReadonlyMap<string, number>;
  /** Write units per step id (single writes; a transaction of several costs twice as much). */
  readonly writeUnits: ReadonlyMap<string, number>;
  readonly readUnits: number;
}

/**
 * Scans the table once: counts each entity's items and prices each item for every item step of
 * its entity — a backfill by the size of the item before and after its change (an UpdateItem
 * costs the larger, by the KB; an item with nothing to change costs nothing), a rewrite as the
 * transaction it is (put and delete, each twice), a migration file as an update of the item's
 * size (what `up` returns is not known before it runs).
 */
export async function measureTable(
  client: DynamoDBClient,
  tableName: string,
  model: ModelDefinition,
  steps: readonly MigrationStep[],
): Promise<TableMeasure> {
  const keys = model.table;
  const perEntity = new Map<string, number>();
  const writeUnits = new Map<string, number>();
  const stepsOf = new Map<string, MigrationStep[]>();
  for (const step of steps) {
    if (!('entity' in step)) continue;
    stepsOf.set(step.entity, [...(stepsOf.get(step.entity) ?? []), step]);
    writeUnits.set(step.id, 0);
  }
  const entities = new Map(model.entities.map((entity) => [entity.name, entity]));
  let readUnits = 0;
  let start: WireItem | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        ReturnConsumedCapacity: 'TOTAL',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    readUnits += capacityUnitsOf(page.ConsumedCapacity);
    for (const item of (page.Items ?? []) as WireItem[]) {
      if (
        item[keys.partitionKey]?.S === reservedItemKey.partitionKey &&
        item[keys.sortKey]?.S === reservedItemKey.sortKey
      )
        continue;
      const name = item[keys.entityTypeAttribute]?.S;
      if (name === undefined) continue;
      perEntity.set(name, (perEntity.get(name) ?? 0) + 1);
      const entity = entities.get(name);
      for (const step of stepsOf.get(name) ?? []) {
        if (!entity) continue;
        writeUnits.set(step.id, (writeUnits.get(step.id) ?? 0) + unitsOf(step, entity, item));
      }
    }
    start = page.LastEvaluatedKey as WireItem | undefined;
  } while (start);
  return { perEntity, writeUnits, readUnits };
}

/** The write units one stored item costs in `step`. */
function unitsOf(step: MigrationStep, entity: EntityDefinition, item: WireItem): number {
  const size = itemSize(item as never);
  const units = Math.max(1, Math.ceil(size / KB));
  if (step.kind === 'rewrite') return 4 * units;
  if (step.kind !== 'backfill') return units;
  const change = backfillChange(entity, step.indexes, step.removeAttributes, unmarshall(item));
  if (!change) return 0;
  const after: WireItem = { ...item, ...marshall(change.set ?? {}) };
  for (const name of change.remove ?? []) delete after[name];
  return Math.max(units, Math.ceil(itemSize(after as never) / KB));
}
