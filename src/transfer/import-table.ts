import { BatchWriter } from './batch-writer.js';
import { ImportCheckpoint } from './checkpoint.js';
import { countJsonLines, readJsonLines } from './json-lines-reader.js';
import { openTarget, type LocationInput } from './open-source.js';
import { createProgress, type ProgressOptions } from './progress.js';
import { keyAttributeNames } from './table-definition.js';
import type { RetryPolicy } from './write-batch.js';

export interface ImportOptions {
  readonly to: LocationInput;
  readonly table: string;
  /** DynamoDB JSON lines file, as written by `exportTable` or DynamoDB's export to S3 (uncompressed). */
  readonly in: string;
  /** Ignore the progress of an earlier, interrupted run and start from the first line. */
  readonly restart?: boolean;
  /** BatchWriteItem calls in flight at once; default 4. */
  readonly concurrency?: number;
  readonly retry?: RetryPolicy;
  readonly progress?: ProgressOptions;
}

export interface ImportResult {
  /** Items written by this run. */
  readonly items: number;
  /** Lines skipped because an earlier run had written them. */
  readonly resumedAfterLine: number;
}

/**
 * Loads a DynamoDB JSON lines file into an existing table with BatchWriteItem (25 puts per
 * call, unprocessed items retried with backoff). Resumable: progress is recorded in
 * `<in>.progress`, and running the same import again after an interruption continues from
 * the last acknowledged line (see `ImportCheckpoint`).
 *
 * @example
 * await importTable({ to: 'aws', table: 'app', in: 'app.jsonl' });
 */
export async function importTable(options: ImportOptions): Promise<ImportResult> {
  // The table must exist already, so a missing `sqlite:` file is refused rather than created.
  const target = await openTarget(options.to, { mustExist: true });
  const progress = createProgress(`import ${options.table}`, options.progress);
  try {
    const keyAttributes = await keyAttributeNames(target.client, options.table, target.description);
    const checkpoint = ImportCheckpoint.open(options.in, {
      target: target.description,
      table: options.table,
      restart: options.restart,
    });
    const resumedAfterLine = checkpoint.acknowledgedLine;
    const writer = new BatchWriter({
      client: target.client,
      tableName: options.table,
      keyAttributes,
      concurrency: options.concurrency,
      ...options.retry,
      onAcknowledged: (line) => checkpoint.record(line),
      onWritten: (count) => progress.increment(count),
    });
    // Counting lines costs a read of the file; only worth it when someone watches the bar.
    const total =
      options.progress?.enabled || process.stderr.isTTY
        ? await countJsonLines(options.in, resumedAfterLine)
        : undefined;
    progress.start(total);
    let items = 0;
    for await (const { lineNumber, item } of readJsonLines(options.in, { afterLine: resumedAfterLine })) {
      await writer.put(item, lineNumber);
      items++;
    }
    await writer.flush();
    checkpoint.complete();
    return { items, resumedAfterLine };
  } finally {
    progress.stop();
    await target.close();
  }
}
