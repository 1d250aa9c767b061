/** PartiQL for DynamoDB: one parser to an AST, compiled onto the engine's item operations. */
export type * from './ast.js';
export { parseStatement } from './parse-statement.js';
export { StatementCache } from './statement-cache.js';
export { compileSelect, type CompiledSelect } from './compile-select.js';
export { compileInsert, compileUpdate, compileDelete, itemKeyOf, type CompiledWrite } from './compile-write.js';
export { compileCondition, compilePath, ExpressionParameters } from './compile-expression.js';
export { flattenProjection } from './flatten-projection.js';
export { conjunctsOf } from './key-conditions.js';
export { MANDATORY_KEY_EQUALITY } from './errors.js';
export { valueOf } from './literal-values.js';
