import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { EntityDefinition } from '../model/entity.js';
import { capacityUnitsOf } from '../repository/capacity.js';
import { isConditionalCheckFailed } from '../repository/condition-failure.js';
import { ExpressionPlaceholders } from '../repository/expression-placeholders.js';
import { indexKeyAttributes } from '../repository/index-keys.js';
import { fromStoredItem, primaryKeyOf } from '../repository/item-codec.js';
import { BackfillContentionError } from './errors.js';

/** What one item's write did. */
export type ItemOutcome =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'gone' }
  | { readonly kind: 'written'; readonly writeUnits: number };

/** A write an item needs, before it is sent (what `--dry-run` prints). */
export interface ItemChange {
  readonly key: Record<string, unknown>;
  readonly set?: Record<string, unknown>;
  readonly remove?: readonly string[];
  readonly moveTo?: Record<string, unknown>;
  readonly delete?: true;
}

/** How an item step computes the change of one stored item (undefined: nothing to write). */
export type ChangeOf = (stored: Readonly<Record<string, unknown>>) => Promise<ItemChange | undefined>;

/** The stored item's primary key. */
export function keyOf(entity: EntityDefinition, stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { partitionKey, sortKey } = entity.table;
  return { [partitionKey]: stored[partitionKey], [sortKey]: stored[sortKey] };
}

/**
 * The index-key change a backfill makes to a stored item: the keys of `indexes` as the model
 * renders them from the item's attributes, and `removeAttributes` (indexes the entity left).
 */
export function backfillChange(
  entity: EntityDefinition,
  indexes: readonly string[],
  removeAttributes: readonly string[],
  stored: Readonly<Record<string, unknown>>,
): ItemChange | undefined {
  const key = keyOf(entity, stored);
  const { partitionKey, sortKey } = entity.table;
  const wanted = indexKeyAttributes(
    entity,
    fromStoredItem(entity, stored),
    { pk: stored[partitionKey] as string, sk: stored[sortKey] as string },
    new Set(indexes),
  );
  const set: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(wanted.set)) if (stored[name] !== value) set[name] = value;
  const remove = [...new Set([...wanted.remove, ...removeAttributes])].filter(
    (name) => stored[name] !== undefined && !(name in wanted.set),
  );
  if (Object.keys(set).length === 0 && remove.length === 0) return undefined;
  return { key, ...(Object.keys(set).length > 0 ? { set } : {}), ...(remove.length > 0 ? { remove } : {}) };
}

/**
 * Sends `change` for the item as it was read (`stored`), on the condition that the item did not
 * change since: its version when the entity has one, else every attribute the change was computed
 * from. A lost race re-reads the item and computes the change again, up to `maxAttempts` times.
 * `firstChange`, when the caller computed it already, is the change of `stored`.
 */
export async function writeItemChange(
  documents: DynamoDBDocumentClient,
  tableName: string,
  entity: EntityDefinition,
  stored: Readonly<Record<string, unknown>>,
  changeOf: ChangeOf,
  maxAttempts: number,
  firstChange?: ItemChange,
): Promise<ItemOutcome> {
  let current: Readonly<Record<string, unknown>> = stored;
  for (let attempt = 1; ; attempt++) {
    const change = attempt === 1 && firstChange ? firstChange : await changeOf(current);
    if (!change) return { kind: 'unchanged' };
    try {
      return { kind: 'written', writeUnits: await send(documents, tableName, entity, current, change) };
    } catch (error) {
      if (!isConditionalCheckFailed(error) && (error as Error).name !== 'TransactionCanceledException') throw error;
    }
    if (attempt >= maxAttempts) throw new BackfillContentionError(change.key, attempt);
    const reread: { Item?: Record<string, unknown> } = await documents.send(
      new GetCommand({ TableName: tableName, Key: keyOf(entity, current), ConsistentRead: true }),
    );
    if (!reread.Item) return { kind: 'gone' };
    current = reread.Item;
  }
}

/** The condition "the item is as it was read" on `stored`. */
function unchangedCondition(
  entity: EntityDefinition,
  stored: Readonly<Record<string, unknown>>,
  names: ExpressionPlaceholders,
): string {
  const clauses = [`attribute_exists(${names.name(entity.table.partitionKey)})`];
  if (entity.version) {
    const version = names.name(entity.version);
    clauses.push(
      stored[entity.version] === undefined
        ? `attribute_not_exists(${version})`
        : `${version} = ${names.value(stored[entity.version])}`,
    );
    return clauses.join(' AND ');
  }
  for (const [name, value] of Object.entries(fromStoredItem(entity, stored))) {
    clauses.push(`${names.name(name)} = ${names.value(value)}`);
  }
  return clauses.join(' AND ');
}

