/**
 * The latency of a GetItem loop while some background work runs on the same engine: what
 * the reliability scripts measure (a TTL reap, a backfill). The loop gives the event loop a
 * turn between calls, as any program doing I/O between requests does.
 */
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface LatencyFigures {
  readonly calls: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** How long `work` took, ms. */
  readonly workMs: number;
}

/** Runs `work` while GetItem of `key` in `tableName` loops on `client`; the figures are in ms. */
export async function getItemLatencyDuring(
  client: DynamoDBClient,
  tableName: string,
  key: Record<string, { S: string }>,
  work: () => Promise<unknown>,
): Promise<LatencyFigures> {
  const get = () => client.send(new GetItemCommand({ TableName: tableName, Key: key }));
  // Warm-up: the first call opens the connection and compiles the path; not the work's doing.
  for (let index = 0; index < 20; index++) await get();
  const durations: number[] = [];
  let running = true;
  const load = (async () => {
    while (running) {
      const started = performance.now();
      await get();
      durations.push(performance.now() - started);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    await load;
  }
  const workMs = performance.now() - started;
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  return { calls: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, workMs };
}

/**
 * The same loop with no work beside it, for `ms`: what the machine itself costs a GetItem
 * (on a loaded machine the scheduler alone stalls a process for tens of milliseconds).
 */
export function idleGetItemLatency(client: DynamoDBClient, tableName: string, key: Record<string, { S: string }>, ms: number): Promise<LatencyFigures> {
  return getItemLatencyDuring(client, tableName, key, () => new Promise((resolve) => setTimeout(resolve, ms)));
}

/**
 * The longest GetItem allowed beside the work: `limitMs`; with `--quick` (CI, a shared
 * machine) `limitMs` beyond the longest GetItem of the idle loop measured just before.
 */
export function allowedLongest(limitMs: number, idle: LatencyFigures, relativeToIdle: boolean): number {
  return relativeToIdle ? limitMs + idle.max : limitMs;
}

/** One line of figures: `label: work N ms; GetItem ×calls p50 … p99 … max … ms`. */
export function figuresLine(label: string, figures: LatencyFigures): string {
  return (
    `${label}: ${Math.round(figures.workMs)} ms; GetItem ×${figures.calls} meanwhile, ` +
    `p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms`
  );
}
