import type { AttributeValue } from '../../values/attribute-value.js';
import { itemIdentity } from '../../keys/table-keys.js';
import type { PreparedWrite } from '../../writes/write-pipeline.js';

/**
 * Up to this many writes are compared pair by pair (a transaction from an SDK usually
 * carries two or three): no identity string per write, no Set.
 */
const pairwiseLimit = 8;

/**
 * Whether two writes of a transaction address the same item. Writes whose key did not fit
 * the schema (`keyError`) address none.
 */
export function hasDuplicateItem(actions: readonly { readonly write: PreparedWrite }[]): boolean {
  if (actions.length > pairwiseLimit) return hasDuplicateIdentity(actions);
  for (let first = 0; first < actions.length; first++) {
    const write = actions[first].write;
    if (write.keyError) continue;
    for (let second = first + 1; second < actions.length; second++) {
      const other = actions[second].write;
      if (!other.keyError && sameItem(write, other)) return true;
    }
  }
  return false;
}

function hasDuplicateIdentity(actions: readonly { readonly write: PreparedWrite }[]): boolean {
  const seen = new Set<string>();
  for (const { write } of actions) {
    if (write.keyError) continue;
    const identity = itemIdentity(write.tableName, write.table, write.key);
    if (seen.has(identity)) return true;
    seen.add(identity);
  }
  return false;
}

/** The same table and equal keys, as equal `itemIdentity` strings would say. */
function sameItem(write: PreparedWrite, other: PreparedWrite): boolean {
  if (write.tableName !== other.tableName) return false;
  const { partitionKey, sortKey } = write.table;
  const partition = sameKeyValue(write.key[partitionKey.name], other.key[partitionKey.name]);
  const sort = sortKey ? sameKeyValue(write.key[sortKey.name], other.key[sortKey.name]) : true;
  if (partition === undefined || sort === undefined) {
    return (
      itemIdentity(write.tableName, write.table, write.key) === itemIdentity(other.tableName, other.table, other.key)
    );
  }
  return partition && sort;
}

/** Equality of two key values that are each one S, N or B string; `undefined` for any other value. */
function sameKeyValue(value: AttributeValue | undefined, other: AttributeValue | undefined): boolean | undefined {
  const type = simpleType(value);
  const otherType = simpleType(other);
  if (type === undefined || otherType === undefined) return undefined;
  return type === otherType && (value as Record<string, string>)[type] === (other as Record<string, string>)[otherType];
}

/** `S`, `N` or `B` for a value with that one member holding a string, `undefined` otherwise. */
function simpleType(value: AttributeValue | undefined): 'S' | 'N' | 'B' | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  let found: string | undefined;
  for (const member in value) {
    if (found !== undefined) return undefined;
    found = member;
  }
  if (found !== 'S' && found !== 'N' && found !== 'B') return undefined;
  return typeof (value as Record<string, unknown>)[found] === 'string' ? found : undefined;
}
