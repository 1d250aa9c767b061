import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError } from '../commander.js';
import type { CloudOptions, DurationMs } from '../../engine/cloud/cloud-options.js';
import { CloudOptionsError } from '../../engine/cloud/cloud-options-error.js';
import { resolveCloudOptions } from '../../engine/cloud/resolve-cloud-options.js';
import type { FaultReport } from '../../engine/cloud/faults/injected-faults.js';

/** The flags of `monotable serve` that set the cloud behaviour: a file, and shorthands that win over it. */
export interface CloudFlags {
  readonly cloud?: string;
  readonly cloudSeed?: number;
  readonly cloudProfile?: 'realistic';
  readonly replicationLagMs?: DurationMs;
  readonly indexLagMs?: DurationMs;
  readonly transactionInFlightMs?: DurationMs;
}

/** A problem with the cloud flags, in words for the command line (which file, which line, which option). */
export class CloudFlagsError extends Error {}

/**
 * The cloud options the flags give: the `--cloud` file's (JSON, the same options as
 * `new Engine({ cloud })`), with the shorthands set over it; `undefined` when none is given.
 * Checked here, so a wrong option stops the server before it listens.
 */
export function cloudOptionsOf(flags: CloudFlags): CloudOptions | undefined {
  const fromFile = flags.cloud === undefined ? undefined : readCloudFile(flags.cloud);
  const shorthands =
    flags.cloudSeed !== undefined ||
    flags.cloudProfile !== undefined ||
    flags.replicationLagMs !== undefined ||
    flags.indexLagMs !== undefined ||
    flags.transactionInFlightMs !== undefined;
  if (fromFile === undefined && !shorthands) return undefined;
  const base = (fromFile ?? {}) as Record<string, unknown>;
  const consistency = { ...(base.consistency as object | undefined) } as Record<string, unknown>;
  if (flags.replicationLagMs !== undefined) consistency.replicationLagMs = flags.replicationLagMs;
  if (flags.indexLagMs !== undefined) consistency.indexLagMs = flags.indexLagMs;
  const options: Record<string, unknown> = { ...base };
  if (Object.keys(consistency).length > 0) options.consistency = consistency;
  if (flags.cloudSeed !== undefined) options.seed = flags.cloudSeed;
  if (flags.cloudProfile !== undefined) options.profile = flags.cloudProfile;
  if (flags.transactionInFlightMs !== undefined) {
    options.transactions = { ...(base.transactions as object | undefined), inFlightMs: flags.transactionInFlightMs };
  }
  try {
    resolveCloudOptions(options);
  } catch (error) {
    if (error instanceof CloudOptionsError) {
      throw new CloudFlagsError(flags.cloud === undefined ? error.message : `${flags.cloud}: ${error.message}`);
    }
    throw error;
  }
  return options as CloudOptions;
}

/** The `--cloud` file parsed; a file that does not parse says at which line and column. */
function readCloudFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    throw new CloudFlagsError(`cannot read --cloud ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CloudFlagsError(`${file} is not valid JSON: ${whereJsonFailed(text, (error as Error).message)}`);
  }
}

/** `JSON.parse`'s complaint with the line and column of the position it names (Node 20 names only the position). */
export function whereJsonFailed(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message);
  const detail = message.replace(/ in JSON at position \d+.*$/, '').replace(/ \(line \d+ column \d+\)$/, '');
  if (position === null)
    return text.trim() === '' ? 'the file is empty (line 1)' : `${detail} (at the end, line ${lineCount(text)})`;
  const at = Number(position[1]);
  const before = text.slice(0, at);
  const line = lineCount(before);
  const column = at - before.lastIndexOf('\n');
  return `${detail} at line ${line}, column ${column}`;
}

function lineCount(text: string): number {
  return text.split('\n').length;
}

/** A duration flag: `100` (ms) or `50-200` (a range drawn from the seed). */
export function parseDurationFlag(value: string): DurationMs {
  const range = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (range) return [Number(range[1]), Number(range[2])];
  const ms = Number(value);
  if (value.trim() === '' || !Number.isFinite(ms) || ms < 0) {
    throw new InvalidArgumentError('not a number of ms, or a range MIN-MAX');
  }
  return ms;
}

export function parseSeedFlag(value: string): number {
  const seed = Number(value);
  if (value.trim() === '' || !Number.isFinite(seed)) throw new InvalidArgumentError('not a number');
  return seed;
}

export function parseProfileFlag(value: string): 'realistic' {
  if (value !== 'realistic') throw new InvalidArgumentError('the only profile is "realistic"');
  return value;
}

/** One line per injected fault rule: what it matched and failed, for the log when the server stops. */
export function faultReportLines(report: readonly FaultReport[]): string[] {
  return report.map(({ rule, matched, injected }, index) => {
    const where = [rule.table, rule.index].filter((part) => part !== undefined).join('/');
    return `monotable: fault ${index + 1} (${rule.operation}${where ? ` on ${where}` : ''}, ${rule.error}): matched ${matched}, injected ${injected}`;
  });
}
