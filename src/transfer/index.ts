/**
 * Moving data between engines: DynamoDB JSON lines export/import and engine-to-engine copy, the
 * locations they name and the errors they throw. The plumbing beneath (item sources, the batch
 * writer, checkpoints, lossless JSON) is imported by its path inside the package.
 *
 * @example
 * import { copyTable } from './transfer/index.js';
 * await copyTable({ from: 'sqlite:app.db', to: 'http://127.0.0.1:8000', table: 'app' });
 */
export { exportTable, type ExportOptions, type ExportResult } from './export-table.js';
export { importTable, type ImportOptions, type ImportResult } from './import-table.js';
export { copyTable, type CopyOptions, type CopyResult } from './copy-table.js';
export { parseLocation, describeLocation, type Location } from './location.js';
export type { LocationInput } from './open-source.js';
export type { ExportValue, WireItem } from './export-json.js';
export type { RetryPolicy } from './write-batch.js';
export {
  AdrRowError,
  CheckpointMismatchError,
  ImportLineError,
  InvalidLocationError,
  MissingFileError,
  MissingRegionError,
  TableNotFoundError,
  TransferError,
  UnprocessedItemsError,
  UnsupportedLocationRoleError,
} from './errors.js';
