import type { ConditionNode, DocumentPath, Operand, UpdateNode, UpdateValue } from './ast.js';

/** Every document path a condition reads, in source order. */
export function conditionPaths(node: ConditionNode): DocumentPath[] {
  const paths: DocumentPath[] = [];
  const visitOperand = (operand: Operand): void => {
    if (operand.kind === 'path') paths.push(operand.path);
    else if (operand.kind === 'size') visitOperand(operand.operand);
  };
  const visit = (condition: ConditionNode): void => {
    switch (condition.kind) {
      case 'and':
      case 'or':
        visit(condition.left);
        visit(condition.right);
        return;
      case 'not':
        visit(condition.operand);
        return;
      case 'compare':
        visitOperand(condition.left);
        visitOperand(condition.right);
        return;
      case 'between':
        [condition.operand, condition.lower, condition.upper].forEach(visitOperand);
        return;
      case 'in':
        [condition.operand, ...condition.candidates].forEach(visitOperand);
        return;
      case 'function':
        condition.args.forEach(visitOperand);
        return;
    }
  };
  visit(node);
  return paths;
}

/** Every document path an update writes, removes or reads, in source order. */
export function updatePaths(node: UpdateNode): DocumentPath[] {
  const paths: DocumentPath[] = [];
  const visitValue = (value: UpdateValue): void => {
    switch (value.kind) {
      case 'path':
        paths.push(value.path);
        return;
      case 'value':
        return;
      case 'if_not_exists':
        paths.push(value.path);
        visitValue(value.fallback);
        return;
      case 'list_append':
        visitValue(value.first);
        visitValue(value.second);
        return;
      case 'plus':
      case 'minus':
        visitValue(value.left);
        visitValue(value.right);
        return;
    }
  };
  for (const action of node.actions) {
    paths.push(action.path);
    if (action.kind === 'set') visitValue(action.value);
  }
  return paths;
}
