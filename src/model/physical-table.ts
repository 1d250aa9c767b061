import { physicalKeys, type PhysicalKeys } from './physical-keys.js';
import type { TableDefinition } from './table.js';

/**
 * The physical table a model's table declares: its name, keys, indexes, billing, TTL, backups
 * and stream. The CreateTable input (repository/create-table.ts) and the infrastructure spec
 * (infra/table-spec.ts, for CDK and CloudFormation) are both read from it, so they agree.
 */
export interface PhysicalTable extends PhysicalKeys {
  readonly tableName: string;
  readonly billing: TableDefinition['billingMode'];
  readonly timeToLiveAttribute?: string;
  readonly pointInTimeRecovery: boolean;
  /** The table's stream as declared (view type and handlers); absent when it has none. */
  readonly stream?: NonNullable<TableDefinition['stream']>;
}

/**
 * The one mapping from a table declaration to its physical table, under `tableName`
 * (default: the declared name).
 *
 * @example
 * physicalTable(model.table, 'research-test').indexes.map((index) => index.name) // ['gsi1']
 */
export function physicalTable(table: TableDefinition, tableName: string = table.name): PhysicalTable {
  return {
    tableName,
    ...physicalKeys(table),
    billing: table.billingMode,
    ...(table.timeToLiveAttribute ? { timeToLiveAttribute: table.timeToLiveAttribute } : {}),
    pointInTimeRecovery: table.pointInTimeRecovery,
    ...(table.stream ? { stream: table.stream } : {}),
  };
}
