import type { ConditionNode, DocumentPath, Operand, UpdateNode, UpdateValue } from './ast.js';

/** Every document path a condition reads, in source order. */
export function conditionPaths(node: ConditionNode): DocumentPath[] {
  const paths: DocumentPath[] = [];
  collectConditionPaths(node, paths);
  return paths;
}

// Module-level walkers rather than closures: this runs on every conditional write.
function collectConditionPaths(condition: ConditionNode, paths: DocumentPath[]): void {
  switch (condition.kind) {
    case 'and':
    case 'or':
      collectConditionPaths(condition.left, paths);
      collectConditionPaths(condition.right, paths);
      return;
    case 'not':
      collectConditionPaths(condition.operand, paths);
      return;
    case 'compare':
      collectOperandPaths(condition.left, paths);
      collectOperandPaths(condition.right, paths);
      return;
    case 'between':
      collectOperandPaths(condition.operand, paths);
      collectOperandPaths(condition.lower, paths);
      collectOperandPaths(condition.upper, paths);
      return;
    case 'in':
      collectOperandPaths(condition.operand, paths);
      for (const candidate of condition.candidates) collectOperandPaths(candidate, paths);
      return;
    case 'function':
      for (const arg of condition.args) collectOperandPaths(arg, paths);
      return;
  }
}

function collectOperandPaths(operand: Operand, paths: DocumentPath[]): void {
  if (operand.kind === 'path') paths.push(operand.path);
  else if (operand.kind === 'size') collectOperandPaths(operand.operand, paths);
}

/** Every document path an update writes, removes or reads, in source order. */
export function updatePaths(node: UpdateNode): DocumentPath[] {
  const paths: DocumentPath[] = [];
  for (const action of node.actions) {
    paths.push(action.path);
    if (action.kind === 'set') collectValuePaths(action.value, paths);
  }
  return paths;
}

function collectValuePaths(value: UpdateValue, paths: DocumentPath[]): void {
  switch (value.kind) {
    case 'path':
      paths.push(value.path);
      return;
    case 'value':
      return;
    case 'if_not_exists':
      paths.push(value.path);
      collectValuePaths(value.fallback, paths);
      return;
    case 'list_append':
      collectValuePaths(value.first, paths);
      collectValuePaths(value.second, paths);
      return;
    case 'plus':
    case 'minus':
      collectValuePaths(value.left, paths);
      collectValuePaths(value.right, paths);
      return;
  }
}

/** Whether a path has more than one element (`a.b`, `a[0]`). */
function isNestedPath(path: DocumentPath): boolean {
  return path.length > 1;
}

/**
 * Whether the condition reads a nested path: `conditionPaths(node).some(nested)` without
 * building the list, which every conditional write would otherwise do to find nothing.
 */
export function conditionHasNestedPath(node: ConditionNode): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return conditionHasNestedPath(node.left) || conditionHasNestedPath(node.right);
    case 'not':
      return conditionHasNestedPath(node.operand);
    case 'compare':
      return operandHasNestedPath(node.left) || operandHasNestedPath(node.right);
    case 'between':
      return operandHasNestedPath(node.operand) || operandHasNestedPath(node.lower) || operandHasNestedPath(node.upper);
    case 'in':
      if (operandHasNestedPath(node.operand)) return true;
      for (const candidate of node.candidates) if (operandHasNestedPath(candidate)) return true;
      return false;
    case 'function':
      for (const arg of node.args) if (operandHasNestedPath(arg)) return true;
      return false;
  }
}

function operandHasNestedPath(operand: Operand): boolean {
  if (operand.kind === 'path') return isNestedPath(operand.path);
  return operand.kind === 'size' && operandHasNestedPath(operand.operand);
}

/** Whether the update writes, removes or reads a nested path: `updatePaths(node).some(nested)` without the list. */
export function updateHasNestedPath(node: UpdateNode): boolean {
  for (const action of node.actions) {
    if (isNestedPath(action.path)) return true;
    if (action.kind === 'set' && valueHasNestedPath(action.value)) return true;
  }
  return false;
}

function valueHasNestedPath(value: UpdateValue): boolean {
  switch (value.kind) {
    case 'path':
      return isNestedPath(value.path);
    case 'value':
      return false;
    case 'if_not_exists':
      return isNestedPath(value.path) || valueHasNestedPath(value.fallback);
    case 'list_append':
      return valueHasNestedPath(value.first) || valueHasNestedPath(value.second);
    case 'plus':
    case 'minus':
      return valueHasNestedPath(value.left) || valueHasNestedPath(value.right);
  }
}
