import { InvalidLocationError } from './errors.js';

/** Where items are read from or written to. */
export type Location =
  /** A monotable SQLite file, opened in process with `createLocalClient`. */
  | { readonly kind: 'sqlite'; readonly path: string }
  /** A plain SQLite table in the ADR's shape (`pk`, `sk`, `data` JSON, `created_at`); source only. */
  | { readonly kind: 'adr-sqlite'; readonly path: string; readonly table?: string }
  /** Anything speaking DynamoDB's JSON protocol: `monotable serve`, DynamoDB Local. */
  | { readonly kind: 'endpoint'; readonly url: string }
  /** The real service; region and credentials come from the environment unless a region is given. */
  | { readonly kind: 'aws'; readonly region?: string };

/**
 * Parses a `--from` / `--to` argument.
 *
 * @example
 * parseLocation('sqlite:./app.db');                  // { kind: 'sqlite', path: './app.db' }
 * parseLocation('adr-sqlite:./blue.db?table=blue_dialogue');
 * parseLocation('http://127.0.0.1:8000');            // { kind: 'endpoint', url: … }
 * parseLocation('aws');  parseLocation('aws:eu-west-1');
 */
export function parseLocation(text: string): Location {
  if (text === 'aws') return { kind: 'aws' };
  if (text.startsWith('aws:')) {
    const region = text.slice('aws:'.length);
    if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) {
      throw new InvalidLocationError(text, `"${region}" is not an AWS region name`);
    }
    return { kind: 'aws', region };
  }
  if (text.startsWith('http://') || text.startsWith('https://')) {
    try {
      return { kind: 'endpoint', url: new URL(text).toString().replace(/\/$/, '') };
    } catch {
      throw new InvalidLocationError(text, 'not a valid URL');
    }
  }
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length);
    if (path === '') throw new InvalidLocationError(text, 'missing file path after "sqlite:"');
    return { kind: 'sqlite', path };
  }
  if (text.startsWith('adr-sqlite:')) {
    const rest = text.slice('adr-sqlite:'.length);
    const query = rest.lastIndexOf('?table=');
    const path = query === -1 ? rest : rest.slice(0, query);
    const table = query === -1 ? undefined : rest.slice(query + '?table='.length);
    if (path === '') throw new InvalidLocationError(text, 'missing file path after "adr-sqlite:"');
    if (table === '') throw new InvalidLocationError(text, 'empty table name after "?table="');
    return table === undefined ? { kind: 'adr-sqlite', path } : { kind: 'adr-sqlite', path, table };
  }
  throw new InvalidLocationError(
    text,
    'expected sqlite:<path>, adr-sqlite:<path>[?table=<name>], an http(s) endpoint URL, or aws[:<region>]',
  );
}

/** The location as the user would type it, for messages. */
export function describeLocation(location: Location): string {
  switch (location.kind) {
    case 'sqlite':
      return `sqlite:${location.path}`;
    case 'adr-sqlite':
      return `adr-sqlite:${location.path}${location.table ? `?table=${location.table}` : ''}`;
    case 'endpoint':
      return location.url;
    case 'aws':
      return location.region ? `aws:${location.region}` : 'aws';
  }
}
