import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CheckpointMismatchError } from './errors.js';

/** What identifies an input file: its size and a hash of its first 64 KiB. */
interface InputFingerprint {
  readonly name: string;
  readonly size: number;
  readonly headSha256: string;
}

interface CheckpointFile {
  readonly version: 1;
  readonly input: InputFingerprint;
  readonly target: string;
  readonly table: string;
  /** Every line up to and including this one is written to the target. */
  readonly acknowledgedLine: number;
}

/**
 * The progress file of an import, beside its input (`<input>.progress`). It records the last
 * line such that it and every line before it are written. A rerun skips those lines and puts
 * the rest again; puts are idempotent, so lines written after the recorded one are simply
 * written twice with the same value — no duplicates, no losses. The file is replaced
 * atomically (write, then rename), so a kill leaves the previous or the next version, never half of one.
 *
 * @example
 * const checkpoint = ImportCheckpoint.open('items.jsonl', { target: 'aws', table: 'app' });
 * const resumeAfter = checkpoint.acknowledgedLine; // 0 on a fresh import
 * checkpoint.record(125);
 * checkpoint.complete();
 */
export class ImportCheckpoint {
  readonly path: string;
  private lastWritten: number;

  private constructor(
    private readonly input: InputFingerprint,
    private readonly target: string,
    private readonly table: string,
    readonly acknowledgedLine: number,
    path: string,
  ) {
    this.path = path;
    this.lastWritten = acknowledgedLine;
  }

  /** The progress file path for an input file. */
  static pathFor(inputFile: string): string {
    return `${inputFile}.progress`;
  }

  /**
   * Reads the progress of an earlier run on this input, or starts at line 0. With `restart`,
   * any earlier progress is discarded. Throws `CheckpointMismatchError` when the progress
   * file belongs to a different input, target or table.
   */
  static open(inputFile: string, options: { target: string; table: string; restart?: boolean }): ImportCheckpoint {
    const path = ImportCheckpoint.pathFor(inputFile);
    const input = fingerprint(inputFile);
    const previous = options.restart ? undefined : readCheckpoint(path);
    if (previous) {
      const mismatch =
        previous.input.size !== input.size || previous.input.headSha256 !== input.headSha256
          ? `input ${previous.input.name} had ${previous.input.size} bytes and different content`
          : previous.table !== options.table
            ? `table ${previous.table}`
            : previous.target !== options.target
              ? `target ${previous.target}`
              : undefined;
      if (mismatch) throw new CheckpointMismatchError(path, mismatch);
    }
    return new ImportCheckpoint(input, options.target, options.table, previous?.acknowledgedLine ?? 0, path);
  }

  /** Records that every line up to `line` is written. */
  record(line: number): void {
    if (line <= this.lastWritten) return;
    this.lastWritten = line;
    const state: CheckpointFile = {
      version: 1,
      input: this.input,
      target: this.target,
      table: this.table,
      acknowledgedLine: line,
    };
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(temporary, this.path);
  }

  /** The import finished: a rerun starts from the first line again (harmlessly, puts being idempotent). */
  complete(): void {
    rmSync(this.path, { force: true });
    rmSync(`${this.path}.tmp`, { force: true });
  }
}

function readCheckpoint(path: string): CheckpointFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as CheckpointFile;
    if (parsed.version === 1 && Number.isInteger(parsed.acknowledgedLine) && parsed.input) return parsed;
  } catch {
    // An unreadable progress file only costs re-writing from the first line, which is safe.
  }
  return undefined;
}

function fingerprint(file: string): InputFingerprint {
  const { size } = statSync(file);
  const head = Buffer.alloc(Math.min(size, 64 * 1024));
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  return { name: basename(file), size, headSha256: createHash('sha256').update(head).digest('hex') };
}
