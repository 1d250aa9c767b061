import type * as Database from './sqlite-driver.js';

type Statement = Database.Statement<[]>;

/**
 * Transactions as the SQLite driver's `database.transaction(fn)` runs them — `BEGIN
 * IMMEDIATE` (or `BEGIN DEFERRED`) … `COMMIT`, or a savepoint when a transaction is already
 * open, undone when `work` throws — with each statement prepared on first use.
 * The driver prepares all nine statements of its transaction functions the first time
 * a database makes one; a private in-memory database, whose writes run as savepoints of
 * its held transaction, uses three, and a fresh engine per test pays for every prepare.
 *
 * @example
 * const transactions = new WriteTransactions(database);
 * transactions.run('immediate', () => insert.run(1));
 */
export class WriteTransactions {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly database: Database.Database) {}

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.database.prepare<[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `work` in a transaction (a savepoint inside an open one) and returns its result. */
  run<T>(mode: 'immediate' | 'deferred', work: () => T): T {
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
}

const BEGIN_IMMEDIATE = 'BEGIN IMMEDIATE';
const BEGIN_DEFERRED = 'BEGIN DEFERRED';
const COMMIT = 'COMMIT';
const ROLLBACK = 'ROLLBACK';
const SAVEPOINT = 'SAVEPOINT monotable_write';
const RELEASE = 'RELEASE monotable_write';
const ROLLBACK_TO = 'ROLLBACK TO monotable_write';
