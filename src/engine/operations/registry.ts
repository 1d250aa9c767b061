import type { StructureShape } from '../validation/shape.js';
import { requestShapeValidator, type RequestShapeValidator } from '../validation/request-shape.js';
import type { OperationDefinition } from './operation.js';
import { batchGetItemOperation } from './batch/batch-get-item.js';
import { batchWriteItemOperation } from './batch/batch-write-item.js';
import { deleteItemOperation } from './items/delete-item.js';
import { getItemOperation } from './items/get-item.js';
import { putItemOperation } from './items/put-item.js';
import { queryOperation } from './items/query.js';
import { scanOperation } from './items/scan.js';
import { updateItemOperation } from './items/update-item.js';
import { batchExecuteStatementOperation } from './partiql/batch-execute-statement.js';
import { executeStatementOperation } from './partiql/execute-statement.js';
import { executeTransactionOperation } from './partiql/execute-transaction.js';
import { describeStreamOperation } from './streams/describe-stream.js';
import { getRecordsOperation } from './streams/get-records.js';
import { getShardIteratorOperation } from './streams/get-shard-iterator.js';
import { listStreamsOperation } from './streams/list-streams.js';
import { createTableOperation } from './tables/create-table.js';
import { deleteTableOperation } from './tables/delete-table.js';
import { describeContinuousBackupsOperation } from './tables/describe-continuous-backups.js';
import { describeEndpointsOperation } from './tables/describe-endpoints.js';
import { describeTableOperation } from './tables/describe-table.js';
import { describeTimeToLiveOperation } from './tables/describe-time-to-live.js';
import { listTablesOperation } from './tables/list-tables.js';
import { listTagsOfResourceOperation } from './tables/list-tags-of-resource.js';
import { tagResourceOperation } from './tables/tag-resource.js';
import { untagResourceOperation } from './tables/untag-resource.js';
import { updateContinuousBackupsOperation } from './tables/update-continuous-backups.js';
import { updateTableOperation } from './tables/update-table.js';
import { updateTimeToLiveOperation } from './tables/update-time-to-live.js';
import { transactGetItemsOperation } from './transact/transact-get-items.js';
import { transactWriteItemsOperation } from './transact/transact-write-items.js';

/**
 * Every operation the engine answers, as its own file defines it (`defineOperation`), by name:
 * DynamoDB's by their bare name (`GetItem`), DynamoDB Streams' by their full `X-Amz-Target`
 * (`DynamoDBStreams_20120810.GetRecords`). Only the imports above are written by hand, and
 * `registry.test.ts` fails when a file under `operations/` defines an operation they miss.
 */
export const operationRegistry: ReadonlyMap<string, OperationDefinition> = new Map(
  [
    createTableOperation,
    describeTableOperation,
    listTablesOperation,
    deleteTableOperation,
    updateTableOperation,
    tagResourceOperation,
    untagResourceOperation,
    listTagsOfResourceOperation,
    updateTimeToLiveOperation,
    describeTimeToLiveOperation,
    describeEndpointsOperation,
    describeContinuousBackupsOperation,
    updateContinuousBackupsOperation,
    putItemOperation,
    getItemOperation,
    updateItemOperation,
    deleteItemOperation,
    queryOperation,
    scanOperation,
    batchGetItemOperation,
    batchWriteItemOperation,
    transactWriteItemsOperation,
    transactGetItemsOperation,
    executeStatementOperation,
    batchExecuteStatementOperation,
    executeTransactionOperation,
    listStreamsOperation,
    describeStreamOperation,
    getShardIteratorOperation,
    getRecordsOperation,
  ].map((definition) => [definition.name, definition]),
);

/** The request shape of every operation that has one, by name (derived from the registry). */
export const requestShapes: Readonly<Record<string, StructureShape>> = Object.fromEntries(
  [...operationRegistry.values()].flatMap((definition) =>
    definition.shape === undefined ? [] : [[definition.name, definition.shape]],
  ),
);

/** Every operation's request check, compiled once when the module loads (a fixed, small set). */
const validators: ReadonlyMap<string, RequestShapeValidator> = new Map(
  Object.entries(requestShapes).map(([operation, shape]) => [operation, requestShapeValidator(operation, shape)]),
);

/** The request check of `operation`, for callers that look it up once; undefined for operations without a shape. */
export function requestShapeValidatorOf(operation: string): RequestShapeValidator | undefined {
  return validators.get(operation);
}

/**
 * Checks a request against its operation's shape (validation/request-shape.ts). Unknown
 * operations pass.
 *
 * @example
 * validateRequestShape('ListTables', { Limit: 0 });
 * // throws: 1 validation error detected: Value '0' at 'limit' failed to satisfy constraint:
 * //         Member must have value greater than or equal to 1
 */
export function validateRequestShape(operation: string, input: object): void {
  validators.get(operation)?.(input);
}
