/**
 * DynamoDB's expression languages: one tokenizer, one parser, one AST for
 * ConditionExpression, FilterExpression, KeyConditionExpression, UpdateExpression and
 * ProjectionExpression, plus the legacy parameters turned into the same AST.
 * See docs/engine-internals.md for the contract these exports keep.
 */
export type {
  Comparator,
  ConditionFunctionName,
  ConditionNode,
  DocumentPath,
  Operand,
  PathElement,
  UpdateAction,
  UpdateNode,
  UpdateValue,
} from './ast.js';
export { ExpressionAttributes } from './expression-attributes.js';
export { PreparedExpressions } from './prepared-expressions.js';
export { checkExpressionAttributeMaps } from './expression-attribute-maps.js';
export type { ExpressionKind } from './expression-errors.js';
export { parseConditionExpression } from './parse-condition-expression.js';
export { evaluateCondition } from './evaluate-condition.js';
export { parseUpdateExpression } from './parse-update-expression.js';
export {
  applyUpdate,
  applyUpdateToItem,
  checkKeyAttributesUntouched,
  evaluationOrder,
  type UpdateResult,
} from './apply-update.js';
export { conditionHasNestedPath, conditionPaths, updateHasNestedPath, updatePaths } from './referenced-paths.js';
export { parseProjectionExpression, projectItem } from './projection.js';
export { valueAtPath, formatDocumentPath } from './document-path.js';
export { isReservedWord } from './reserved-words.js';
export {
  parseKeyConditionExpression,
  parseKeyConditionSyntax,
  keyConditionFromNode,
  type KeyCondition,
  type KeySchemaAttributes,
} from './key-condition.js';
export {
  checkConditionalOperator,
  conditionFromExpected,
  conditionFromFilter,
  keyConditionFromKeyConditions,
  type LegacyCondition,
  type LegacyExpectation,
} from './legacy-conditions.js';
export {
  updateFromAttributeUpdates,
  projectionFromAttributesToGet,
  type LegacyAttributeUpdate,
} from './legacy-updates.js';
