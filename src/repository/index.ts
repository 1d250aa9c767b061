/**
 * `monotable/repository`: typed repositories over any `DynamoDBClient`, the request builders for
 * code that sends its own commands, the table's creation, and the typed errors. The list is
 * explicit so that what users may rely on is a decision: the helpers the repository's modules
 * share (codecs, shard arithmetic, retry timing) are imported by their paths, not from here
 * (`test/public-api.test.ts` pins the list). The admin Scan is deliberately apart:
 * `monotable/repository/admin-scan`.
 *
 * @example
 * import { TableRepository, createTableFromModel } from 'monotable/repository';
 * await createTableFromModel(client, model);
 * const repo = new TableRepository(client, model);
 */
export {
  TableRepository,
  type Collection,
  type PatternPageOptions,
  type TableRepositoryOptions,
} from './table-repository.js';
export type { DesignCheckMode } from './design-gate.js';
export {
  EntityRepository,
  type RepositoryContext,
  type TransitionChange,
  type UpdateChanges,
  type WriteConditions,
} from './entity-repository.js';
export { EntityTransactions } from './entity-transactions.js';
export type { PageOptions, QueryContext, StoredPage } from './pattern-query.js';
export { CapacityLedger, type CapacityTotals } from './capacity.js';
export { createCommandSender, type CommandSender } from './command-sender.js';
export type { RetryOptions } from './retry.js';
export { buildPutRequest, type PutRequestOptions } from './requests/put-request.js';
export { buildGetRequest } from './requests/get-request.js';
export {
  buildUpdateRequest,
  tryBuildUpdateRequest,
  type UpdatePlan,
  type UpdateRequestOptions,
  type UpdateRequestResult,
} from './requests/update-request.js';
export { buildDeleteRequest, type DeleteRequestOptions } from './requests/delete-request.js';
export { buildQueryRequest, type QueryRequestOptions } from './requests/query-request.js';
export { batchWrite, buildBatchWriteRequests, type BatchReport, type WriteRequest } from './batch-write.js';
export { batchGet, buildBatchGetRequests } from './batch-get.js';
export { buildTransactWriteRequest, transactWrite, type TransactAction } from './transactions.js';
export {
  buildCreateTableInput,
  createTableFromModel,
  findTableDrift,
  type CreateTableOptions,
  type IfTableExists,
} from './create-table.js';
export { compareTableWithModel, type TableDifference, type TableDifferenceKind } from './table-drift.js';
export { decodeChange } from './decode-change.js';
// The primary key of an entity's item, for code that writes its own requests (a stream handler's transaction).
export { primaryKeyOf } from './item-codec.js';
export type {
  EntityChange,
  ModelChange,
  ModelStreamViewType,
  StreamRecordLike,
  UnknownChange,
} from './stream-change.js';
export {
  BatchIncompleteError,
  ConditionFailedError,
  DesignCheckFailedError,
  InvalidCursorError,
  InvalidTransitionError,
  ItemAlreadyExistsError,
  ItemNotFoundError,
  RepositoryError,
  TableDriftError,
  TableNotActiveError,
  TransactionCancelledError,
  TransactionConflictError,
  UnsupportedOperationError,
  ValidationError,
  VersionConflictError,
  type CancellationReason,
  type ItemRef,
  type ServiceErrorSummary,
} from './errors.js';
// The model's errors, because repository calls throw them (a key part that renders empty, …).
export { EmptyKeyPartError, KeyMismatchError, ModelDefinitionError, ModelError } from '../model/errors.js';
