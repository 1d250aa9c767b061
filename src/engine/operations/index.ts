import type { StructureShape } from '../validation/shape.js';
import * as shapes from '../validation/shapes/operation-shapes.js';
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
import { query } from '../reads/query.js';
import { scan } from '../reads/scan.js';
import { batchGetItem } from './batch/batch-get-item.js';
import { batchWriteItem } from './batch/batch-write-item.js';
import { transactWriteItems } from './transact/transact-write-items.js';
import { transactGetItems } from './transact/transact-get-items.js';
import { executeStatement } from './partiql/execute-statement.js';
import { batchExecuteStatement } from './partiql/batch-execute-statement.js';
import { executeTransaction } from './partiql/execute-transaction.js';
import { streamsOperations } from './streams/index.js';

/** What the engine and its callers know of one operation; every list of operations derives from these. */
export interface OperationSpec {
  readonly handler: OperationHandler;
  /** The request shape checked before the handler runs (validation/request-shape.ts); absent for DynamoDB Streams. */
  readonly shape: StructureShape | undefined;
  /** Whether the answer may hold stored rows, unparsed (answer.ts). */
  readonly returnsRows: boolean;
  /** Whether the answer may hold members that write themselves (answer.ts SelfWrittenValue). */
  readonly writesItself: boolean;
  /** An item operation: its input and answer hold attribute values, converted without the SDK's serde in `src/local`. */
  readonly dataPlane: boolean;
  /** Whether the operation may leave a backfill pending (a new GSI, a TTL change: storage/backfill-progress.ts). */
  readonly startsBackfill: boolean;
}

function control(handler: OperationHandler, shape: StructureShape): OperationSpec {
  return { handler, shape, returnsRows: false, writesItself: false, dataPlane: false, startsBackfill: false };
}

/** A control-plane operation after which the engine runs pending backfills in the background. */
function backfillStarting(handler: OperationHandler, shape: StructureShape): OperationSpec {
  return { handler, shape, returnsRows: false, writesItself: false, dataPlane: false, startsBackfill: true };
}

function write(handler: OperationHandler, shape: StructureShape): OperationSpec {
  return { handler, shape, returnsRows: false, writesItself: false, dataPlane: true, startsBackfill: false };
}

function read(handler: OperationHandler, shape: StructureShape): OperationSpec {
  return { handler, shape, returnsRows: true, writesItself: false, dataPlane: true, startsBackfill: false };
}

/**
 * Every operation the engine answers: DynamoDB's by their bare name (`GetItem`), DynamoDB
 * Streams' by their full `X-Amz-Target` (`DynamoDBStreams_20120810.GetRecords`).
 */
export const operationRegistry: Readonly<Record<string, OperationSpec>> = {
  CreateTable: control(createTable, shapes.createTable),
  DescribeTable: control(describeTable, shapes.describeTable),
  ListTables: control(listTables, shapes.listTables),
  DeleteTable: control(deleteTable, shapes.deleteTable),
  UpdateTable: backfillStarting(updateTable, shapes.updateTable),
  TagResource: control(tagResource, shapes.tagResource),
  UntagResource: control(untagResource, shapes.untagResource),
  ListTagsOfResource: control(listTagsOfResource, shapes.listTagsOfResource),
  UpdateTimeToLive: backfillStarting(updateTimeToLive, shapes.updateTimeToLive),
  DescribeTimeToLive: control(describeTimeToLive, shapes.describeTimeToLive),
  DescribeEndpoints: control(describeEndpoints, shapes.describeEndpoints),
  DescribeContinuousBackups: control(describeContinuousBackups, shapes.describeContinuousBackups),
  UpdateContinuousBackups: control(updateContinuousBackups, shapes.updateContinuousBackups),
  PutItem: write(putItem, shapes.putItem),
  GetItem: read(getItem, shapes.getItem),
  UpdateItem: write(updateItem, shapes.updateItem),
  DeleteItem: write(deleteItem, shapes.deleteItem),
  Query: read(query, shapes.query),
  Scan: read(scan, shapes.scan),
  BatchGetItem: read(batchGetItem, shapes.batchGetItem),
  BatchWriteItem: write(batchWriteItem, shapes.batchWriteItem),
  TransactWriteItems: write(transactWriteItems, shapes.transactWriteItems),
  TransactGetItems: read(transactGetItems, shapes.transactGetItems),
  ExecuteStatement: read(executeStatement, shapes.executeStatement),
  BatchExecuteStatement: read(batchExecuteStatement, shapes.batchExecuteStatement),
  ExecuteTransaction: read(executeTransaction, shapes.executeTransaction),
  ...Object.fromEntries(
    Object.entries(streamsOperations).map(([name, handler]) => [
      name,
      // GetRecords' records write themselves from stored texts (answer.ts SelfWrittenValue).
      {
        handler,
        shape: undefined,
        returnsRows: name === 'DynamoDBStreams_20120810.GetRecords',
        writesItself: name === 'DynamoDBStreams_20120810.GetRecords',
        dataPlane: false,
        startsBackfill: false,
      },
    ]),
  ),
};

/** The names of the item operations (`OperationSpec.dataPlane`). */
export const dataPlaneOperations: ReadonlySet<string> = new Set(
  Object.keys(operationRegistry).filter((name) => operationRegistry[name].dataPlane),
);
