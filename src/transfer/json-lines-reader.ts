import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { ImportLineError } from './errors.js';
import { exportLineToItem, MalformedValueError, type WireItem } from './export-json.js';

/** An item read from a DynamoDB JSON lines file, with its 1-based line number. */
export interface NumberedItem {
  readonly lineNumber: number;
  readonly item: WireItem;
}

/**
 * Streams the items of a DynamoDB JSON lines file (one `{"Item": {…}}` per line; blank lines
 * are skipped), without holding the file in memory.
 *
 * @example
 * for await (const { lineNumber, item } of readJsonLines('export.jsonl', { afterLine: 100 })) …
 */
export async function* readJsonLines(file: string, options: { afterLine?: number } = {}): AsyncGenerator<NumberedItem> {
  const afterLine = options.afterLine ?? 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (lineNumber <= afterLine || line.trim() === '') continue;
    try {
      yield { lineNumber, item: exportLineToItem(line) };
    } catch (error) {
      if (error instanceof MalformedValueError || error instanceof SyntaxError) {
        throw new ImportLineError(file, lineNumber, error.message);
      }
      throw error;
    }
  }
}

/** Counts the non-blank lines after `afterLine` (for a progress total) without parsing them. */
export async function countJsonLines(file: string, afterLine = 0): Promise<number> {
  let count = 0;
  let lineNumber = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) if (++lineNumber > afterLine && line.trim() !== '') count++;
  return count;
}
