/**
 * The latency of a GetItem loop while some background work runs on the same engine: what
 * the reliability scripts measure (a TTL reap, a backfill). The loop gives the event loop a
 * turn between calls, as any program doing I/O between requests does.
 *
 * Two kinds of verdict come out of it. The long mode's is the flat target: the longest
 * GetItem at most 50 ms. The quick mode's (CI, on a shared and loaded machine, where a
 * timed threshold fails on the scheduler's noise) counts instead of timing: GetItems were
 * answered while the work ran, never more than a few slices passed without an answer
 * (requests are served *between* slices), and no GetItem waited grossly long (1 s; the
 * reap that froze a process took 20 s). The quick mode prints the latencies as information.
 */
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface LatencyFigures {
  readonly calls: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** How long `work` took, ms. */
  readonly workMs: number;
  /** GetItems answered while `work` ran (started before it ended). */
  readonly answered: number;
  /** Slices of the work run in all, and the most run in a row with no GetItem answered in between. */
  readonly slices: number;
  readonly longestRunWithoutAnswer: number;
}

/** How many slices of background work have run so far; counted by the caller's wrapper. */
export type SliceCounter = () => number;

/** Runs `work` while GetItem of `key` in `tableName` loops on `client`; the figures are in ms. */
export async function getItemLatencyDuring(
  client: DynamoDBClient,
  tableName: string,
  key: Record<string, { S: string }>,
  work: () => Promise<unknown>,
  slicesSoFar: SliceCounter = () => 0,
): Promise<LatencyFigures> {
  const get = () => client.send(new GetItemCommand({ TableName: tableName, Key: key }));
  // Warm-up: the first call opens the connection and compiles the path; not the work's doing.
  for (let index = 0; index < 20; index++) await get();
  const durations: number[] = [];
  let running = true;
  const slicesAtStart = slicesSoFar();
  let answered = 0;
  let slicesAtLastAnswer = slicesAtStart;
  let longestRunWithoutAnswer = 0;
  const load = (async () => {
    while (running) {
      const started = performance.now();
      await get();
      durations.push(performance.now() - started);
      if (running) {
        answered++;
        const slices = slicesSoFar();
        longestRunWithoutAnswer = Math.max(longestRunWithoutAnswer, slices - slicesAtLastAnswer);
        slicesAtLastAnswer = slices;
      }
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
  const slicesAtEnd = slicesSoFar();
  longestRunWithoutAnswer = Math.max(longestRunWithoutAnswer, slicesAtEnd - slicesAtLastAnswer);
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  return {
    calls: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    workMs,
    answered,
    slices: slicesAtEnd - slicesAtStart,
    longestRunWithoutAnswer,
  };
}

/**
 * The same loop with no work beside it, for `ms`: what the machine itself costs a GetItem
 * (on a loaded machine the scheduler alone stalls a process for tens of milliseconds).
 */
export function idleGetItemLatency(
  client: DynamoDBClient,
  tableName: string,
  key: Record<string, { S: string }>,
  ms: number,
): Promise<LatencyFigures> {
  return getItemLatencyDuring(client, tableName, key, () => new Promise((resolve) => setTimeout(resolve, ms)));
}

/** The long mode's target: the longest GetItem beside the work, ms. */
export const LONGEST_GET_ITEM_MS = 50;

/** The quick mode's gates (counts, and one gross bound that no scheduler noise reaches). */
export const QUICK_GATES = {
  /** GetItems answered while the work ran, at least. */
  leastAnswered: 5,
  /** Slices run in a row with no GetItem answered in between, at most. */
  mostSlicesWithoutAnswer: 10,
  /** The longest GetItem, ms: a freeze, not a slow slice. */
  freezeMs: 1_000,
} as const;

/**
 * The latency verdict on `figures`: with `quick`, the interleaving and freeze gates of
 * {@link QUICK_GATES}; otherwise the flat {@link LONGEST_GET_ITEM_MS}. Returns what failed,
 * empty when it holds, and the line that says which verdict applied.
 */
export function latencyVerdict(figures: LatencyFigures, quick: boolean): { failures: string[]; rule: string } {
  const failures: string[] = [];
  if (!quick) {
    if (figures.max > LONGEST_GET_ITEM_MS)
      failures.push(`longest GetItem ${figures.max.toFixed(1)} ms > ${LONGEST_GET_ITEM_MS} ms`);
    return { failures, rule: `limit ${LONGEST_GET_ITEM_MS} ms` };
  }
  if (figures.answered < QUICK_GATES.leastAnswered)
    failures.push(`${figures.answered} GetItems answered during the work < ${QUICK_GATES.leastAnswered}`);
  if (figures.longestRunWithoutAnswer > QUICK_GATES.mostSlicesWithoutAnswer) {
    failures.push(
      `${figures.longestRunWithoutAnswer} slices in a row without an answer > ${QUICK_GATES.mostSlicesWithoutAnswer}`,
    );
  }
  if (figures.max > QUICK_GATES.freezeMs)
    failures.push(`longest GetItem ${figures.max.toFixed(1)} ms > ${QUICK_GATES.freezeMs} ms (a freeze)`);
  return {
    failures,
    rule:
      `quick gates: ${figures.answered} answered during the work (≥ ${QUICK_GATES.leastAnswered}), ` +
      `at most ${figures.longestRunWithoutAnswer} of ${figures.slices} slices in a row unanswered (≤ ${QUICK_GATES.mostSlicesWithoutAnswer}), ` +
      `no freeze (≤ ${QUICK_GATES.freezeMs} ms); the ${LONGEST_GET_ITEM_MS} ms target ${figures.max <= LONGEST_GET_ITEM_MS ? 'met' : 'missed'}, for information`,
  };
}

/** One line of figures: `label: work N ms; GetItem ×calls p50 … p99 … max … ms`. */
export function figuresLine(label: string, figures: LatencyFigures): string {
  return (
    `${label}: ${Math.round(figures.workMs)} ms; GetItem ×${figures.calls} meanwhile, ` +
    `p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms`
  );
}
