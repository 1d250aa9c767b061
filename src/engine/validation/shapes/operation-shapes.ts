/** The request shape of each DynamoDB operation, by the handler's name (`getItem`); the registry pairs them (operations/index.ts). */
export { batchGetItem, batchWriteItem } from './batch-operations.js';
export { deleteItem, getItem, putItem, updateItem } from './item-operations.js';
export { query, scan } from './query-scan-operations.js';
export { createTable, deleteTable, describeTable, listTables, updateTable } from './table-operations.js';
export {
  describeContinuousBackups,
  describeEndpoints,
  describeTimeToLive,
  updateContinuousBackups,
  listTagsOfResource,
  tagResource,
  untagResource,
  updateTimeToLive,
} from './tag-and-time-to-live-operations.js';
export { batchExecuteStatement, executeStatement, executeTransaction } from './partiql-operations.js';
export { transactGetItems, transactWriteItems } from './transact-operations.js';
