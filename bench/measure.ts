import { processCpuMs } from './process-cpu.js';

export interface Timing {
  /** Mean wall time per call, microseconds. */
  readonly meanUs: number;
  readonly p50Us: number;
  readonly p99Us: number;
  /** CPU time the watched process spent per call, microseconds (undefined without /proc). */
  readonly serverCpuUs?: number;
  readonly calls: number;
}

/**
 * Calls `call(i)` `warmup` times, then `iterations` times one after another (no
 * concurrency: latency, not throughput), timing each and, when `cpuPid` is given,
 * reading that process's CPU time before and after the timed calls.
 */
export async function measureAsync(
  call: (i: number) => Promise<unknown>,
  iterations: number,
  warmup: number,
  cpuPid?: number,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await call(i);
  const samples = new Float64Array(iterations);
  const cpuBefore = cpuPid ? processCpuMs(cpuPid) : undefined;
  for (let i = 0; i < iterations; i++) {
    const started = process.hrtime.bigint();
    await call(warmup + i);
    samples[i] = Number(process.hrtime.bigint() - started) / 1000;
  }
  const cpuAfter = cpuPid ? processCpuMs(cpuPid) : undefined;
  return summarize(samples, cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1000) / iterations);
}

/** The same for synchronous calls (the engine alone, raw SQLite). */
export function measureSync(call: (i: number) => unknown, iterations: number, warmup: number): Timing {
  for (let i = 0; i < warmup; i++) call(i);
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const started = process.hrtime.bigint();
    call(warmup + i);
    samples[i] = Number(process.hrtime.bigint() - started) / 1000;
  }
  return summarize(samples, undefined);
}

function summarize(samples: Float64Array, serverCpuUs: number | undefined): Timing {
  const sorted = Float64Array.from(samples).sort();
  const mean = samples.reduce((sum, value) => sum + value, 0) / Math.max(samples.length, 1);
  return {
    meanUs: mean,
    p50Us: sorted[Math.floor(sorted.length * 0.5)] ?? 0,
    p99Us: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
    serverCpuUs,
    calls: samples.length,
  };
}
