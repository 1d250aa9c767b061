import type * as Database from './sqlite-driver.js';
import { openTemplateCopy, privateDatabaseTemplate } from './private-database-template.js';

/**
 * Private in-memory databases are reused: when an engine closes, its database is rolled
 * back to the template and kept, with the statements it prepared, for the next engine
 * to open one. A fresh engine per test then starts with its statements prepared.
 *
 * Contract: a database handed out again holds exactly what a new copy of the template
 * holds. It is kept only when all of these hold, and closed otherwise:
 * - everything its engine wrote is still in the held transaction (never committed:
 *   held-transaction.ts), so one ROLLBACK undoes all of it;
 * - no DDL ran (`PRAGMA schema_version` is the template's): the engine's tables were in
 *   table slots (private-table-slots.ts), so every statement it prepared is still valid
 *   for the next engine, whose tables take the same slots;
 * - no statement is mid-run, and after the ROLLBACK every table of the template holds
 *   what the template holds (row counts and the meta rows: `Template.contentQuery`);
 * - the database grew by at most {@link GROWTH_LIMIT_PAGES} pages: an in-memory database
 *   keeps the memory it grew into after a ROLLBACK, which a kept one would hold on to;
 * - fewer than {@link POOL_LIMIT} databases are kept already.
 *
 * Its `prepare` hands each SQL text's kept statement out once per engine (with the plain
 * row mode), and prepares any further one for that text anew: a statement is never shared
 * by two holders at once.
 */
export const POOL_LIMIT = 4;

/** Pages (4 KiB each) a database may have grown by and still be kept: 1 MiB. */
export const GROWTH_LIMIT_PAGES = 256;

/** Kept statements beyond which a database is closed rather than kept. */
const STATEMENT_LIMIT = 512;

const pool: PooledDatabase[] = [];

type Statement = Database.Statement<unknown[], unknown>;

/** A private database and the statements it keeps for the next engine that opens it. */
export class PooledDatabase {
  private readonly kept = new Map<string, Statement>();
  /** SQL texts whose kept statement the current engine holds. */
  private readonly handedOut = new Set<string>();
  private readonly prepareFresh: (sql: string) => Statement;
  private schemaVersion: Statement | undefined;
  private rollback: Statement | undefined;
  private pageCount: Statement | undefined;
  private content: Statement | undefined;

  constructor(readonly database: Database.Database) {
    this.prepareFresh = database.prepare.bind(database) as (sql: string) => Statement;
    database.prepare = ((sql: string) => this.prepare(sql)) as Database.Database['prepare'];
  }

  private prepare(sql: string): Statement {
    if (this.handedOut.has(sql)) return this.prepareFresh(sql);
    let statement = this.kept.get(sql);
    if (statement === undefined || statement.busy) {
      statement = this.prepareFresh(sql);
      this.kept.set(sql, statement);
    } else if (statement.reader) {
      // The modes a holder set are the statement's own: the next holder starts from plain rows.
      statement.raw(false).pluck(false).expand(false);
    }
    this.handedOut.add(sql);
    return statement;
  }

  /** Whether no DDL has run on the database since it was the template. */
  hasTemplateSchema(): boolean {
    this.schemaVersion ??= this.prepareFresh('PRAGMA schema_version').pluck();
    return this.schemaVersion.get() === privateDatabaseTemplate().schemaVersion;
  }

  /** Rolls the database back to the template's content; whether it may be handed out again. */
  resetToTemplate(): boolean {
    const template = privateDatabaseTemplate();
    if (this.kept.size > STATEMENT_LIMIT) return false;
    for (const statement of this.kept.values()) if (statement.busy) return false;
    if (!this.hasTemplateSchema()) return false;
    this.pageCount ??= this.prepareFresh('PRAGMA page_count').pluck();
    if ((this.pageCount.get() as number) > template.pageCount + GROWTH_LIMIT_PAGES) return false;
    if (this.database.inTransaction) {
      this.rollback ??= this.prepareFresh('ROLLBACK');
      this.rollback.run();
    }
    if (this.database.inTransaction) return false;
    this.content ??= this.prepareFresh(template.contentQuery).pluck();
    if (this.content.get() !== template.content) return false;
    this.handedOut.clear();
    return true;
  }
}

/** A private in-memory database holding what the template holds: a kept one, or a new copy. */
export function openPooledDatabase(): PooledDatabase {
  return pool.pop() ?? new PooledDatabase(openTemplateCopy());
}

/** Closes the databases kept for the next engines; how many. */
export function closeIdlePooledDatabases(): number {
  const idle = pool.splice(0);
  for (const pooled of idle) pooled.database.close();
  return idle.length;
}

/**
 * Gives the database back when its engine closes. `everythingUncommitted`: the engine
 * never committed (its held transaction holds all it wrote); otherwise it is closed.
 */
export function releasePooledDatabase(pooled: PooledDatabase, everythingUncommitted: boolean): void {
  let kept = false;
  try {
    kept = everythingUncommitted && pool.length < POOL_LIMIT && pooled.resetToTemplate();
  } catch {
    kept = false;
  }
  if (kept) pool.push(pooled);
  else pooled.database.close();
}
