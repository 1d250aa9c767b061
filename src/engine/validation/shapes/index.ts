import type { StructureShape } from '../shape.js';
import { batchGetItem, batchWriteItem } from './batch-operations.js';
import { deleteItem, getItem, putItem, updateItem } from './item-operations.js';
import { query, scan } from './query-scan-operations.js';
import { createTable, deleteTable, describeTable, listTables, updateTable } from './table-operations.js';
import {
  describeContinuousBackups,
  describeEndpoints,
  describeTimeToLive,
  updateContinuousBackups,
  listTagsOfResource,
  tagResource,
  untagResource,
  updateTimeToLive,
} from './tag-and-time-to-live-operations.js';
import { batchExecuteStatement, executeStatement, executeTransaction } from './partiql-operations.js';
import { transactGetItems, transactWriteItems } from './transact-operations.js';

/** The request shape of every operation the engine answers, by `X-Amz-Target` name. */
export const requestShapes: Readonly<Record<string, StructureShape>> = {
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
};
