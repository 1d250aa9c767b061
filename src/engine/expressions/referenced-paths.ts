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
