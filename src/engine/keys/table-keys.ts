import {
  indexKeyTypeMismatch,
  itemKeyTypeMismatch,
  keyDoesNotMatchSchema,
  missingItemKey,
  validationError,
} from '../errors.js';
import type { IndexDefinition, KeyAttribute, StoredTableDefinition } from '../storage/storage.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import { typeOf } from '../values/attribute-value.js';
import { setOwnProperty } from '../values/own-property.js';
import { keyValueBytes, maximumPartitionKeyBytes, maximumSortKeyBytes } from '../storage/indexable-key-value.js';

/** A key schema as lists: the table's (one partition key, at most one sort key) or an index's. */
export type KeySchemaLists = {
  readonly partitionKeys: readonly KeyAttribute[];
  readonly sortKeys: readonly KeyAttribute[];
};

/** The key attributes of a table or an index, partition attributes first, in KeySchema order. */
export function keyAttributesOf(
  schema: { readonly partitionKey: KeyAttribute; readonly sortKey?: KeyAttribute } | KeySchemaLists,
): KeyAttribute[] {
  if ('partitionKeys' in schema) return [...schema.partitionKeys, ...schema.sortKeys];
  return schema.sortKey ? [schema.partitionKey, schema.sortKey] : [schema.partitionKey];
}

/** Names of the table's key attributes, as `applyUpdate` wants them. */
export function keyAttributeNames(table: StoredTableDefinition): readonly string[] {
  return table.sortKey ? [table.partitionKey.name, table.sortKey.name] : [table.partitionKey.name];
}

/** The primary key of a stored or to-be-stored item. */
export function keyOf(table: StoredTableDefinition, item: Item): Item {
  const key: Item = {};
  setOwnProperty(key, table.partitionKey.name, item[table.partitionKey.name]);
  if (table.sortKey) setOwnProperty(key, table.sortKey.name, item[table.sortKey.name]);
  return key;
}

/**
 * A string that identifies one item of one table, for duplicate detection: two validated
 * keys (single-member S/N/B values) get the same identity exactly when they are equal.
 */
export function itemIdentity(tableName: string, table: StoredTableDefinition, key: Item): string {
  const partition = identityPart(key[table.partitionKey.name]);
  return table.sortKey
    ? `${tableName}\n${partition}${identityPart(key[table.sortKey.name])}`
    : `${tableName}\n${partition}`;
}

/** One key value, length-prefixed so that concatenations cannot collide; anything but S/N/B as JSON. */
function identityPart(value: AttributeValue | undefined): string {
  if (value !== undefined && value !== null) {
    const members = Object.keys(value);
    if (members.length === 1) {
      const type = members[0];
      const text = (value as Record<string, unknown>)[type];
      if ((type === 'S' || type === 'N' || type === 'B') && typeof text === 'string')
        return `${type}${text.length}:${text}`;
    }
  }
  const json = JSON.stringify(value) ?? 'undefined';
  return `J${json.length}:${json}`;
}

function emptyKeyValue(name: string, type: 'S' | 'B'): string {
  const what = type === 'S' ? 'string' : 'binary';
  return `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${what} value. Key: ${name}`;
}

/** Empty strings/binaries and over-long values, which DynamoDB rejects in every key. */
function checkKeyValue(attribute: KeyAttribute, value: AttributeValue, isPartitionKey: boolean): void {
  if (('S' in value && value.S === '') || ('B' in value && value.B === '')) {
    throw validationError(emptyKeyValue(attribute.name, attribute.type as 'S' | 'B'));
  }
  const bytes = keyValueBytes(value);
  if (isPartitionKey && bytes > maximumPartitionKeyBytes) {
    throw validationError(
      'One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes',
    );
  }
  if (!isPartitionKey && bytes > maximumSortKeyBytes) {
    throw validationError(
      'One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes',
    );
  }
}

/**
 * Checks a `Key` parameter (values already validated and canonicalized): exactly the
 * table's key attributes with their declared types, no empty or over-long values.
 * Every schema mismatch is `The provided key element does not match the schema`.
 */
export function validateKey(table: StoredTableDefinition, key: Item): Item {
  const attributes = keyAttributesOf(table);
  if (Object.keys(key).length !== attributes.length) throw keyDoesNotMatchSchema();
  for (const attribute of attributes) {
    const value = key[attribute.name];
    if (value === undefined || typeOf(value) !== attribute.type) throw keyDoesNotMatchSchema();
  }
  for (let position = 0; position < attributes.length; position++) {
    checkKeyValue(attributes[position], key[attributes[position].name], position === 0);
  }
  return key;
}

/** How an item's key problems are worded: PutItem names the attribute, batches do not. */
export type ItemKeyWording = 'put' | 'schema';

/**
 * Checks the key attributes of an item to be written (`PutItem`, `PutRequest`, `Put`)
 * and the types of the index key attributes it carries.
 */
export function validateItemKey(table: StoredTableDefinition, item: Item, wording: ItemKeyWording = 'put'): void {
  checkItemKeyAttribute(table.partitionKey, item, wording, true);
  if (table.sortKey) checkItemKeyAttribute(table.sortKey, item, wording, false);
  validateIndexKeys(table, item, 'put');
}

function checkItemKeyAttribute(
  attribute: KeyAttribute,
  item: Item,
  wording: ItemKeyWording,
  isPartitionKey: boolean,
): void {
  const value = item[attribute.name];
  if (value === undefined) {
    if (wording === 'schema') throw keyDoesNotMatchSchema();
    throw missingItemKey(attribute.name);
  }
  const actual = typeOf(value);
  if (actual !== attribute.type) {
    if (wording === 'schema') throw keyDoesNotMatchSchema();
    throw itemKeyTypeMismatch(attribute.name, attribute.type, actual);
  }
  checkKeyValue(attribute, value, isPartitionKey);
}

/**
 * Index key attributes an item carries must have the type the table declares and must
 * not be empty; `source` picks DynamoDB's wording for a put or for an update.
 */
export function validateIndexKeys(table: StoredTableDefinition, item: Item, source: 'put' | 'update'): void {
  for (const index of table.globalIndexes) checkIndexKeys(index, item, source);
  for (const index of table.localIndexes) checkIndexKeys(index, item, source);
}

function checkIndexKeys(index: IndexDefinition, item: Item, source: 'put' | 'update'): void {
  for (const attribute of index.partitionKeys) checkIndexKey(index, attribute, item, source, maximumPartitionKeyBytes);
  for (const attribute of index.sortKeys) checkIndexKey(index, attribute, item, source, maximumSortKeyBytes);
}

function checkIndexKey(
  index: IndexDefinition,
  attribute: KeyAttribute,
  item: Item,
  source: 'put' | 'update',
  maximumBytes: number,
): void {
  const value = item[attribute.name];
  if (value === undefined) return;
  const actual = typeOf(value);
  if (actual !== attribute.type) {
    throw indexKeyTypeMismatch(attribute.name, attribute.type, actual, index.name);
  }
  if (('S' in value && value.S === '') || ('B' in value && value.B === '')) {
    const what = actual === 'S' ? 'string' : 'binary';
    throw validationError(
      source === 'update'
        ? `One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty ${what} value.`
        : `One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty ${what} value. IndexName: ${index.name}, IndexKey: ${attribute.name}`,
    );
  }
  // Index keys have the table keys' limits, under a shorter message than the table keys'.
  if (keyValueBytes(value) > maximumBytes)
    throw validationError('One or more parameter values were invalid: Size limit exceeded');
}
