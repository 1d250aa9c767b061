import { adrSqliteSource } from './adr-sqlite-source.js';
import type { ItemSource } from './item-source.js';
import { parseLocation, type Location } from './location.js';
import { assertWritable, openClient, type OpenClientOptions, type OpenedClient } from './open-client.js';
import { scanSource } from './scan-source.js';

/** A location given as text (`sqlite:app.db`), parsed, or as a client the caller already opened (and closes). */
export type LocationInput = string | Location | OpenedClient;

export interface OpenSourceOptions {
  /** Parallel Scan segments when reading an engine; default 4. */
  readonly segments?: number;
}

/**
 * Opens a table for reading: a parallel Scan of an engine (`sqlite:`, endpoint, `aws`) or the
 * rows of an ADR-shaped SQLite table (`adr-sqlite:`; the table is `?table=` or else `tableName`).
 *
 * @example
 * const source = await openSource('adr-sqlite:blue.db', 'blue_dialogue');
 */
export async function openSource(
  input: LocationInput,
  tableName: string,
  options: OpenSourceOptions = {},
): Promise<ItemSource> {
  if (isOpenedClient(input)) return scanSource({ ...input, close: async () => {} }, tableName, options);
  const location = typeof input === 'string' ? parseLocation(input) : input;
  if (location.kind === 'adr-sqlite') return adrSqliteSource(location.path, location.table ?? tableName);
  // Reading never creates a file, nor writes one: a missing `sqlite:` file is an error naming it,
  // and an existing one is opened read-only (nothing written beside it either).
  return scanSource(await openClient(location, { mustExist: true, readOnly: true }), tableName, options);
}

/**
 * Opens a write target; a client passed in stays the caller's to close. `adr-sqlite:` is
 * refused (source only); with `mustExist`, so is a `sqlite:` file that does not exist.
 */
export async function openTarget(input: LocationInput, options: OpenClientOptions = {}): Promise<OpenedClient> {
  if (isOpenedClient(input)) return { ...input, close: async () => {} };
  return openClient(typeof input === 'string' ? parseLocation(input) : input, options);
}

/** Throws for a target that cannot be written to, before anything is opened. */
export function checkTarget(input: LocationInput): void {
  if (!isOpenedClient(input)) assertWritable(typeof input === 'string' ? parseLocation(input) : input);
}

function isOpenedClient(input: LocationInput): input is OpenedClient {
  return typeof input === 'object' && 'client' in input;
}
