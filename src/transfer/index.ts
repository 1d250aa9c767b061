/**
 * Moving data between engines: DynamoDB JSON lines export/import and engine-to-engine copy.
 *
 * @example
 * import { copyTable } from './transfer/index.js';
 * await copyTable({ from: 'sqlite:app.db', to: 'http://127.0.0.1:8000', table: 'app' });
 */
export { exportTable, type ExportOptions, type ExportResult } from './export-table.js';
export { importTable, type ImportOptions, type ImportResult } from './import-table.js';
export { copyTable, type CopyOptions, type CopyResult } from './copy-table.js';
export { parseLocation, describeLocation, type Location } from './location.js';
export { openClient, type OpenedClient } from './open-client.js';
export { openSource, openTarget, type LocationInput } from './open-source.js';
export type { ItemSource } from './item-source.js';
export { itemToExportLine, exportLineToItem, type WireItem, type ExportValue } from './export-json.js';
export { adrRowToItem, type AdrRow } from './adr-item.js';
export { parseLosslessJson, JsonNumber } from './lossless-json.js';
export { ImportCheckpoint } from './checkpoint.js';
export { BatchWriter, type BatchWriterOptions } from './batch-writer.js';
export { writeBatch, batchWriteLimit, type RetryPolicy } from './write-batch.js';
export { adrTableDefinition, ensureTable, readTableDefinition, type TableDefinition } from './table-definition.js';
export { createProgress, type ProgressReporter, type ProgressOptions } from './progress.js';
export {
  AdrRowError,
  CheckpointMismatchError,
  ImportLineError,
  InvalidLocationError,
  MissingFileError,
  TableNotFoundError,
  TransferError,
  UnprocessedItemsError,
  UnsupportedLocationRoleError,
} from './errors.js';