/**
 * The writes of one change as TransactWriteItems entries (one, or two for a move), each on the
 * condition that the item is as it was read: what a single write sends and what a batch of
 * changes sends in one transaction.
 */
export function transactItemsOf(
  tableName: string,
  entity: EntityDefinition,
  stored: Readonly<Record<string, unknown>>,
  change: ItemChange,
): TransactItem[] {
  const names = new ExpressionPlaceholders();
  if (change.delete) {
    const condition = unchangedCondition(entity, stored, names);
    return [{ Delete: { TableName: tableName, Key: change.key, ConditionExpression: condition, ...names.toInput() } }];
  }
  if (change.moveTo) {
    const condition = unchangedCondition(entity, stored, names);
    return [
      {
        Put: {
          TableName: tableName,
          Item: change.moveTo,
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': entity.table.partitionKey },
        },
      },
      { Delete: { TableName: tableName, Key: change.key, ConditionExpression: condition, ...names.toInput() } },
    ];
  }
  if (change.set && change.remove === undefined && isWholeItem(change.set, entity)) {
    const condition = unchangedCondition(entity, stored, names);
    return [{ Put: { TableName: tableName, Item: change.set, ConditionExpression: condition, ...names.toInput() } }];
  }
  const sets = Object.entries(change.set ?? {}).map(([name, value]) => `${names.name(name)} = ${names.value(value)}`);
  const removes = (change.remove ?? []).map((name) => names.name(name));
  const condition = unchangedCondition(entity, stored, names);
  const update = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  return [
    {
      Update: {
        TableName: tableName,
        Key: change.key,
        UpdateExpression: update,
        ConditionExpression: condition,
        ...names.toInput(),
      },
    },
  ];
}

/** One TransactWriteItems entry, as the DocumentClient takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Sends one change alone: the single write it is (1 write unit per KB), a transaction for a move. */
async function send(
  documents: DynamoDBDocumentClient,
  tableName: string,
  entity: EntityDefinition,
  stored: Readonly<Record<string, unknown>>,
  change: ItemChange,
): Promise<number> {
  const items = transactItemsOf(tableName, entity, stored, change);
  const [item] = items;
  const output =
    items.length > 1
      ? await documents.send(new TransactWriteCommand({ TransactItems: items, ReturnConsumedCapacity: 'TOTAL' }))
      : item.Delete
        ? await documents.send(new DeleteCommand({ ...item.Delete, ReturnConsumedCapacity: 'TOTAL' }))
        : item.Put
          ? await documents.send(new PutCommand({ ...item.Put, ReturnConsumedCapacity: 'TOTAL' }))
          : await documents.send(
              new UpdateCommand({
                ...(item.Update as NonNullable<TransactItem['Update']>),
                ReturnConsumedCapacity: 'TOTAL',
              }),
            );
  return capacityUnitsOf(output.ConsumedCapacity);
}

/** A `set` that carries the primary key and entity type is a whole replacement item (user migrations). */
function isWholeItem(set: Readonly<Record<string, unknown>>, entity: EntityDefinition): boolean {
  return entity.table.partitionKey in set && entity.table.entityTypeAttribute in set;
}

/**
 * The move a key-template rewrite makes: the item under the key the new templates render, with
 * its index keys rendered again; undefined when it already is at that key.
 */
export function rewriteChange(
  entity: EntityDefinition,
  stored: Readonly<Record<string, unknown>>,
): ItemChange | undefined {
  const key = keyOf(entity, stored);
  const item = fromStoredItem(entity, stored);
  const newKey = primaryKeyOf(entity, item);
  const { partitionKey, sortKey } = entity.table;
  if (newKey[partitionKey] === key[partitionKey] && newKey[sortKey] === key[sortKey]) return undefined;
  const moved: Record<string, unknown> = { ...stored, ...newKey };
  const indexKeys = indexKeyAttributes(entity, item, { pk: newKey[partitionKey], sk: newKey[sortKey] });
  for (const name of indexKeys.remove) delete moved[name];
  Object.assign(moved, indexKeys.set);
  return { key, moveTo: moved };
}
