import { BatchWriter } from './batch-writer.js';
import { migrationRecordCarrier } from './migration-record-item.js';
import { checkTarget, openSource, openTarget, type LocationInput } from './open-source.js';
import { createProgress, type ProgressOptions } from './progress.js';
import { ensureTable, keyAttributeNames } from './table-definition.js';
import type { RetryPolicy } from './write-batch.js';

export interface CopyOptions {
  readonly from: LocationInput;
  readonly to: LocationInput;
  /** Table to read (for `adr-sqlite:` without `?table=`, the SQLite table) and, by default, to write. */
  readonly table: string;
  /** Name of the table at the target, when it differs. */
  readonly targetTable?: string;
  /** Create the target table like the source (keys, indexes, TTL; on-demand) when missing; default true. */
  readonly createTable?: boolean;
  readonly segments?: number;
  readonly concurrency?: number;
  readonly retry?: RetryPolicy;
  readonly progress?: ProgressOptions;
}

export interface CopyResult {
  readonly items: number;
  readonly createdTable: boolean;
}

/**
 * Streams every item of a table into another engine: a parallel Scan (or the rows of an
 * ADR-shaped SQLite table) piped into batched, retried puts. Items stay in wire format end
 * to end. Copying again overwrites with the same values, so an interrupted copy is simply rerun.
 * The table's migration record is copied too, without the progress of an unfinished `apply`
 * (see `migrationRecordCarrier`).
 *
 * @example
 * await copyTable({ from: 'sqlite:app.db', to: 'aws', table: 'app' });
 */
export async function copyTable(options: CopyOptions): Promise<CopyResult> {
  const targetTable = options.targetTable ?? options.table;
  checkTarget(options.to);
  const source = await openSource(options.from, options.table, { segments: options.segments });
  const progress = createProgress(`copy ${options.table}`, options.progress);
  let target: Awaited<ReturnType<typeof openTarget>> | undefined;
  try {
    target = await openTarget(options.to);
    const createdTable =
      options.createTable === false
        ? false
        : await ensureTable(target.client, targetTable, await source.tableDefinition());
    const writer = new BatchWriter({
      client: target.client,
      tableName: targetTable,
      keyAttributes: await keyAttributeNames(target.client, targetTable, target.description),
      concurrency: options.concurrency,
      ...options.retry,
      onWritten: (count) => progress.increment(count),
    });
    progress.start(await source.estimatedCount());
    const carry = migrationRecordCarrier(await source.tableDefinition());
    let items = 0;
    let sequence = 0;
    for await (const item of source.items()) {
      await writer.put(carry(item), ++sequence);
      items++;
    }
    await writer.flush();
    return { items, createdTable };
  } finally {
    progress.stop();
    await source.close();
    await target?.close();
  }
}
