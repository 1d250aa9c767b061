import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { WireItem } from './export-json.js';
import { batchWriteLimit, writeBatch, type RetryPolicy } from './write-batch.js';

export interface BatchWriterOptions extends RetryPolicy {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** Key attribute names of the target table (to keep two writes of one key in order). */
  readonly keyAttributes: readonly string[];
  /** BatchWriteItem calls in flight at once; default 4. */
  readonly concurrency?: number;
  /**
   * Called with the highest sequence number such that every item put with a sequence up to
   * it is written — the resume point of an interrupted import.
   */
  readonly onAcknowledged?: (sequence: number) => void;
  /** Called with the number of items of each batch once it is written. */
  readonly onWritten?: (count: number) => void;
}

interface InFlightBatch {
  readonly keys: ReadonlySet<string>;
  readonly done: Promise<void>;
}

/**
 * Groups puts into batches of 25 and writes several batches concurrently, while keeping
 * writes of the same key in their original order (a batch never holds one key twice, and a
 * batch waits for an in-flight batch that shares a key), so the last write of a key wins as it would
 * sequentially.
 *
 * @example
 * const writer = new BatchWriter({ client, tableName: 'app', keyAttributes: ['pk', 'sk'] });
 * for (const [line, item] of items.entries()) await writer.put(item, line + 1);
 * await writer.flush();
 */
export class BatchWriter {
  private readonly concurrency: number;
  private current: { items: WireItem[]; sequences: number[]; keys: Set<string> } = emptyBatch();
  private readonly inFlight = new Set<InFlightBatch>();
  /** Sequences put and not yet acknowledged, in put order, with whether their batch is written. */
  private readonly outstanding: { sequence: number; written: boolean }[] = [];
  private failure: unknown;

  constructor(private readonly options: BatchWriterOptions) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  }

  /** Queues one put; resolves once the writer can take another (back-pressure). */
  async put(item: WireItem, sequence: number): Promise<void> {
    this.throwIfFailed();
    const key = this.keyOf(item);
    if (this.current.keys.has(key)) await this.dispatch();
    this.current.items.push(item);
    this.current.sequences.push(sequence);
    this.current.keys.add(key);
    this.outstanding.push({ sequence, written: false });
    if (this.current.items.length >= batchWriteLimit) await this.dispatch();
  }

  /** Writes whatever is queued and waits for every batch in flight. */
  async flush(): Promise<void> {
    await this.dispatch();
    while (this.inFlight.size > 0) await Promise.race([...this.inFlight].map((batch) => batch.done));
    this.throwIfFailed();
  }

  private async dispatch(): Promise<void> {
    const batch = this.current;
    if (batch.items.length === 0) return;
    this.current = emptyBatch();
    while (this.inFlight.size >= this.concurrency || this.sharesKeyWithInFlight(batch.keys)) {
      await Promise.race([...this.inFlight].map((inFlight) => inFlight.done));
      this.throwIfFailed();
    }
    const inFlight: InFlightBatch = {
      keys: batch.keys,
      done: writeBatch(this.options.client, this.options.tableName, batch.items, this.options).then(
        () => {
          this.inFlight.delete(inFlight);
          this.acknowledge(new Set(batch.sequences));
          this.options.onWritten?.(batch.items.length);
        },
        (error: unknown) => {
          this.inFlight.delete(inFlight);
          this.failure ??= error;
        },
      ),
    };
    this.inFlight.add(inFlight);
  }

  private acknowledge(sequences: ReadonlySet<number>): void {
    for (const entry of this.outstanding) if (sequences.has(entry.sequence)) entry.written = true;
    let acknowledged: number | undefined;
    while (this.outstanding.length > 0 && this.outstanding[0].written)
      acknowledged = this.outstanding.shift()!.sequence;
    if (acknowledged !== undefined) this.options.onAcknowledged?.(acknowledged);
  }

  private sharesKeyWithInFlight(keys: ReadonlySet<string>): boolean {
    for (const batch of this.inFlight) for (const key of keys) if (batch.keys.has(key)) return true;
    return false;
  }

  private keyOf(item: WireItem): string {
    return JSON.stringify(this.options.keyAttributes.map((name) => keyPart(item[name])));
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }
}

function keyPart(value: WireItem[string] | undefined): string | null {
  if (value === undefined) return null;
  if (value.B !== undefined) return `B:${Buffer.from(value.B).toString('base64')}`;
  if (value.N !== undefined) return `N:${value.N}`;
  return `S:${value.S}`;
}

function emptyBatch() {
  return { items: [] as WireItem[], sequences: [] as number[], keys: new Set<string>() };
}
