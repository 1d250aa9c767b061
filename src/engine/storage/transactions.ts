import type * as Database from './sqlite-driver.js';

/*
 * Every SQLite transaction of the engine starts here: `Transactions.write` and
 * `Transactions.read` (what `Storage.writeTransaction` / `readTransaction` run), and the
 * held transaction of a private in-memory database. No other file runs BEGIN, SAVEPOINT,
 * COMMIT or ROLLBACK (the pool's rollback of a closed engine's database aside,
 * private-database-pool.ts).
 */

type Statement = Database.Statement<[]>;

/**
 * Write transactions that end between two COMMITs of the held transaction.
 *
 * The held transaction's rollback journal keeps a copy of every page first changed since
 * it began, so committing now and then bounds that memory; each commit costs one walk
 * of the page cache (see {@link HeldTransaction}), spread over this many writes. At 2048,
 * 2048 updates of random items of a 200,000-item table grew the process by about 5 MB
 * (1.5 MB at 512), and commits cost about 2 µs less per TransactWriteItems of two puts.
 */
export const defaultWritesPerCommit = 2048;

/**
 * The transactions of one storage connection. In a file, a write transaction is one
 * `BEGIN IMMEDIATE` … `COMMIT` (SQLite's write lock, so processes sharing the file
 * serialize their writes) and a read transaction one `BEGIN DEFERRED` snapshot. In a
 * private in-memory database, a write transaction is a savepoint of the held transaction
 * ({@link HeldTransaction}) and a read needs none. Nested calls join the outer transaction;
 * `work` that throws undoes everything it wrote. Statements are prepared on first use
 * (docs/performance.md, per-test isolation).
 *
 * @example
 * const transactions = new Transactions(database, { held: true, ended: () => {} });
 * transactions.write(() => insert.run(1));
 */
export class Transactions {
  private readonly statements = new Map<string, Statement>();
  /** A private in-memory database's transaction held open across writes; `undefined` for a file. */
  readonly held: HeldTransaction | undefined;
  /** Nesting of `write` calls while the held transaction is in use. */
  private heldWriteDepth = 0;
  /** Called after each outermost write transaction ends, committed or not (stream notices, token table). */
  private readonly ended: (committed: boolean) => void;

  constructor(
    private readonly database: Database.Database,
    options: { readonly held: boolean; readonly ended: (committed: boolean) => void },
  ) {
    this.held = options.held ? new HeldTransaction(database) : undefined;
    this.ended = options.ended;
  }

  /** Whether a write transaction is running (nested writes join it). */
  get inWrite(): boolean {
    return this.held ? this.heldWriteDepth > 0 : this.database.inTransaction;
  }

  /** Runs `work` all or nothing, in one write transaction (joining a running one). */
  write<T>(work: () => T): T {
    if (this.inWrite) return work();
    const held = this.held;
    if (!held) return this.outermost(() => this.run('immediate', work));
    // Inside the held transaction, `work` runs as a savepoint.
    held.open();
    this.heldWriteDepth++;
    let result: T;
    try {
      result = this.outermost(() => this.run('immediate', work));
    } finally {
      this.heldWriteDepth--;
    }
    held.wrote();
    return result;
  }

  /** Runs `work` on one consistent snapshot. */
  read<T>(work: () => T): T {
    // A private in-memory database has no other connection, and `work` runs synchronously:
    // nothing can write between its statements, so BEGIN/COMMIT would only cost time.
    if (this.database.inTransaction || this.database.memory) return work();
    return this.run('deferred', work);
  }

  /** Runs `work` once, at setup, in its own `BEGIN IMMEDIATE` transaction (a file's catalog). */
  setup<T>(work: () => T): T {
    return this.run('immediate', work);
  }

  private outermost<T>(work: () => T): T {
    let committed = false;
    try {
      const result = work();
      committed = true;
      return result;
    } finally {
      this.ended(committed);
    }
  }

  /**
   * `work` in a transaction (a savepoint inside an open one), as the SQLite driver's
   * `database.transaction(fn)` runs it, with each statement prepared on first use: the
   * driver prepares all nine of its statements the first time a database makes one.
   */
  private run<T>(mode: 'immediate' | 'deferred', work: () => T): T {
    const nested = this.database.inTransaction;
    const begin = nested ? SAVEPOINT : mode === 'immediate' ? BEGIN_IMMEDIATE : BEGIN_DEFERRED;
    const end = nested ? RELEASE : COMMIT;
    this.statement(begin).run();
    let result: T;
    try {
      result = work();
    } catch (error) {
      // As the driver does: SQLite may have rolled the transaction back already.
      if (this.database.inTransaction) {
        this.statement(nested ? ROLLBACK_TO : ROLLBACK).run();
        if (nested) this.statement(RELEASE).run();
      }
      throw error;
    }
    this.statement(end).run();
    return result;
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.database.prepare<[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

const BEGIN_IMMEDIATE = 'BEGIN IMMEDIATE';
const BEGIN_DEFERRED = 'BEGIN DEFERRED';
const COMMIT = 'COMMIT';
const ROLLBACK = 'ROLLBACK';
const SAVEPOINT = 'SAVEPOINT monotable_write';
const RELEASE = 'RELEASE monotable_write';
const ROLLBACK_TO = 'ROLLBACK TO monotable_write';

/**
 * For a private in-memory database only: one SQLite transaction kept open across
 * requests, each write transaction running as a savepoint inside it.
 *
 * Why: on an in-memory database, a COMMIT after any b-tree split walks the whole page
 * cache. SQLite renumbers the new pages of a split through a temporary page number past
 * its pending-byte page (page 262145 with 4 KiB pages); that raises the cache's largest
 * page number, and ending the transaction then truncates the cache by scanning every
 * hash slot, i.e. every page of the database (docs/performance.md). RELEASE does not
 * touch the cache.
 *
 * Nothing else can see the difference: no other connection can open a private
 * in-memory database, and this connection reads its own uncommitted rows. A savepoint
 * is all-or-nothing as a transaction is, and a failed one is rolled back alone.
 */
export class HeldTransaction {
  // Prepared on first use: an engine that never writes prepares neither.
  private begin: Statement | undefined;
  private commit: Statement | undefined;
  private writesSinceCommit = 0;
  /** Whether a COMMIT was run (or tried): until then, a ROLLBACK undoes every write (private-database-pool.ts). */
  committed = false;

  constructor(
    private readonly database: Database.Database,
    private readonly writesPerCommit: number = defaultWritesPerCommit,
  ) {}

  /** Opens the held transaction unless it is open; call before a write runs. */
  open(): void {
    if (this.database.inTransaction) return;
    this.begin ??= this.database.prepare<[]>('BEGIN');
    this.begin.run();
  }

  /** Counts a finished write; every `writesPerCommit` writes, commits the held transaction. */
  wrote(): void {
    if (++this.writesSinceCommit < this.writesPerCommit) return;
    this.commitNow();
  }

  /** Commits what the held transaction holds (the next write opens another). */
  commitNow(): void {
    this.writesSinceCommit = 0;
    if (!this.database.inTransaction) return;
    try {
      this.commit ??= this.database.prepare<[]>('COMMIT');
      this.committed = true;
      this.commit.run();
    } catch {
      // Only a statement still running can refuse a COMMIT here: the writes stay in the
      // held transaction, which the next attempt commits.
    }
  }
}
