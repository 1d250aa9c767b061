/**
 * The access keys `serve --require-signature` accepts, as `KEY:SECRET` entries: a
 * comma-separated list (`--credentials`) or a file (`--credentials-file`) holding one entry
 * per line, where blank lines and lines starting with `#` are skipped. A secret may itself
 * contain `:` (the first one separates); neither part may be empty or hold spaces or commas.
 *
 * @example
 * parseCredentialList('AKIDALICE:alice-secret,AKIDBOB:bob-secret').get('AKIDBOB'); // 'bob-secret'
 */
export function parseCredentialList(text: string): Map<string, string> {
  // Entries are named by position, never echoed: they hold secrets.
  return parseEntries(text.split(',').map((entry, index) => ({ entry, where: `entry ${index + 1}` })));
}

/** The entries of a credentials file's text (see `parseCredentialList`); errors name the line. */
export function parseCredentialFile(text: string): Map<string, string> {
  const entries = text
    .split(/\r?\n/)
    .map((line, index) => ({ entry: line.trim(), where: `line ${index + 1}` }))
    .filter(({ entry }) => entry !== '' && !entry.startsWith('#'));
  return parseEntries(entries);
}

export class CredentialListError extends Error {
  override readonly name = 'CredentialListError';
}

function parseEntries(entries: readonly { readonly entry: string; readonly where: string }[]): Map<string, string> {
  const credentials = new Map<string, string>();
  for (const { entry: raw, where } of entries) {
    const entry = raw.trim();
    const colon = entry.indexOf(':');
    const key = colon === -1 ? '' : entry.slice(0, colon);
    const secret = colon === -1 ? '' : entry.slice(colon + 1);
    if (key === '' || secret === '' || /[\s,]/.test(entry)) {
      throw new CredentialListError(`${where}: expected KEY:SECRET`);
    }
    if (credentials.has(key) && credentials.get(key) !== secret) {
      throw new CredentialListError(`access key ${key} is given two different secrets`);
    }
    credentials.set(key, secret);
  }
  if (credentials.size === 0) throw new CredentialListError('no KEY:SECRET entry given');
  return credentials;
}
