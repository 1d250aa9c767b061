import { packageRequire } from '../../shared/package-require.js';
import type BetterSqlite3Module from 'better-sqlite3';
import type * as Database from './sqlite-driver.js';

// Start-up trick (docs/performance.md, "Starting the command line", bench section h):
// better-sqlite3 is CommonJS. Imported from an ES module, Node 20 lexes each of its files for
// their export names and loads them through the ES module loader; required, they load as plain
// CommonJS, for less than half the cost. It is the same module instance an import gives.
const BetterSqlite3 = packageRequire('better-sqlite3') as typeof BetterSqlite3Module;

/**
 * The SQLite driver's error class (the one its statements throw), for `instanceof` checks.
 *
 * @example
 * if (error instanceof SqliteError && error.code === 'SQLITE_BUSY') retry();
 */
export const SqliteError: Database.SqliteErrorClass = BetterSqlite3.SqliteError;

/**
 * The SQLite driver's native binding (`better_sqlite3.node`) could not be loaded: its install
 * script never ran (npm 11 skips dependency install scripts that are not allowed), or it was
 * built for another Node version or platform. The message names the Node that tried to load it
 * and the fix; `cause` is the loader's own error.
 */
export class SqliteBindingError extends Error {
  override readonly name = 'SqliteBindingError';

  constructor(cause: Error) {
    super(
      `monotable's SQLite engine needs better-sqlite3's native binding, which could not be loaded ` +
        `by Node ${process.version} (${process.platform}-${process.arch}, NODE_MODULE_VERSION ${process.versions.modules}): ` +
        `${oneLine(cause.message)}\n` +
        `Fix: let better-sqlite3's install script run and build it for this Node — with npm 11, ` +
        `\`npm install-scripts approve better-sqlite3\` (or "allowScripts": { "better-sqlite3": true } in package.json), ` +
        `then \`npm rebuild better-sqlite3\`. After switching Node versions, run \`npm rebuild better-sqlite3\` with the new Node. ` +
        `Without network access to prebuilt binaries it builds from source (\`npm rebuild better-sqlite3 --build-from-source\`, ` +
        `needs Python, make and a C++ compiler; set npm_config_nodedir to build for another Node).`,
      { cause },
    );
  }
}

/**
 * Opens a SQLite database with the driver (a file, `':memory:'`, or a serialized database to copy
 * into memory), turning a binding that cannot load into
 * {@link SqliteBindingError}; every other error (a missing file, a locked one) is rethrown as is.
 *
 * @example
 * const database = openSqliteDatabase(':memory:');
 */
export function openSqliteDatabase(filename: string | Buffer, options?: Database.Options): Database.Database {
  try {
    // Assigned to the storage's own declaration of the driver's API: the compiler checks they agree.
    const database: Database.Database = new BetterSqlite3(filename, options);
    return database;
  } catch (error) {
    if (isBindingLoadFailure(error)) throw new SqliteBindingError(error);
    throw error;
  }
}

/**
 * Told by the error's shape, never its message: Node's `ERR_DLOPEN_FAILED` (not a loadable
 * addon, or built for another Node's NODE_MODULE_VERSION), the `bindings` package's error
 * listing the paths it tried (`tries`), or `MODULE_NOT_FOUND` for a `nativeBinding` path that
 * does not exist (the constructor requires nothing else).
 */
function isBindingLoadFailure(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code, tries } = error as { code?: unknown; tries?: unknown };
  return code === 'ERR_DLOPEN_FAILED' || code === 'MODULE_NOT_FOUND' || Array.isArray(tries);
}

/** The loader's message on one line (Node's dlopen message spreads over four). */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
