import { DynamoDBError } from '../errors.js';
import type { AttributeValue, Item } from './attribute-value.js';
import { maximumNestingLevels } from './validate-attribute-value.js';
import { invalidValue, valueMessages } from './value-errors.js';

/**
 * Whether a value found inside `level` enclosing levels (1 for an item's attribute) reaches
 * past DynamoDB's 32 levels. The recursion stops at the first level past the limit, so it
 * never goes deeper than 33 levels whatever the value.
 */
function reachesPastLimit(value: AttributeValue, level: number): boolean {
  // Unchecked request values may hold nulls (the values module names them later).
  if (value === null || typeof value !== 'object') return false;
  if ('M' in value) {
    if (level + 1 > maximumNestingLevels) return true;
    for (const name in value.M) if (reachesPastLimit(value.M[name] as AttributeValue, level + 1)) return true;
    return false;
  }
  if ('L' in value) {
    if (level + 1 > maximumNestingLevels) return true;
    for (const element of value.L) if (reachesPastLimit(element, level + 1)) return true;
  }
  return false;
}

/**
 * Checks the nesting of a value that stands on its own in the request (a legacy
 * `QueryFilter`, `ScanFilter` or `KeyConditions` operand, a PartiQL parameter), before
 * anything else reads it: like an expression attribute value it may use
 * all 32 levels, and past them DynamoDB answers the request check's message, "Nesting
 * Levels have exceeded supported limits: Attributes in the item have nested levels beyond
 * supported limit" (DynamoDB Local 1.25.1 and 3.3.1).
 */
export function checkValueNesting(value: AttributeValue): void {
  if (reachesPastLimit(value, 0)) throw invalidValue(valueMessages.nestingTooDeep);
}

/** Checks an `ExclusiveStartKey`'s nesting as an item's: before its key attributes are matched to the schema. */
export function checkKeyNesting(key: Item): void {
  for (const name in key) {
    const value = key[name];
    if (reachesPastLimit(value as AttributeValue, 1)) throw invalidValue(valueMessages.nestingTooDeep);
  }
}

/**
 * Whether the attributes an update wrote (the first element of each updated path)
 * nest past 32 levels in the updated item. DynamoDB checks this once the update is applied,
 * after the condition, and answers "Nesting Levels have exceeded supported limits"
 * (DynamoDB Local 1.25.1 and 3.3.1: `SET a.b = :v` with a 31-level `:v` inside a map).
 */
export function updateNestsTooDeep(item: Item, paths: readonly (readonly unknown[])[]): boolean {
  for (let index = 0; index < paths.length; index++) {
    const value = item[(paths[index] as readonly unknown[])[0] as string];
    if (value !== undefined && reachesPastLimit(value, 1)) return true;
  }
  return false;
}

/**
 * The answer to an update that nests too deep: "Nesting Levels have exceeded supported
 * limits", without the item wording of the request check. In a transaction it fails the
 * whole request instead of cancelling it, even after another action's condition failed
 * (DynamoDB Local 1.25.1 and 3.3.1), so it has its own class.
 */
export class UpdateNestingError extends DynamoDBError {
  constructor() {
    super('ValidationException', 'Nesting Levels have exceeded supported limits');
  }
}
