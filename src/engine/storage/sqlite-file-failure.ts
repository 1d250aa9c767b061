import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { basename, dirname, parse, sep } from 'node:path';
import { SqliteFileError } from './sqlite-file-error.js';

/** How the file is opened: to read and write it (the engine's usual open), or to read it only. */
export type FileAccess = 'read-write' | 'read-only';

const DAMAGED_REMEDY =
  'Restore it from a backup, or save what is readable into a new file with the sqlite3 shell (`sqlite3 <file> .recover | sqlite3 <new file>`); move it away to start afresh';

/**
 * The {@link SqliteFileError} that explains why SQLite (or its driver) failed on the file at
 * `path`, or `undefined` when the failure is not the file's (a bug, a busy lock at run time).
 * SQLite's code says a file is not a database or is damaged; for the codes that only say
 * "cannot open", "read-only" or "I/O error", the file system is asked (only now, after the
 * failure) which part of the path is missing, closed or read-only for this user.
 *
 * @example
 * catch (error) { throw sqliteFileFailure(error, path, 'read-write', true) ?? error; }
 */
export function sqliteFileFailure(
  error: unknown,
  path: string,
  access: FileAccess,
  /** Whether the failure came while opening the file (`CannotOpen` is then a fallback). */
  opening: boolean,
): SqliteFileError | undefined {
  const code = sqliteCodeOf(error);
  // After the open, only SQLite's own failures can be the file's: anything else is a bug.
  if (code === undefined && !opening) return undefined;
  if (code === 'SQLITE_NOTADB')
    return notADatabase(path, `is not a SQLite database (SQLite: ${messageOf(error)})`, error);
  if (code?.startsWith('SQLITE_CORRUPT')) {
    return new SqliteFileError('Damaged', path, {
      problem: `is damaged (SQLite: ${messageOf(error)})`,
      remedy: DAMAGED_REMEDY,
      cause: error,
    });
  }
  // A busy file, a full disk, a constraint: SQLite's message says it, and nothing on the path would.
  const fileRelated =
    code === undefined ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_IOERR') ||
    code === 'SQLITE_PERM' ||
    code === 'SQLITE_AUTH';
  if (!fileRelated) return undefined;
  const found = failureOnThePath(path, access, error);
  if (found) return found;
  if (code?.startsWith('SQLITE_READONLY')) {
    return new SqliteFileError('ReadOnly', path, {
      problem: `cannot be written (SQLite: ${messageOf(error)})`,
      remedy: 'Check that the file, its folder and the file system holding them are writable by this user',
      cause: error,
    });
  }
  if (!opening || code === undefined) return undefined;
  return new SqliteFileError('CannotOpen', path, {
    problem: `cannot be opened (SQLite: ${messageOf(error)})`,
    remedy: 'Check the path, and that no other program holds the file locked',
    cause: error,
  });
}

/** A file that is not a SQLite database, or (read-only) not a monotable one; `problem` says which. */
export function notADatabase(path: string, problem: string, cause?: unknown): SqliteFileError {
  return new SqliteFileError('NotADatabase', path, {
    problem,
    remedy:
      'Check the path: it should name a file monotable created, or one that does not exist yet (a new database is created there)',
    cause,
  });
}

/** The folder of a new file does not exist; nothing was created. */
export function folderMissing(path: string, folder: string, cause?: unknown): SqliteFileError {
  return new SqliteFileError('FolderMissing', path, {
    problem: `cannot be created: its folder ${folder} does not exist (nothing was created)`,
    remedy: `Check the path for a typo, or create the folder first (mkdir -p ${quoteForShell(folder)})`,
    folder,
    cause,
  });
}

/**
 * What the file system says is wrong on the way to the file, for this user, or `undefined`
 * when every part of the path is as the open needs it.
 */
