/**
 * monotable: DynamoDB single-table design with portable schemas.
 *
 * - `model`: tables, entities, key templates, access patterns and the design check;
 * - `repository`: typed repositories generated from a model, on any `DynamoDBClient`;
 * - `local`: the embedded SQLite engine as an in-process `DynamoDBClient` or an HTTP server.
 *
 * @example
 * import { createLocalClient, TableRepository } from 'monotable';
 * const client = createLocalClient({ inMemory: true });
 */
export * from './model/index.js';
export * from './repository/index.js';
export * from './local/index.js';
export { Engine, type EngineOptions } from './engine/engine.js';
export { DynamoDBError } from './engine/errors.js';
