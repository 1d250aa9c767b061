import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync, type WriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { itemToExportLine } from './export-json.js';
import { migrationRecordCarrier } from './migration-record-item.js';
import { openSource, type LocationInput } from './open-source.js';
import { createProgress, type ProgressOptions } from './progress.js';

export interface ExportOptions {
  readonly from: LocationInput;
  readonly table: string;
  /** File to write; it appears only once complete (written as `<out>.partial`, then renamed). */
  readonly out?: string;
  /** Stream to write to when there is no `out` file; default standard output. */
  readonly stream?: Writable;
  readonly segments?: number;
  readonly progress?: ProgressOptions;
}

export interface ExportResult {
  readonly items: number;
}

/**
 * Writes every item of a table as DynamoDB JSON lines — the format of DynamoDB's own
 * export to S3: one `{"Item": {…}}` per line, numbers as strings, binary as base64. The table's
 * migration record is written too, without the progress of an unfinished `apply`.
 *
 * @example
 * await exportTable({ from: 'sqlite:app.db', table: 'app', out: 'app.jsonl' });
 */
export async function exportTable(options: ExportOptions): Promise<ExportResult> {
  const source = await openSource(options.from, options.table, { segments: options.segments });
  const progress = createProgress(`export ${options.table}`, options.progress);
  let stream: Writable | undefined;
  const partial = options.out ? `${options.out}.partial` : undefined;
  let items = 0;
  try {
    // Before any file is written: a missing table fails here, naming it.
    const estimated = await source.estimatedCount();
    stream = partial ? createWriteStream(partial) : (options.stream ?? process.stdout);
    progress.start(estimated);
    const carry = migrationRecordCarrier(await source.tableDefinition());
    for await (const item of source.items()) {
      if (!stream.write(`${itemToExportLine(carry(item))}\n`)) await once(stream, 'drain');
      items++;
      progress.increment(1);
    }
    if (partial && options.out) {
      await new Promise<void>((resolve, reject) =>
        (stream as WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      renameSync(partial, options.out);
    }
    return { items };
  } catch (error) {
    if (partial && stream) {
      // Closed before removal: a stream still opening would otherwise create the file afterwards.
      const file = stream as WriteStream;
      if (!file.closed) await new Promise<void>((resolve) => file.destroy().once('close', () => resolve()));
      rmSync(partial, { force: true });
    }
    throw error;
  } finally {
    progress.stop();
    await source.close();
  }
}
