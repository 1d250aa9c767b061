import type { OperationHandler } from './operation.js';
import { createTable } from './tables/create-table.js';
import { describeTable } from './tables/describe-table.js';
import { listTables } from './tables/list-tables.js';
import { deleteTable } from './tables/delete-table.js';
import { updateTable } from './tables/update-table.js';
import { tagResource } from './tables/tag-resource.js';
import { untagResource } from './tables/untag-resource.js';
import { listTagsOfResource } from './tables/list-tags-of-resource.js';
import { updateTimeToLive } from './tables/update-time-to-live.js';
import { describeTimeToLive } from './tables/describe-time-to-live.js';
import { describeEndpoints } from './tables/describe-endpoints.js';
import { describeContinuousBackups } from './tables/describe-continuous-backups.js';
import { updateContinuousBackups } from './tables/update-continuous-backups.js';
import { putItem } from './items/put-item.js';
import { getItem } from './items/get-item.js';
import { updateItem } from './items/update-item.js';
import { deleteItem } from './items/delete-item.js';
import { query } from './query-scan/query.js';
import { scan } from './query-scan/scan.js';
import { batchGetItem } from './batch/batch-get-item.js';
import { batchWriteItem } from './batch/batch-write-item.js';
import { transactWriteItems } from './transact/transact-write-items.js';
import { transactGetItems } from './transact/transact-get-items.js';
import { executeStatement } from './partiql/execute-statement.js';
import { batchExecuteStatement } from './partiql/batch-execute-statement.js';
import { executeTransaction } from './partiql/execute-transaction.js';
import { streamsOperations } from './streams/index.js';

/**
 * Every operation the engine answers: DynamoDB's by their bare name (`GetItem`), DynamoDB
 * Streams' by their full `X-Amz-Target` (`DynamoDBStreams_20120810.GetRecords`).
 */
export const operations: Record<string, OperationHandler> = {
  CreateTable: createTable,
  DescribeTable: describeTable,
  ListTables: listTables,
  DeleteTable: deleteTable,
  UpdateTable: updateTable,
  TagResource: tagResource,
  UntagResource: untagResource,
  ListTagsOfResource: listTagsOfResource,
  UpdateTimeToLive: updateTimeToLive,
  DescribeTimeToLive: describeTimeToLive,
  DescribeEndpoints: describeEndpoints,
  DescribeContinuousBackups: describeContinuousBackups,
  UpdateContinuousBackups: updateContinuousBackups,
  PutItem: putItem,
  GetItem: getItem,
  UpdateItem: updateItem,
  DeleteItem: deleteItem,
  Query: query,
  Scan: scan,
  BatchGetItem: batchGetItem,
  BatchWriteItem: batchWriteItem,
  TransactWriteItems: transactWriteItems,
  TransactGetItems: transactGetItems,
  ExecuteStatement: executeStatement,
  BatchExecuteStatement: batchExecuteStatement,
  ExecuteTransaction: executeTransaction,
  ...streamsOperations,
};
