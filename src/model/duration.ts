import { ModelDefinitionError } from './errors.js';

/**
 * Durations for TTL, written the way people say them: `'7d'`, `'12h'`, `'30m'`, `'45s'`, or an
 * object `{ days: 7 }`. Kept as declared in the model (inspectable) and converted on use.
 */
export type DurationUnit = 's' | 'm' | 'h' | 'd' | 'w';
export type DurationString = `${number}${DurationUnit}`;
export type Duration =
  | DurationString
  | {
      readonly weeks?: number;
      readonly days?: number;
      readonly hours?: number;
      readonly minutes?: number;
      readonly seconds?: number;
    };

const UNIT_SECONDS: Record<DurationUnit, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/**
 * Converts a duration to whole seconds. An invalid duration (`'7 days'`, a negative or non-finite
 * number of units) throws {@link ModelDefinitionError}, `where` naming the declaration when given.
 *
 * @example
 * durationToSeconds('7d') // 604800
 */
export function durationToSeconds(duration: Duration, where = 'duration'): number {
  const invalid = () =>
    new ModelDefinitionError(
      where,
      `invalid duration ${describeInput(duration)}: use e.g. '7d', '12h', '30m' or { days: 7 }`,
    );
  if (typeof duration === 'string') {
    const match = /^(\d+(?:\.\d+)?)([smhdw])$/.exec(duration);
    if (!match) throw invalid();
    return Math.round(Number(match[1]) * UNIT_SECONDS[match[2] as DurationUnit]);
  }
  if (typeof duration !== 'object' || duration === null) throw invalid();
  const { weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0 } = duration;
  const parts = [weeks, days, hours, minutes, seconds];
  if (parts.some((part) => typeof part !== 'number' || !Number.isFinite(part) || part < 0)) throw invalid();
  return Math.round(
    weeks * UNIT_SECONDS.w + days * UNIT_SECONDS.d + hours * UNIT_SECONDS.h + minutes * UNIT_SECONDS.m + seconds,
  );
}

function describeInput(duration: unknown): string {
  if (typeof duration === 'string') return `'${duration}'`;
  try {
    return (
      JSON.stringify(duration, (_key, value: unknown) =>
        typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
      ) ?? String(duration)
    );
  } catch {
    return String(duration);
  }
}

/** A short human form for documentation: `'7d'` stays `'7 days'`. */
export function describeDuration(duration: Duration): string {
  const seconds = durationToSeconds(duration);
  for (const [unit, size] of [
    ['day', UNIT_SECONDS.d],
    ['hour', UNIT_SECONDS.h],
    ['minute', UNIT_SECONDS.m],
  ] as const) {
    if (seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}
