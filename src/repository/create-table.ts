import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import { buildCreateTableInput } from './create-table-input.js';
import { TableDriftError, TableNotActiveError } from './errors.js';
import { compareTableWithModel, type TableDifference } from './table-drift.js';

export { buildCreateTableInput } from './create-table-input.js';

/**
 * What {@link createTableFromModel} does when the table already exists: `'error'` sends
 * CreateTable anyway, so DynamoDB's `ResourceInUseException` reaches the caller; `'check'`
 * compares the table with the model and throws `TableDriftError` listing every difference;
 * `'ignore'` leaves the table as it is.
 */
export type IfTableExists = 'error' | 'check' | 'ignore';

/** Options of {@link createTableFromModel}. */
export interface CreateTableOptions {
  /** Physical table name (default: the model's). */
  readonly tableName?: string;
  /** How long to wait for the table to become ACTIVE before giving up (default 60 000 ms). */
  readonly activeTimeoutMs?: number;
  /** Delay between two DescribeTable calls while waiting (default 100 ms). */
  readonly pollIntervalMs?: number;
  /** When the table exists already: `'error'` (default), `'check'` or `'ignore'`; see {@link IfTableExists}. */
  readonly ifExists?: IfTableExists;
}

/**
 * Creates the model's table (with its stream, when declared), waits until it is ACTIVE and
 * enables TTL on its TTL attribute. Returns true when it created the table, false when the table
 * existed and `ifExists` (`'check'` or `'ignore'`) let it stand.
 * Point-in-time recovery is left to infrastructure code (local engines have no backups). A table
 * still not ACTIVE after `activeTimeoutMs` fails with {@link TableNotActiveError} (naming the table
 * and the last status seen), and TTL is then left alone. With `ifExists: 'check'`, an existing
 * table that differs from the model fails with {@link TableDriftError}, which lists every
 * difference (indexes, key schemas, projections, key types, TTL, stream, billing mode).
 *
 * @example
 * await createTableFromModel(client, model, { tableName: 'research-dev' });
 * await createTableFromModel(client, model, { tableName: 'research-dev', ifExists: 'check' }); // false, or TableDriftError
 */
export async function createTableFromModel(
  client: DynamoDBClient,
  model: ModelDefinition,
  options: CreateTableOptions = {},
): Promise<boolean> {
  const tableName = options.tableName ?? model.table.name;
  const ifExists = options.ifExists ?? 'error';
  if (ifExists !== 'error') {
    const existing = await describeTableIfExists(client, tableName);
    if (existing) {
      if (ifExists === 'check') await requireTableMatchesModel(client, existing, model, tableName);
      return false;
    }
  }
  try {
    await client.send(new CreateTableCommand(buildCreateTableInput(model, tableName)));
  } catch (error) {
    // Created by someone else since the DescribeTable above: treat it as the existing table it is.
    if (ifExists === 'error' || !isNamed(error, 'ResourceInUseException')) throw error;
    const existing = await describeTableIfExists(client, tableName);
    if (!existing) throw error;
    if (ifExists === 'check') await requireTableMatchesModel(client, existing, model, tableName);
    return false;
  }
  await waitUntilActive(client, tableName, options.activeTimeoutMs ?? 60_000, options.pollIntervalMs ?? 100);
  if (model.table.timeToLiveAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: model.table.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
  return true;
}

/**
 * How an existing table differs from the model (DescribeTable and DescribeTimeToLive, then
 * {@link compareTableWithModel}); `undefined` when there is no such table.
 *
 * @example
 * const differences = await findTableDrift(client, model, { tableName: 'research-dev' });
 * if (differences?.length) console.log(differences.map((d) => d.description).join('\n'));
 */
export async function findTableDrift(
  client: DynamoDBClient,
  model: ModelDefinition,
  options: { readonly tableName?: string } = {},
): Promise<TableDifference[] | undefined> {
  const tableName = options.tableName ?? model.table.name;
  const table = await describeTableIfExists(client, tableName);
  return table && (await driftOf(client, table, model, tableName));
}

async function requireTableMatchesModel(
  client: DynamoDBClient,
  table: TableDescription,
  model: ModelDefinition,
  tableName: string,
): Promise<void> {
  const differences = await driftOf(client, table, model, tableName);
  if (differences.length > 0) throw new TableDriftError(tableName, differences);
}

async function driftOf(
  client: DynamoDBClient,
  table: TableDescription,
  model: ModelDefinition,
  tableName: string,
): Promise<TableDifference[]> {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  return compareTableWithModel(table, TimeToLiveDescription, model);
}

async function describeTableIfExists(client: DynamoDBClient, tableName: string): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (isNamed(error, 'ResourceNotFoundException')) return undefined;
    throw error;
  }
}

async function waitUntilActive(
  client: DynamoDBClient,
  tableName: string,
  timeoutMs: number,
  intervalMs: number,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return;
    if (Date.now() - started >= timeoutMs) throw new TableNotActiveError(tableName, Table?.TableStatus, timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** By name, not class: the caller's client may come from another copy of the SDK. */
function isNamed(error: unknown, name: string): boolean {
  return (error as { name?: unknown } | null)?.name === name;
}
