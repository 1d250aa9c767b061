/**
 * What is wrong with a SQLite file the engine opens or uses:
 * - `NotADatabase`: the file is not a SQLite database (or, opened read-only, not a monotable one);
 * - `Damaged`: SQLite found it malformed or corrupt;
 * - `PermissionDenied`: this user may not read the file, or may not enter a folder on its path;
 * - `ReadOnly`: the file, its folder or its file system cannot be written, and the open needs to write;
 * - `FolderMissing`: the file's folder does not exist (nothing was created);
 * - `NotAFolder`: a part of the path that must be a folder is a file;
 * - `FileMissing`: a file opened only to read does not exist;
 * - `UnsupportedFormat`: the file's storage format is newer than this version reads, or older
 *   and the open is read-only (the migration writes);
 * - `CannotOpen`: anything else SQLite refused at open (the path is a folder, the file is locked…).
 */
export type SqliteFileErrorCode =
  | 'NotADatabase'
  | 'Damaged'
  | 'PermissionDenied'
  | 'ReadOnly'
  | 'FolderMissing'
  | 'NotAFolder'
  | 'FileMissing'
  | 'UnsupportedFormat'
  | 'CannotOpen';

/** The facts a {@link SqliteFileError} carries besides its code and path. */
export interface SqliteFileErrorDetails {
  /** What is wrong, in words, after the path (`is not a SQLite database`). */
  readonly problem: string;
  /** What to do about it. */
  readonly remedy: string;
  /** The folder the problem is about (a missing, read-only or closed folder), when it is one. */
  readonly folder?: string;
  /** SQLite's or the file system's own error. */
  readonly cause?: unknown;
}

/**
 * A SQLite file the engine cannot open or use, by `new Engine({ path })`, `createLocalClient({ path })`
 * and every command that opens a file. The message names the file, says what is wrong and what
 * to do; `code` tells the cases apart, `path` is the file as resolved, `folder` the folder a
 * folder problem is about, and `cause` SQLite's or the file system's own error.
 *
 * @example
 * try {
 *   new Engine({ path: 'app.sqlite' });
 * } catch (error) {
 *   if (error instanceof SqliteFileError && error.code === 'Damaged') restoreFromBackup(error.path);
 * }
 */
export class SqliteFileError extends Error {
  override readonly name = 'SqliteFileError';
  /** The folder the problem is about, when it is a folder's. */
  readonly folder: string | undefined;
  /** What is wrong, without the path and the remedy. */
  readonly problem: string;
  /** What to do about it. */
  readonly remedy: string;

  constructor(
    readonly code: SqliteFileErrorCode,
    /** The SQLite file, as resolved. */
    readonly path: string,
    details: SqliteFileErrorDetails,
  ) {
    super(`${path} ${details.problem}. ${details.remedy}`, details.cause === undefined ? {} : { cause: details.cause });
    this.folder = details.folder;
    this.problem = details.problem;
    this.remedy = details.remedy;
  }
}
