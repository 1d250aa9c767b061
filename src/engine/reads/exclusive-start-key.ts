import { invalidParameterValue, validationError } from '../errors.js';
import type { KeyAttribute } from '../storage/storage.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import { compareValues } from '../values/index.js';
import { checkKeyNesting } from '../values/nesting-levels.js';
import { pageEndsAtRangeEnd } from './range-end.js';
import type { ReadTarget } from './read-target.js';
import { matchesSortCondition, type SortCondition } from './sort-condition.js';
import { setOwnProperty } from '../values/own-property.js';

// DynamoDB's messages for a bad ExclusiveStartKey. DynamoDB Local words most of them
// differently ("Exclusive Start Key must have same size as table's key schema"); these
// follow the service.
const INVALID = 'The provided starting key is invalid';
const NOT_SCHEMA = 'The provided key element does not match the schema';

/** The key of an item as `LastEvaluatedKey` carries it: only the named key attributes. */
export function lastEvaluatedKey(item: Item, keyAttributeNames: readonly string[]): Item {
  const key: Item = {};
  for (const name of keyAttributeNames) {
    const value = item[name];
    if (value !== undefined) setOwnProperty(key, name, value);
  }
  return key;
}

/**
 * Checks a Query's `ExclusiveStartKey`: it must name exactly the table keys (plus the
 * index keys on an index) with the schema's types, and lie inside the key condition —
 * same partition, sort key satisfying the sort-key predicate.
 */
export function validateQueryStartKey(
  startKey: Item,
  target: ReadTarget,
  keyCondition: {
    readonly partitionValues: readonly AttributeValue[];
    readonly sortPrefix?: readonly AttributeValue[];
    readonly sortCondition?: SortCondition;
  },
  forward = true,
): void {
  checkKeyNesting(startKey);
  if (Object.keys(startKey).length !== target.keyAttributes.length) throw validationError(INVALID);
  checkReadKeys(startKey, target);
  checkTableKeys(startKey, target);

  const prefix = keyCondition.sortPrefix ?? [];
  const sortKey = target.sortKeys[prefix.length];
  const samePartition = target.partitionKeys.every((key, position) =>
    sameValue(startKey[key.name], keyCondition.partitionValues[position]),
  );
  if (sortKey && keyCondition.sortCondition) {
    // DynamoDB Local also refuses a table start key on the inclusive bound the Query reads
    // towards: no item can follow it (the page that ended there carried no LastEvaluatedKey).
    if (
      !prefix.every((value, position) => sameValue(startKey[target.sortKeys[position].name], value)) ||
      !matchesSortCondition(startKey[sortKey.name], keyCondition.sortCondition) ||
      pageEndsAtRangeEnd(target, keyCondition.sortCondition, forward, startKey)
    ) {
      throw validationError('The provided starting key does not match the range key predicate');
    }
    if (!samePartition) {
      throw validationError('The query can return at most one row and cannot be restarted');
    }
    return;
  }
  if (!samePartition) {
    throw validationError('The provided starting key is outside query boundaries based on provided conditions');
  }
}

/** Checks a Scan's `ExclusiveStartKey`: the table keys (plus the index keys on an index) with the schema's types. */
export function validateScanStartKey(startKey: Item, target: ReadTarget): void {
  checkKeyNesting(startKey);
  if (Object.keys(startKey).length !== target.keyAttributes.length) {
    throw validationError(target.index ? INVALID : `${INVALID}: ${NOT_SCHEMA}`);
  }
  if (target.index) checkReadKeys(startKey, target);
  checkTableKeys(startKey, target);
}

/** The keys of what is read (the index's keys on an index). */
function checkReadKeys(startKey: Item, target: ReadTarget): void {
  for (const key of [...target.partitionKeys, ...target.sortKeys]) {
    if (startKey[key.name] === undefined) throw validationError(INVALID);
    checkKeyPiece(startKey, key, NOT_SCHEMA);
  }
}

/** The table's own keys, which an index's start key carries too. */
function checkTableKeys(startKey: Item, target: ReadTarget): void {
  const table = target.table;
  const keys = table.sortKey ? [table.partitionKey, table.sortKey] : [table.partitionKey];
  for (const key of keys) checkKeyPiece(startKey, key, `${INVALID}: ${NOT_SCHEMA}`);
}

function checkKeyPiece(startKey: Item, key: KeyAttribute, mismatch: string): void {
  const value = startKey[key.name] as Record<string, unknown> | undefined;
  if (!value || Object.keys(value).length !== 1 || !(key.type in value)) throw validationError(mismatch);
  const raw = value[key.type];
  if (raw === '' && (key.type === 'S' || key.type === 'B')) {
    const kind = key.type === 'S' ? 'string' : 'binary';
    throw invalidParameterValue(
      `The AttributeValue for a key attribute cannot contain an empty ${kind} value. Key: ${key.name}`,
    );
  }
}

function sameValue(a: AttributeValue | undefined, b: AttributeValue): boolean {
  if (!a || Object.keys(a)[0] !== Object.keys(b)[0]) return false;
  return compareValues(a, b) === 0;
}
