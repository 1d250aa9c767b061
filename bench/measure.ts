import { processCpuMs } from './process-cpu.js';

export interface Timing {
  /** Wall time per call, microseconds: the median over rounds of each round's mean. */
  readonly meanUs: number;
  readonly p50Us: number;
  readonly p99Us: number;
  /** CPU time the watched process spent per call, microseconds (undefined without /proc). */
  readonly serverCpuUs?: number;
  /** Calls timed (for CPU figures: calls made while the watched process's CPU was read). */
  readonly calls: number;
  /** Server CPU consumed over those calls, in clock ticks (the figure's resolution is one tick). */
  readonly cpuTicks?: number;
}

/**
 * Rounds the timed iterations are split into. Contenders are measured round by round,
 * alternating, so a burst of load from elsewhere on the machine hits them alike, and the
 * median round discards the bursts. Ratios compare figures from the same rounds.
 */
const ROUNDS = 9;

type SyncCall = (i: number) => unknown;
type AsyncCall = (i: number) => Promise<unknown>;

/** Times each of `calls` (same iteration count each), interleaved round by round. */
export function measureSyncInterleaved(calls: readonly SyncCall[], iterations: number, warmup: number): Timing[] {
  for (const call of calls) for (let i = 0; i < warmup; i++) call(i);
  const samples = calls.map(() => new Float64Array(iterations));
  const perRound = Math.max(1, Math.ceil(iterations / ROUNDS));
  for (let start = 0; start < iterations; start += perRound) {
    const end = Math.min(iterations, start + perRound);
    calls.forEach((call, which) => {
      const own = samples[which];
      for (let i = start; i < end; i++) {
        const started = process.hrtime.bigint();
        call(warmup + i);
        own[i] = Number(process.hrtime.bigint() - started) / 1000;
      }
    });
  }
  return samples.map((own) => summarize(own, perRound));
}

/**
 * Shortest warm-up of each asynchronous contender, in its own wall time. A JIT (V8's,
 * and the JVM's in DynamoDB Local) keeps compiling for seconds after a server starts,
 * on the same cores: measured earlier, the first calls of either side run several times
 * slower than later ones, and V8 was still compiling the in-process path's functions
 * (on the second core, stalling calls by milliseconds) after 3,000 calls.
 */
const MINIMUM_ASYNC_WARMUP_MS = 3000;

/**
 * Warm-up slices alternate between contenders, each slice lasting this long, so every
 * contender gets the same wall time to warm up whatever its speed (warming up by equal
 * call counts gave a 1 ms-per-call server thirty times the warm-up time of a 30 µs client).
 */
const WARMUP_SLICE_MS = 250;

/** Calls per contender per turn when contenders alternate by call count. */
const CALLS_PER_TURN = 50;

/**
 * Untimed lead-in of each contender's own calls before each of its timed rounds. Measured
 * without it, a 60 µs contender's round of 167 calls (10 ms) came right after the other
 * contender's 220 ms, and its mean was set by that: the first calls ran on cold caches, and
 * the young-generation collections of the other client's garbage fell in the short round
 * (its slowest 1 % of calls took 15 % of its time; 7 % with the lead-in).
 */
const LEAD_IN_MS = 50;

/**
 * The same for asynchronous calls (SDK clients), one call at a time: latency, not
 * throughput. The warm-up has two parts:
 * - equal wall time: slices alternate until each contender ran for
 *   {@link MINIMUM_ASYNC_WARMUP_MS}. A contender may run these on a stand-in
 *   (`timeWarmups[i]`: the same code on a throwaway target), so that a fast contender's
 *   many warm-up writes do not grow the data it is measured on;
 * - equal call counts on the measured targets: turns alternate until each contender
 *   made as many calls there as any other (and at least `warmup`), so every measured
 *   target has received the same writes before the timed rounds.
 * The timed rounds then alternate as in {@link measureSyncInterleaved}, each preceded by
 * {@link LEAD_IN_MS} of the contender's untimed calls on its measured target (`leadIns[i]`,
 * on keys of their own), so each round starts from the contender's own steady state.
 */
