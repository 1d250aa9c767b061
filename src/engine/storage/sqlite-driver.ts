/**
 * The part of the SQLite driver's API the storage uses, declared here rather than imported from
 * the driver's type package (a development dependency): the package's declarations name these
 * types, and an app that compiles them with `skipLibCheck: false` has no driver types installed.
 * Same names and shapes as the driver's own, so `import type * as Database` reads as before;
 * `openSqliteDatabase` assigns the driver's database to {@link Database}, so the compiler holds
 * the two together.
 *
 * @example
 * import type * as Database from './sqlite-driver.js';
 * function count(database: Database.Database): number {
 *   return database.prepare<[], number>('SELECT count(*) FROM items').pluck().get() ?? 0;
 * }
 */

/** What a write statement reports. */
export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A column of a statement's result. */
export interface ColumnDefinition {
  name: string;
  column: string | null;
  table: string | null;
  database: string | null;
  type: string | null;
}

/** A prepared statement: `BindParameters` are its positional parameters, `Result` one row. */
export interface Statement<BindParameters extends unknown[] = unknown[], Result = unknown> {
  readonly source: string;
  readonly reader: boolean;
  readonly readonly: boolean;
  readonly busy: boolean;
  run(...params: BindParameters): RunResult;
  get(...params: BindParameters): Result | undefined;
  all(...params: BindParameters): Result[];
  iterate(...params: BindParameters): IterableIterator<Result>;
  pluck(toggleState?: boolean): this;
  expand(toggleState?: boolean): this;
  raw(toggleState?: boolean): this;
  bind(...params: BindParameters): this;
  columns(): ColumnDefinition[];
  safeIntegers(toggleState?: boolean): this;
}

/** The parameters of a transaction's function (spelled as the driver spells it, so the two agree). */
export type ArgumentsOf<F> = F extends (...params: infer A) => unknown ? A : never;

/** `database.transaction(fn)`: `fn` run inside BEGIN … COMMIT (ROLLBACK when it throws). */
export interface Transaction<F extends (...params: never[]) => unknown> {
  (...params: ArgumentsOf<F>): ReturnType<F>;
  deferred(...params: ArgumentsOf<F>): ReturnType<F>;
  immediate(...params: ArgumentsOf<F>): ReturnType<F>;
  exclusive(...params: ArgumentsOf<F>): ReturnType<F>;
}

/** An open database connection. */
export interface Database {
  readonly memory: boolean;
  readonly readonly: boolean;
  readonly name: string;
  readonly open: boolean;
  readonly inTransaction: boolean;
  // Named parameters bind one object, positional ones a tuple: the driver's own signature, `{}`
  // included (with `object`, a statement's parameters are no longer inferred from its use).
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result>;
  transaction<F extends (...params: never[]) => unknown>(fn: F): Transaction<F>;
  exec(source: string): this;
  pragma(source: string, options?: PragmaOptions): unknown;
  serialize(options?: SerializeOptions): Buffer;
  close(): this;
}

/** Options of `new Database(filename, options)`. */
export interface Options {
  readonly?: boolean | undefined;
  fileMustExist?: boolean | undefined;
  timeout?: number | undefined;
  nativeBinding?: string | undefined;
}

/** `pragma(source, { simple: true })` returns the first column of the first row. */
export interface PragmaOptions {
  simple?: boolean | undefined;
}

/** `serialize({ attached })` serializes an attached database instead of `main`. */
export interface SerializeOptions {
  attached?: string;
}

/** The error the driver's statements throw: SQLite's result code (`SQLITE_BUSY`…) in `code`. */
export interface SqliteError extends Error {
  code: string;
}

/** The driver's error class, for `instanceof` checks. */
export interface SqliteErrorClass {
  new (message: string, code: string): SqliteError;
  readonly prototype: SqliteError;
}
