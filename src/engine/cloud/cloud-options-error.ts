/**
 * Cloud options that cannot be used: an unknown option, a negative or inverted range, a
 * fault rule naming an unknown operation or error. The message starts with the option's
 * path (`cloud.consistency.indexLagMs: …`).
 *
 * @example
 * try { new Engine({ cloud: { consistency: { indexLagMs: [5, 1] } } }); } catch (error) { console.log(error.message); }
 */
export class CloudOptionsError extends Error {
  constructor(
    /** The option's path, e.g. `cloud.faults[0].error`. */
    readonly option: string,
    detail: string,
  ) {
    super(`${option}: ${detail}`);
    this.name = 'CloudOptionsError';
  }
}

/** Refuses members of `value` outside `known`, naming the first one found. */
export function refuseUnknownMembers(value: object, known: readonly string[], path: string): void {
  for (const name of Object.keys(value)) {
    if (!known.includes(name)) {
      throw new CloudOptionsError(`${path}.${name}`, `is not an option (known: ${known.join(', ')})`);
    }
  }
}

/** Refuses anything but a plain object (not null, not an array). */
export function requireObject(value: unknown, path: string): asserts value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CloudOptionsError(path, `must be an object, not ${describe(value)}`);
  }
}

/** A value as a message shows it: short JSON. */
export function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