export async function measureAsyncInterleaved(
  calls: readonly AsyncCall[],
  iterations: number,
  warmup: number,
  timeWarmups: readonly (AsyncCall | undefined)[] = [],
  leadIns: readonly (AsyncCall | undefined)[] = [],
): Promise<Timing[]> {
  const made = calls.map(() => 0);
  const standInMade = calls.map(() => 0);
  const warmedMs = calls.map(() => 0);
  while (warmedMs.some((ms) => ms < MINIMUM_ASYNC_WARMUP_MS)) {
    for (const [which, call] of calls.entries()) {
      const standIn = timeWarmups[which];
      const started = performance.now();
      const sliceEnds = started + WARMUP_SLICE_MS;
      do {
        if (standIn) await standIn(standInMade[which]++);
        else await call(made[which]++);
      } while (performance.now() < sliceEnds);
      warmedMs[which] += performance.now() - started;
    }
  }
  const target = Math.max(warmup, ...made);
  while (made.some((count) => count < target)) {
    for (const [which, call] of calls.entries()) {
      const turnEnds = Math.min(target, made[which] + CALLS_PER_TURN);
      while (made[which] < turnEnds) await call(made[which]++);
    }
  }
  // Timed calls continue past the warm-up calls (writes stay on new keys).
  warmup = target;
  const samples = calls.map(() => new Float64Array(iterations));
  const leadInMade = calls.map(() => 0);
  const perRound = Math.max(1, Math.ceil(iterations / ROUNDS));
  for (let start = 0; start < iterations; start += perRound) {
    const end = Math.min(iterations, start + perRound);
    for (const [which, call] of calls.entries()) {
      const leadIn = leadIns[which];
      if (leadIn) {
        const leadInEnds = performance.now() + LEAD_IN_MS;
        do await leadIn(leadInMade[which]++);
        while (performance.now() < leadInEnds);
      }
      const own = samples[which];
      for (let i = start; i < end; i++) {
        const started = process.hrtime.bigint();
        await call(warmup + i);
        own[i] = Number(process.hrtime.bigint() - started) / 1000;
      }
    }
  }
  return samples.map((own) => summarize(own, perRound));
}

export function measureSync(call: SyncCall, iterations: number, warmup: number): Timing {
  return measureSyncInterleaved([call], iterations, warmup)[0];
}

export async function measureAsync(call: AsyncCall, iterations: number, warmup: number): Promise<Timing> {
  return (await measureAsyncInterleaved([call], iterations, warmup))[0];
}

/**
 * Server CPU per call of `pid`, read from /proc in 10 ms clock ticks. A tick is coarse
 * (a 0.1 ms/call server spends one tick per 100 calls), so calls continue past
 * `minimumCalls` until the server has used `minimumTicks` (the figure is then within
 * about 2 / minimumTicks of the truth) or `maximumSeconds` have passed.
 */
export async function measureServerCpu(
  call: AsyncCall,
  options: {
    readonly warmup: number;
    readonly minimumCalls: number;
    readonly minimumTicks: number;
    readonly maximumSeconds: number;
    readonly pid: number;
  },
): Promise<Timing | undefined> {
  for (let i = 0; i < options.warmup; i++) await call(i);
  const before = processCpuMs(options.pid);
  if (before === undefined) return undefined;
  const latencies: number[] = [];
  const deadline = performance.now() + options.maximumSeconds * 1000;
  let after = before;
  let i = options.warmup;
  // Read /proc only every 50 calls: each read costs the client a little, not the server.
  while (
    latencies.length < options.minimumCalls ||
    ((after - before) / 10 < options.minimumTicks && performance.now() < deadline)
  ) {
    const started = process.hrtime.bigint();
    await call(i++);
    latencies.push(Number(process.hrtime.bigint() - started) / 1000);
    if (latencies.length % 50 === 0) after = processCpuMs(options.pid) ?? after;
  }
  after = processCpuMs(options.pid) ?? after;
  const timing = summarize(Float64Array.from(latencies), latencies.length);
  return {
    ...timing,
    serverCpuUs: ((after - before) * 1000) / latencies.length,
    cpuTicks: Math.round((after - before) / 10),
  };
}

function summarize(samples: Float64Array, perRound: number): Timing {
  const sorted = Float64Array.from(samples).sort();
  const roundMeans: number[] = [];
  for (let start = 0; start < samples.length; start += perRound) {
    const round = samples.subarray(start, start + perRound);
    roundMeans.push(round.reduce((sum, value) => sum + value, 0) / round.length);
  }
  roundMeans.sort((a, b) => a - b);
  return {
    meanUs: roundMeans[Math.floor(roundMeans.length / 2)] ?? 0,
    p50Us: sorted[Math.floor(sorted.length * 0.5)] ?? 0,
    p99Us: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
    calls: samples.length,
  };
}
