import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
} from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { STORAGE_FORMAT_VERSION } from './catalog.js';
import { openSqliteDatabase, SqliteBindingError } from './open-sqlite-database.js';
import { SqliteFileError } from './sqlite-file-error.js';
import {
  failureOnThePath,
  folderMissing,
  notADatabase,
  sqliteFileFailure,
  type FileAccess,
} from './sqlite-file-failure.js';

/**
 * The one folder created for a new file: the conventional `.monotable/` (where `monotable serve`
 * keeps its default file), when its parent exists. Any other missing folder is an error, so a
 * mistyped path fails instead of creating folders and an empty database.
 */
const CREATED_FOLDER = '.monotable';

/**
 * Largest file read into memory for a read-only open (bytes); the most `readFileSync` reads.
 * A larger one is opened in place, where SQLite creates its `-wal` and `-shm` files.
 */
const MAX_IMAGE_BYTES = 2 ** 31 - 1;

/** A connection, as `openSqliteDatabase` gives it. */
type Connection = ReturnType<typeof openSqliteDatabase>;

/**
 * Opens the SQLite file at `path` and hands the connection to `setUp` (pragmas, the storage
 * built on it), returning what `setUp` returns. Every failure on the way, the open's or
 * `setUp`'s, is a {@link SqliteFileError} naming the file when the file explains it (not a
 * database, damaged, permission denied, read-only, a folder missing); the connection is closed.
 *
 * `read-write` creates the file when missing (and `.monotable/` when that is the missing
 * folder). `read-only` opens an existing file without writing anything, beside it either: a
 * file in WAL mode that no connection has open (no `-wal` or `-shm` beside it) is read into
 * memory, since SQLite would create both files to read it in place; any other is opened with
 * SQLite's `readonly`. Either way its format must be the current one (migrating writes).
 *
 * A cheap probe reads the schema and the catalog's format at open, which finds a file that is
 * not a database, or is damaged in its first pages; damage deeper in is found when read.
 *
 * @example
 * const storage = openSqliteFile('app.sqlite', 'read-write', 10_000, (database) => new Store(database));
 */
export function openSqliteFile<T>(
  path: string,
  access: FileAccess,
  busyTimeoutMs: number,
  setUp: (database: Connection, path: string) => T,
): T {
  const file = resolve(path);
  let database: Connection | undefined;
  try {
    if (access === 'read-write') preparePathForWriting(file);
    else if (!existsSync(file)) throw failureOnThePath(file, access) ?? fileMissing(file);
    const image = access === 'read-only' ? memoryImageOf(file) : undefined;
    database = image
      ? openSqliteDatabase(image, { readonly: true })
      : openSqliteDatabase(file, {
          timeout: busyTimeoutMs,
          readonly: access === 'read-only',
          fileMustExist: access === 'read-only',
        });
    probe(database, file, access);
    return setUp(database, file);
  } catch (error) {
    if (database?.open) database.close();
    if (error instanceof SqliteFileError || error instanceof SqliteBindingError) throw error;
    throw sqliteFileFailure(error, file, access, true) ?? error;
  }
}

/**
 * Checks the path of a file to open for writing. Its folder must exist, except `.monotable/`,
 * made here. An existing file must be writable: SQLite would open a write-protected one
 * read-only without a word, and create `-wal` and `-shm` beside it before its first write failed.
 */
function preparePathForWriting(file: string): void {
  const folder = dirname(file);
  if (!existsSync(folder)) {
    if (basename(folder) === CREATED_FOLDER && isFolder(dirname(folder))) {
      mkdirSync(folder);
      return;
    }
    throw failureOnThePath(file, 'read-write') ?? folderMissing(file, folder);
  }
  try {
    accessSync(file, constants.W_OK);
  } catch (error) {
    // Missing is fine (SQLite creates it); anything else is explained by the path, or left to SQLite.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    const failure = failureOnThePath(file, 'read-write', error);
    if (failure) throw failure;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The bytes of a file in WAL mode to read in memory, when no connection has it open; else
 * `undefined` (open it in place). Another connection keeps `-wal` and `-shm` beside the file
 * while it has it open, and a rollback journal (`-journal`) marks a write under way: then the
 * file alone is not the database, and opening in place reads those files without creating any.
 * A file that changed while it was read (a writer opened it meanwhile) is opened in place too.
 */
function memoryImageOf(file: string): Buffer | undefined {
  if (hasCompanionFiles(file) || !inWalMode(file)) return undefined;
  const before = statSync(file);
  if (before.size > MAX_IMAGE_BYTES) return undefined;
  const image = readFileSync(file);
  const after = statSync(file);
  if (hasCompanionFiles(file) || after.mtimeMs !== before.mtimeMs || after.size !== image.length) return undefined;
  // A database in memory has no write-ahead log: marked as a rollback-journal one (header bytes
  // 18 and 19: 1 instead of WAL's 2), SQLite reads it as it is. Only the copy is changed.
  image[18] = 1;
  image[19] = 1;
  return image;
}

function hasCompanionFiles(file: string): boolean {
  return existsSync(`${file}-wal`) || existsSync(`${file}-shm`) || existsSync(`${file}-journal`);
}

/** Whether the file's header says WAL mode (its write and read versions, bytes 18 and 19, are 2). */
function inWalMode(file: string): boolean {
  const header = Buffer.alloc(100);
  const descriptor = openSync(file, 'r');
  try {
    const read = readSync(descriptor, header, 0, header.length, 0);
    return read === header.length && header[18] === 2 && header[19] === 2;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Reads the schema and, in a monotable file, the storage format: SQLite reads the file's header
 * and first pages, so a file that is not a database or is damaged there fails now, by name.
 * A read-only open needs a monotable file in the current format (it cannot migrate one).
 */
function probe(database: Connection, file: string, access: FileAccess): void {
  const hasCatalog =
    database.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'monotable_meta'").get() !==
    undefined;
  if (!hasCatalog) {
    if (access === 'read-only')
      throw notADatabase(file, 'is a SQLite database, but not a monotable one (it has no monotable_meta table)');
    return;
  }
  const text = database
    .prepare<[], string | undefined>("SELECT value FROM monotable_meta WHERE key = 'format_version'")
    .pluck()
    .get();
  const format = Number(text);
  if (format > STORAGE_FORMAT_VERSION) {
    throw new SqliteFileError('UnsupportedFormat', file, {
      problem: `has storage format version ${format}, written by a newer monotable; this version reads version ${STORAGE_FORMAT_VERSION}`,
      remedy: 'Open it with the newer version of monotable',
    });
  }
  if (access === 'read-only' && format !== STORAGE_FORMAT_VERSION) {
    throw new SqliteFileError('UnsupportedFormat', file, {
      problem: `has storage format version ${text ?? 'unknown'}, which this version of monotable migrates to version ${STORAGE_FORMAT_VERSION} when it opens the file for writing; a read-only open cannot`,
      remedy: 'Open it for writing once (monotable serve --db <file>, or createLocalClient({ path })), then read it',
    });
  }
}

function fileMissing(file: string): SqliteFileError {
  return new SqliteFileError('FileMissing', file, {
    problem: 'does not exist (nothing was created)',
    remedy: 'Check the path for a typo',
  });
}
