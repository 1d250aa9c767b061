import type * as Database from './sqlite-driver.js';
import { SqliteError } from './open-sqlite-database.js';

/** How long DynamoDB remembers a `ClientRequestToken`. */
export const tokenLifetimeMs = 10 * 60 * 1000;

/** The engine's own table in the SQLite file; the name cannot clash with a DynamoDB table's. */
const tokenTable = 'monotable_client_request_tokens';

/** How often (by the engine's clock) expired tokens are deleted; they are ignored before that. */
const purgeIntervalMs = 60 * 1000;

interface TokenStatements {
  /** Run until a write transaction that used the table completed (see {@link tokenTableKept}). */
  readonly create: Database.Statement<[]>;
  readonly find: Database.Statement<[string, number], { request_hash: string }>;
  /** Writes the token's row unless a live one holds it; yields a row only when it wrote. */
  readonly claim: Database.Statement<[string, string, number, number], number>;
  readonly purge: Database.Statement<[number]>;
  /** Engine time of the last purge, `undefined` before the first. */
  lastPurge: number | undefined;
  /**
   * The table exists for good: a write transaction that used it completed (its creation
   * cannot be rolled back any more). Until then each use creates it if missing, as the
   * creation may have been rolled back with a cancelled transaction; running that
   * statement costs a few µs, on every transaction otherwise.
   */
  tableKept: boolean;
}

/** The token table's statements, prepared on first use (a transaction is a hot path). */
function statementsOf(database: Database.Database): TokenStatements {
  {
    const create = database.prepare<[]>(
      `CREATE TABLE IF NOT EXISTS ${tokenTable} (token TEXT PRIMARY KEY, request_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`,
    );
    create.run();
    return {
      tableKept: false,
      create,
      find: database.prepare(`SELECT request_hash FROM ${tokenTable} WHERE token = ? AND created_at > ?`),
      // An expired row (older than the lifetime, not purged yet) is replaced as a new token.
      claim: database
        .prepare<[string, string, number, number], number>(
          `INSERT INTO ${tokenTable} (token, request_hash, created_at) VALUES (?, ?, ?)
           ON CONFLICT (token) DO UPDATE SET request_hash = excluded.request_hash, created_at = excluded.created_at
           WHERE created_at <= ? RETURNING 1`,
        )
        .pluck(),
      purge: database.prepare(`DELETE FROM ${tokenTable} WHERE created_at <= ?`),
      lastPurge: undefined,
    };
  }
}

/**
 * A statement failed because the token table is gone (see {@link ClientRequestTokens.onTable}):
 * SQLite's generic `SQLITE_ERROR`, which is what a missing table gives, and the schema
 * indeed lacks the table. Looked up only once a statement has failed.
 */
function isMissingTable(database: Database.Database, error: unknown): boolean {
  if (!(error instanceof SqliteError) || error.code !== 'SQLITE_ERROR') return false;
  return (
    database.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(tokenTable) === undefined
  );
}

/**
 * Idempotency tokens of TransactWriteItems, kept in the SQLite file so that every process
 * sharing it agrees (one per storage connection). Claim inside the write transaction that
 * runs the actions. A token
 * older than {@link tokenLifetimeMs} is ignored; expired rows are deleted now and then
 * (deleting scans the table, too slow for every transaction).
 */
export class ClientRequestTokens {
  private statementsMade: TokenStatements | undefined;
  /** Whether a write transaction claimed a token since the last {@link transactionEnded} (read by storage after each). */
  claimedInTransaction = false;

  constructor(private readonly database: Database.Database) {}

  private get statements(): TokenStatements {
    return (this.statementsMade ??= statementsOf(this.database));
  }

  /**
   * After a write transaction ends: once one that claimed a token committed, the token
   * table it used (and maybe created) outlives any rollback, and later claims skip creating it.
   */
  transactionEnded(committed: boolean): void {
    this.claimedInTransaction = false;
    if (committed && this.statementsMade) this.statementsMade.tableKept = true;
  }

  /** Before a claim at engine time `now`: the table made if it may be missing, expired rows purged now and then. */
  private prepare(now: number): void {
    const statements = this.statements;
    if (!statements.tableKept) statements.create.run();
    const last = statements.lastPurge;
    // A clock moved backwards (tests inject one) also purges.
    if (last === undefined || now - last >= purgeIntervalMs || now < last) {
      this.onTable(() => statements.purge.run(now - tokenLifetimeMs));
      statements.lastPurge = now;
    }
  }

  /**
   * Runs a statement on the token table. Should the table be gone after all (a kept
   * table's whole transaction rolled back by SQLite itself, after an out-of-memory
   * error), it is created again and the statement run once more.
   */
  private onTable<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (!isMissingTable(this.database, error)) throw error;
      this.statements.tableKept = false;
      this.statements.create.run();
      return run();
    }
  }

  /**
   * Claims the token for this request inside the write transaction that runs it: `'new'`
   * when no live row held it (its row is written now; should the transaction be
   * cancelled, the rollback takes the row away with everything else), `'replay'` when
   * this very request already ran with it within 10 minutes, `'mismatch'` when another
   * request ran with it.
   *
   * One statement in the usual case (a new token), where a look-up and then an insert
   * once the actions went through cost two.
   */
  claim(token: string, hash: string, now: number): 'new' | 'replay' | 'mismatch' {
    this.prepare(now);
    this.claimedInTransaction = true;
    const liveSince = now - tokenLifetimeMs;
    const written = this.onTable(() => this.statements.claim.get(token, hash, now, liveSince));
    if (written !== undefined) return 'new';
    const row = this.onTable(() => this.statements.find.get(token, liveSince));
    if (row === undefined) throw new Error('a live ClientRequestToken row refused the claim but cannot be found');
    return row.request_hash === hash ? 'replay' : 'mismatch';
  }
}
