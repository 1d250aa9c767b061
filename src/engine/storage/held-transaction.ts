import type * as Database from './sqlite-driver.js';

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
 * For a private in-memory database only: one SQLite transaction kept open across
 * requests, each write transaction running as a savepoint inside it (write-transactions.ts
 * runs SAVEPOINT/RELEASE, and ROLLBACK TO on failure, when a transaction is open).
 *
 * Why: on an in-memory database, a COMMIT after any b-tree split walks the whole page
 * cache. SQLite renumbers the new pages of a split through a temporary page number past
 * its pending-byte page (page 262145 with 4 KiB pages); that raises the cache's largest
 * page number, and ending the transaction then truncates the cache by scanning every
 * hash slot, i.e. every page of the database. With ~300k items that was 100–250 µs per
 * COMMIT, about as much as a 25-item batch's inserts. RELEASE does not touch the cache.
 *
 * Nothing else can see the difference: no other connection can open a private
 * in-memory database, and this connection reads its own uncommitted rows. A savepoint
 * is all-or-nothing as a transaction is, and a failed one is rolled back alone.
 */
export class HeldTransaction {
  // Prepared on first use: an engine that never writes prepares neither.
  private begin: Database.Statement<[]> | undefined;
  private commit: Database.Statement<[]> | undefined;
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
