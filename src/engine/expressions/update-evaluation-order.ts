import type { DocumentPath, PathElement, UpdateAction, UpdateValue } from './ast.js';
import { parentOf, valueAtPath } from './document-path.js';
import { pathElementIterationOrder } from './document-path-hash-order.js';
import { incorrectDataType, invalidPathForUpdate, missingAttribute } from './update-errors.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';

/**
 * When several actions of an UpdateExpression cannot apply to the stored item, DynamoDB
 * Local reports the first failure it meets while it evaluates the actions one at a time,
 * in the order of its tree of the actions' paths (`order`, see {@link actionsInEvaluationOrder}).
 * Within an action it evaluates the operands left to right, checking each operand's type
 * as soon as it has it, and the target path last. Everything is read from the item as it
 * was before the update. Throws that first failure; returns when every action can apply.
 */
export function checkUpdateInEvaluationOrder(order: readonly UpdateAction[], item: Item): void {
  for (const action of order) checkAction(action, item);
}

/**
 * The actions in the order DynamoDB Local evaluates them: their paths merged into a tree
 * from the last action to the first, then walked depth first, each node's children in the
 * iteration order of DynamoDB Local's `HashMap` of path elements.
 */
export function actionsInEvaluationOrder(actions: readonly UpdateAction[]): readonly UpdateAction[] {
  return topLevelOrder(actions) ?? treeOrder(actions);
}

/**
 * The usual update sets or removes distinct top-level attributes: the tree is then the
 * root with one leaf per action, inserted from the last action to the first, and the order
 * is that of the root's map alone. `undefined` for any other shape.
 */
function topLevelOrder(actions: readonly UpdateAction[]): readonly UpdateAction[] | undefined {
  for (const action of actions) {
    const path = action.path;
    if (path.length !== 1 || typeof path[0] !== 'string') return undefined;
  }
  return inPositions(actions, computeTopLevelPositions(actions));
}

function inPositions(
  actions: readonly UpdateAction[],
  positions: readonly number[] | null,
): readonly UpdateAction[] | undefined {
  if (positions === null) return undefined;
  const ordered: UpdateAction[] = new Array(positions.length);
  for (let index = 0; index < positions.length; index++) ordered[index] = actions[positions[index]];
  return ordered;
}

/** Positions of the actions in evaluation order, `null` when a name repeats (see {@link topLevelOrder}). */
function computeTopLevelPositions(actions: readonly UpdateAction[]): readonly number[] | null {
  const byElement = new Map<PathElement, number>();
  for (let index = actions.length - 1; index >= 0; index--) {
    const element = actions[index].path[0];
    if (byElement.has(element)) return null;
    byElement.set(element, index);
  }
  const elements = [...byElement.keys()];
  return (elements.length > 1 ? pathElementIterationOrder(elements) : elements).map(
    (element) => byElement.get(element) as number,
  );
}

function treeOrder(actions: readonly UpdateAction[]): readonly UpdateAction[] {
  const root = new ActionNode();
  for (let index = actions.length - 1; index >= 0; index--) {
    let node = root;
    for (const element of actions[index].path) {
      let child = node.children.get(element);
      if (!child) node.children.set(element, (child = new ActionNode()));
      node = child;
    }
    node.action = actions[index];
  }
  const ordered: UpdateAction[] = [];
  walkActionTree(root, ordered);
  return ordered;
}

function walkActionTree(node: ActionNode, ordered: UpdateAction[]): void {
  if (node.action) ordered.push(node.action);
  const elements = [...node.children.keys()];
  for (const element of elements.length > 1 ? pathElementIterationOrder(elements) : elements) {
    walkActionTree(node.children.get(element) as ActionNode, ordered);
  }
}

class ActionNode {
  readonly children = new Map<PathElement, ActionNode>();
  action: UpdateAction | undefined;
}

function checkAction(action: UpdateAction, item: Item): void {
  switch (action.kind) {
    case 'set':
      requireParent(item, action.path);
      evaluate(action.value, item);
      return;
    case 'remove':
      requireParent(item, action.path);
      return;
    case 'add':
    case 'delete': {
      requireParent(item, action.path);
      const existing = valueAtPath(item, action.path);
      if (existing !== undefined && !combinable(action.kind, existing, action.value)) throw incorrectDataType();
      return;
    }
  }
}

/** Whether ADD/DELETE can combine the stored value with the operand (same number or set type). */
function combinable(kind: 'add' | 'delete', existing: AttributeValue, operand: AttributeValue): boolean {
  if (kind === 'add' && 'N' in existing && 'N' in operand) return true;
  return (['SS', 'NS', 'BS'] as const).some((type) => type in existing && type in operand);
}

/** The value of a literal or path operand of an update; a path to nothing fails the update. */
export function operandValue(operand: UpdateValue & { kind: 'value' | 'path' }, item: Item): AttributeValue {
  if (operand.kind === 'value') return operand.value;
  const found = valueAtPath(item, operand.path);
  if (found === undefined) throw missingAttribute();
  return found;
}

/** The operand's value, failing as DynamoDB Local does: left to right, each type checked on arrival. */
function evaluate(value: UpdateValue, item: Item): AttributeValue {
  switch (value.kind) {
    case 'value':
    case 'path':
      return operandValue(value, item);
    case 'if_not_exists': {
      // The fallback is evaluated even when the attribute exists: a missing one still fails.
      const fallback = evaluate(value.fallback, item);
      return valueAtPath(item, value.path) ?? fallback;
    }
    case 'list_append': {
      const first = evaluate(value.first, item);
      if (!('L' in first)) throw incorrectDataType();
      const second = evaluate(value.second, item);
      if (!('L' in second)) throw incorrectDataType();
      return { L: [...first.L, ...second.L] };
    }
    case 'plus':
    case 'minus': {
      const left = evaluate(value.left, item);
      if (!('N' in left)) throw incorrectDataType();
      const right = evaluate(value.right, item);
      if (!('N' in right)) throw incorrectDataType();
      // Only the result's type matters to the checks; applyUpdate computes the number.
      return right;
    }
  }
}

/** The target's parent must exist and be a map (for a name) or a list (for an index). */
function requireParent(item: Item, path: DocumentPath): void {
  if (parentOf(item, path) === undefined) throw invalidPathForUpdate();
}
