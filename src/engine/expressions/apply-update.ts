import type { DocumentPath, UpdateAction, UpdateNode, UpdateValue } from './ast.js';
import { parentOf, valueAtPath } from './document-path.js';
import { invalidParameterValue, validationError } from '../errors.js';
import { incorrectDataType, invalidPathForUpdate } from './update-errors.js';
import { actionsInEvaluationOrder, checkUpdateInEvaluationOrder, operandValue } from './update-evaluation-order.js';
import { addNumbers, inSetOrder, subtractNumbers, valuesEqual } from '../values/index.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import { setOwnProperty } from '../values/own-property.js';

/** The outcome of {@link applyUpdate}. */
export interface UpdateResult {
  /** The updated item (a new object; the input is not modified). */
  readonly item: Item;
  /** The paths the actions wrote or removed, for ReturnValues UPDATED_OLD / UPDATED_NEW. */
  readonly updatedPaths: readonly DocumentPath[];
}

/** A SET action's target and its value, computed from the item as it was. */
interface PathWrite {
  readonly path: DocumentPath;
  readonly value: AttributeValue;
}

type SetOperation = UpdateAction & { kind: 'add' | 'delete' };

/** The empty list of every kind without actions; frozen, so a write into it would throw. */
const NO_ENTRIES = Object.freeze([]) as unknown as never[];

const legacyTypeMismatch = () => validationError('Type mismatch for attribute to update');

/**
 * Applies the update to `item` (`{}`-like key-only item when it did not exist) as DynamoDB
 * does: every SET value is computed from the item as it was, SET runs first, then ADD and
 * DELETE, then REMOVE (list indexes refer to the original list, so higher ones go first);
 * SET past the end of a list appends. Key attributes cannot be touched.
 */
export function applyUpdate(node: UpdateNode, item: Item, keyAttributeNames: readonly string[]): UpdateResult {
  const order = evaluationOrder(node);
  checkKeyAttributesUntouched(order, keyAttributeNames);
  return applyUpdateToItem(node, item, order);
}

/**
 * The update's actions in DynamoDB's evaluation order, which decides which failure is
 * reported when several actions fail (update-evaluation-order.ts); a legacy update's in
 * the order given.
 */
export function evaluationOrder(node: UpdateNode): readonly UpdateAction[] {
  return node.legacy ? node.actions : actionsInEvaluationOrder(node.actions);
}

/**
 * {@link applyUpdate} for a caller that already ran {@link checkKeyAttributesUntouched}, with
 * the {@link evaluationOrder} it worked out.
 */
export function applyUpdateToItem(node: UpdateNode, item: Item, order: readonly UpdateAction[]): UpdateResult {
  const original = item;
  if (node.legacy) {
    for (const action of node.actions) {
      if (parentOf(original, action.path) === undefined) throw invalidPathForUpdate();
    }
  } else {
    checkUpdateInEvaluationOrder(order, original);
  }
  // Plain loops and lists of the exact size (none for a kind without actions): this runs
  // on every UpdateItem, and a list grown by `push` starts with room for 17 entries.
  const actions = node.actions;
  let writeCount = 0;
  let setOperationCount = 0;
  let removalCount = 0;
  let topLevelOnly = true;
  const updatedPaths: DocumentPath[] = new Array(actions.length);
  for (let index = 0; index < actions.length; index++) {
    const action = actions[index];
    if (action.kind === 'set') writeCount++;
    else if (action.kind === 'remove') removalCount++;
    else setOperationCount++;
    updatedPaths[index] = action.path;
    if (action.path.length !== 1) topLevelOnly = false;
  }
  // A kind without actions shares one empty list: nothing is ever written into it.
  const writes: PathWrite[] = writeCount === 0 ? NO_ENTRIES : new Array(writeCount);
  const setOperations: SetOperation[] = setOperationCount === 0 ? NO_ENTRIES : new Array(setOperationCount);
  const removals: UpdateAction[] = removalCount === 0 ? NO_ENTRIES : new Array(removalCount);
  writeCount = setOperationCount = removalCount = 0;
  for (const action of actions) {
    if (action.kind === 'set')
      writes[writeCount++] = { path: action.path, value: evaluateSetValue(action.value, original) };
    else if (action.kind === 'remove') removals[removalCount++] = action;
    else setOperations[setOperationCount++] = action;
  }
  // Actions on top-level attributes only replace or delete the item's own members, so a
  // shallow copy keeps `item` intact; nested paths write inside values, which need a deep one.
  const result: Item = topLevelOnly ? { ...item } : structuredClone(item);
  // Indexes past the end of a list append in index order, whatever order the actions came in.
  sortByPath(writes, compareListIndexes);
  for (const write of writes) writePath(result, write.path, write.value);
  sortByPath(setOperations, compareListIndexes);
  for (const action of setOperations) {
    try {
      applySetOperation(result, action);
    } catch (error) {
      throw node.legacy ? legacyTypeMismatch() : error;
    }
  }
  sortByPath(removals, compareRemovalOrder);
  for (const action of removals) removePath(result, action.path);
  return { item: result, updatedPaths };
}

/** Rejects an action on a key attribute (or inside one), DynamoDB's first check when it applies an update. */
export function checkKeyAttributesUntouched(
  order: readonly UpdateAction[],
  keyAttributeNames: readonly string[],
): void {
  // With both key attributes updated, the one met first in DynamoDB's evaluation order is named.
  for (const action of order) {
    const head = action.path[0] as string;
    if (keyAttributeNames.includes(head)) {
      throw invalidParameterValue(`Cannot update attribute ${head}. This attribute is part of the key`);
    }
  }
}

