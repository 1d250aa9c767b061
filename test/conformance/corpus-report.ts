import { isNotExpressibleMismatch } from './not-expressible.js';

/** The parts of the runner's `--json` report the suite reads. */
export interface RunnerReport {
  readonly summary: { readonly cases: number };
  readonly cases: ReadonlyArray<{
    readonly name: string;
    readonly pass: boolean;
    readonly firstMismatch: { readonly step: number; readonly op: string; readonly diff: string } | null;
  }>;
}

export interface CorpusOutcome {
  readonly passed: string[];
  /** Cases whose first mismatch is a request no SDK caller can send: later steps may depend on it. */
  readonly notExpressible: string[];
  readonly failed: string[];
}

/** Sorts a report's cases into passes, cases not expressible through the SDK, and failures. */
export function classifyReport(report: RunnerReport): CorpusOutcome {
  const outcome: CorpusOutcome = { passed: [], notExpressible: [], failed: [] };
  for (const result of report.cases) {
    const mismatch = result.firstMismatch;
    const line = mismatch ? `${result.name} step ${mismatch.step} ${mismatch.op}: ${mismatch.diff}` : result.name;
    if (result.pass) outcome.passed.push(line);
    else if (isNotExpressibleMismatch(mismatch?.diff)) outcome.notExpressible.push(line);
    else outcome.failed.push(line);
  }
  return outcome;
}
