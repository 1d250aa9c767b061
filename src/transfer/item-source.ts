import type { WireItem } from './export-json.js';
import type { TableCopyDefinition } from './table-definition.js';

/** A table being read, item by item, in wire format. */
export interface ItemSource {
  /** Human-readable location and table, for messages. */
  readonly description: string;
  /** The table's definition, so a copy can create its target. */
  tableDefinition(): Promise<TableCopyDefinition>;
  /**
   * How many items to expect, for progress; undefined when unknown (DynamoDB's count lags up
   * to 6 hours). Throws `TableNotFoundError` when the table does not exist.
   */
  estimatedCount(): Promise<number | undefined>;
  /** Every item once, in no particular order. */
  items(): AsyncIterable<WireItem>;
  close(): Promise<void>;
}