/**
 * Sorts entries by their paths, stably, as `Array.prototype.sort` would. An update has a
 * few actions, and V8's sort allocates a work array even for two entries: an insertion
 * sort allocates nothing. Long lists still go to the built-in sort.
 */
export function sortByPath<T extends { readonly path: DocumentPath }>(
  entries: T[],
  compare: (a: DocumentPath, b: DocumentPath) => number,
): void {
  if (entries.length > INSERTION_SORT_LIMIT) {
    entries.sort((a, b) => compare(a.path, b.path));
    return;
  }
  for (let next = 1; next < entries.length; next++) {
    const entry = entries[next];
    let position = next;
    while (position > 0 && compare(entries[position - 1].path, entry.path) > 0) {
      entries[position] = entries[position - 1];
      position--;
    }
    entries[position] = entry;
  }
}

const INSERTION_SORT_LIMIT = 16;

/** Deeper list indexes of the same list first, so earlier indexes still point at their element. */
function compareRemovalOrder(a: DocumentPath, b: DocumentPath): number {
  return -compareListIndexes(a, b);
}

/**
 * A total order on paths in which siblings of one list come by ascending index. Only that
 * part matters (writes to different map keys do not interact); the rest just keeps the
 * order total so that sorting is well defined.
 */
function compareListIndexes(a: DocumentPath, b: DocumentPath): number {
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index++) {
    const left = a[index];
    const right = b[index];
    if (left === right) continue;
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    if (typeof left !== typeof right) return typeof left === 'number' ? -1 : 1;
    return left < right ? -1 : 1;
  }
  return a.length - b.length;
}

function evaluateSetValue(value: UpdateValue, item: Item): AttributeValue {
  switch (value.kind) {
    case 'value':
    case 'path':
      return operandValue(value, item);
    case 'if_not_exists':
      return valueAtPath(item, value.path) ?? evaluateSetValue(value.fallback, item);
    case 'list_append': {
      const first = evaluateSetValue(value.first, item);
      const second = evaluateSetValue(value.second, item);
      if (!('L' in first) || !('L' in second)) throw incorrectDataType();
      return { L: [...first.L, ...second.L] };
    }
    case 'plus':
    case 'minus': {
      const left = evaluateSetValue(value.left, item);
      const right = evaluateSetValue(value.right, item);
      if (!('N' in left) || !('N' in right)) throw incorrectDataType();
      return { N: value.kind === 'plus' ? addNumbers(left.N, right.N) : subtractNumbers(left.N, right.N) };
    }
  }
}

function writePath(item: Item, path: DocumentPath, value: AttributeValue): void {
  const parent = parentOf(item, path);
  if (parent === undefined) throw invalidPathForUpdate();
  const last = path[path.length - 1];
  if (Array.isArray(parent)) {
    const index = last as number;
    if (index < parent.length) parent[index] = value;
    else parent.push(value);
  } else {
    setOwnProperty(parent, last as string, value);
  }
}

function removePath(item: Item, path: DocumentPath): void {
  const parent = parentOf(item, path);
  if (parent === undefined) throw invalidPathForUpdate();
  const last = path[path.length - 1];
  if (Array.isArray(parent)) {
    if ((last as number) < parent.length) parent.splice(last as number, 1);
  } else {
    delete parent[last as string];
  }
}

function applySetOperation(item: Item, action: SetOperation): void {
  const parent = parentOf(item, action.path);
  if (parent === undefined) throw invalidPathForUpdate();
  const existing = valueAtPath(item, action.path);
  const operand = action.value;
  let next: AttributeValue | undefined;
  if (action.kind === 'add') {
    if (existing === undefined) next = operand;
    else if ('N' in existing && 'N' in operand) next = { N: addNumbers(existing.N, operand.N) };
    else if ('L' in existing && 'L' in operand) next = { L: [...existing.L, ...operand.L] };
    else next = combineSets(existing, operand, 'union');
  } else {
    if (existing === undefined) return;
    next = combineSets(existing, operand, 'difference');
  }
  const last = action.path[action.path.length - 1];
  if (Array.isArray(parent)) {
    const index = last as number;
    if (next === undefined) parent.splice(index, 1);
    else if (index < parent.length) parent[index] = next;
    else parent.push(next);
  } else if (next === undefined) {
    delete parent[last as string];
  } else {
    setOwnProperty(parent, last as string, next);
  }
}

/** Union or difference of two sets of the same type; `undefined` when nothing is left. */
function combineSets(
  existing: AttributeValue,
  operand: AttributeValue,
  operation: 'union' | 'difference',
): AttributeValue | undefined {
  for (const type of ['SS', 'NS', 'BS'] as const) {
    if (!(type in existing) || !(type in operand)) continue;
    const elementType = type[0] as 'S' | 'N' | 'B';
    const current = (existing as Record<string, string[]>)[type];
    const other = (operand as Record<string, string[]>)[type];
    const has = (list: readonly string[], element: string) =>
      list.some((candidate) =>
        valuesEqual({ [elementType]: candidate } as AttributeValue, { [elementType]: element } as AttributeValue),
      );
    // Sorted again (a no-op when in order): a set stored before the engine kept set order
    // comes out of ADD and DELETE in it too, as DynamoDB Local returns it.
    const elements = inSetOrder(
      type,
      operation === 'union'
        ? [...current, ...other.filter((element) => !has(current, element))]
        : current.filter((element) => !has(other, element)),
    );
    return elements.length === 0 ? undefined : ({ [type]: elements } as AttributeValue);
  }
  throw incorrectDataType();
}