export function failureOnThePath(path: string, access: FileAccess, cause?: unknown): SqliteFileError | undefined {
  const folder = dirname(path);
  const missingOrFile = missingOrFileOnThePath(folder);
  if (missingOrFile?.kind === 'missing') return folderMissing(path, folder, cause);
  if (missingOrFile?.kind === 'file') {
    return new SqliteFileError('NotAFolder', path, {
      problem: `cannot be opened: ${missingOrFile.path} is a file, not a folder`,
      remedy: 'Check the path for a typo',
      folder: missingOrFile.path,
      cause,
    });
  }
  const closed = firstClosedFolder(folder);
  if (closed !== undefined) {
    return new SqliteFileError('PermissionDenied', path, {
      problem: `cannot be opened: permission denied on the folder ${closed} (this user may not enter it)`,
      remedy: `Run as a user who may, or give this one access (chmod or chown ${quoteForShell(closed)})`,
      folder: closed,
      cause,
    });
  }
  if (!existsSync(path)) {
    if (access === 'read-only') {
      return new SqliteFileError('FileMissing', path, {
        problem: 'does not exist (nothing was created)',
        remedy: 'Check the path for a typo',
        cause,
      });
    }
    const readOnlyFolder = notWritable(folder);
    if (readOnlyFolder !== undefined)
      return readOnlyFolderFailure(path, folder, readOnlyFolder, 'create the file', cause);
    return undefined;
  }
  if (statSync(path).isDirectory()) {
    return new SqliteFileError('CannotOpen', path, {
      problem: 'is a folder, not a file',
      remedy: 'Name a file in it instead (for example app.sqlite)',
      cause,
    });
  }
  if (!allowed(path, constants.R_OK)) {
    return new SqliteFileError('PermissionDenied', path, {
      problem: 'cannot be opened: permission denied on the file (this user may not read it)',
      remedy: `Run as its owner, or give this user access (chmod u+rw or chown ${quoteForShell(path)})`,
      cause,
    });
  }
  if (access === 'read-only') return undefined;
  const readOnlyFile = notWritable(path);
  if (readOnlyFile === 'file-system') return readOnlyFileSystemFailure(path, cause);
  if (readOnlyFile === 'permissions') {
    return new SqliteFileError('ReadOnly', path, {
      problem: 'is read-only (this user may not write it), and opening it for writing needs to',
      remedy: `Make it writable (chmod u+w ${quoteForShell(path)}); to read it only, open it read-only (monotable export and copy read their source so; new Engine({ path, readOnly: true }) in code)`,
      cause,
    });
  }
  // SQLite keeps its write-ahead log beside the file: <file>-wal and <file>-shm.
  if (!existsSync(`${path}-wal`)) {
    const readOnlyFolder = notWritable(folder);
    if (readOnlyFolder !== undefined)
      return readOnlyFolderFailure(
        path,
        folder,
        readOnlyFolder,
        `create ${basename(path)}-wal and -shm beside it`,
        cause,
      );
  }
  return undefined;
}

function readOnlyFolderFailure(
  path: string,
  folder: string,
  why: 'permissions' | 'file-system',
  need: string,
  cause: unknown,
): SqliteFileError {
  if (why === 'file-system') return readOnlyFileSystemFailure(path, cause);
  return new SqliteFileError('ReadOnly', path, {
    problem: `cannot be opened for writing: its folder ${folder} is read-only for this user, and SQLite needs to ${need}`,
    remedy: `Make the folder writable (chmod u+w ${quoteForShell(folder)}), or move the file to a writable folder; to read it only, open it read-only (monotable export and copy read their source so; new Engine({ path, readOnly: true }) in code)`,
    folder,
    cause,
  });
}

function readOnlyFileSystemFailure(path: string, cause: unknown): SqliteFileError {
  return new SqliteFileError('ReadOnly', path, {
    problem: 'cannot be opened for writing: the file system holding it is mounted read-only',
    remedy:
      'Copy the file to a writable place, or open it read-only (monotable export and copy read their source so; new Engine({ path, readOnly: true }) in code)',
    cause,
  });
}

/** The deepest part of `folder` that is missing (its parent exists) or is a file, if any. */
function missingOrFileOnThePath(folder: string): { kind: 'missing' | 'file'; path: string } | undefined {
  try {
    if (statSync(folder).isDirectory()) return undefined;
    return { kind: 'file', path: folder };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing', path: folder };
    if (code === 'ENOTDIR') {
      // A part above is a file: find which.
      for (const part of ancestorsOf(folder)) {
        try {
          if (!statSync(part).isDirectory()) return { kind: 'file', path: part };
        } catch {
          // Not there either (or closed): look further up.
        }
      }
    }
    return undefined;
  }
}

/** The first folder from the root down that this user may not enter (search permission), if any. */
function firstClosedFolder(folder: string): string | undefined {
  if (allowed(folder, constants.X_OK)) return undefined;
  for (const part of [...ancestorsOf(folder)].reverse()) if (!allowed(part, constants.X_OK)) return part;
  return folder;
}

/** The folders above `folder`, nearest first, ending at the root. */
function* ancestorsOf(folder: string): Generator<string> {
  const root = parse(folder).root;
  let current = folder;
  while (current !== root && current.includes(sep)) {
    current = dirname(current);
    yield current;
  }
}

/** Why `path` cannot be written by this user, or `undefined` when it can. */
function notWritable(path: string): 'permissions' | 'file-system' | undefined {
  try {
    accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EROFS' ? 'file-system' : 'permissions';
  }
}

function allowed(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** better-sqlite3's error code (`SQLITE_CORRUPT`, `SQLITE_CANTOPEN`, …), read from the error's shape. */
function sqliteCodeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A path as a shell argument in a remedy: quoted when it holds anything but safe characters. */
function quoteForShell(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/** Whether SQLite refused a write because the connection is read-only (not because the file became so). */
export function isReadOnlyRefusal(error: unknown): boolean {
  return sqliteCodeOf(error) === 'SQLITE_READONLY';
}
