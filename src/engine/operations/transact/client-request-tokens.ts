import * as crypto from 'node:crypto';
import type * as Database from '../../storage/sqlite-driver.js';
import { DynamoDBError } from '../../errors.js';
import { SqliteError } from '../../storage/open-sqlite-database.js';
import { CanonicalJsonWriter } from './canonical-json.js';

/** How long DynamoDB remembers a `ClientRequestToken`. */
export const tokenLifetimeMs = 10 * 60 * 1000;

/** The engine's own table in the SQLite file; the name cannot clash with a DynamoDB table's. */
const tokenTable = 'monotable_client_request_tokens';

// One-shot hashing (Node 20.12 on) skips building a Hash object, a few µs on every SDK transaction.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, outputEncoding: 'hex') => string }).hash;

/**
 * The hash a token is remembered with: the actions only (ReturnConsumedCapacity may change
 * on a retry), written as canonical JSON by `writer` (the engine's; by default a new one).
 */
export function requestHash(transactItems: unknown, writer: CanonicalJsonWriter = new CanonicalJsonWriter()): string {
  const json = writer.write(transactItems);
  if (json === undefined) throw new TypeError('The actions have no JSON form');
  return oneShotHash ? oneShotHash('sha256', json, 'hex') : crypto.createHash('sha256').update(json).digest('hex');
}

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

/** The token table's statements, prepared once per connection (a transaction is a hot path). */
const statementsByDatabase = new WeakMap<Database.Database, TokenStatements>();

function statementsOf(database: Database.Database): TokenStatements {
  let statements = statementsByDatabase.get(database);
  if (statements === undefined) {
    const create = database.prepare<[]>(
      `CREATE TABLE IF NOT EXISTS ${tokenTable} (token TEXT PRIMARY KEY, request_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`,
    );
    create.run();
    statements = {
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
    statementsByDatabase.set(database, statements);
  }
  return statements;
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
 * Records that a write transaction which used the tokens of `database` completed: the
 * token table now outlives any rollback, and later uses skip creating it.
 */
export function tokenTableKept(database: Database.Database): void {
  const statements = statementsByDatabase.get(database);
  if (statements) statements.tableKept = true;
}

/**
 * Idempotency tokens of TransactWriteItems, kept in the SQLite file so that every process
 * sharing it agrees. Call inside the write transaction that runs the actions. A token
 * older than {@link tokenLifetimeMs} is ignored; expired rows are deleted now and then
 * (deleting scans the table, too slow for every transaction).
 */
export class ClientRequestTokens {
  private readonly statements: TokenStatements;

  constructor(
    private readonly database: Database.Database,
    private readonly now: number,
  ) {
    this.statements = statementsOf(database);
    if (!this.statements.tableKept) this.statements.create.run();
    const last = this.statements.lastPurge;
    // A clock moved backwards (tests inject one) also purges.
    if (last === undefined || now - last >= purgeIntervalMs || now < last) {
      this.onTable(() => this.statements.purge.run(now - tokenLifetimeMs));
      this.statements.lastPurge = now;
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
   * this very request already ran with it within 10 minutes. Throws
   * `IdempotentParameterMismatchException` when another request ran with it.
   *
   * One statement in the usual case (a new token), where a look-up and then an insert
   * once the actions went through cost two.
   */
  claim(token: string, hash: string): 'new' | 'replay' {
    const liveSince = this.now - tokenLifetimeMs;
    const written = this.onTable(() => this.statements.claim.get(token, hash, this.now, liveSince));
    if (written !== undefined) return 'new';
    const row = this.onTable(() => this.statements.find.get(token, liveSince));
    if (row === undefined) throw new Error('a live ClientRequestToken row refused the claim but cannot be found');
    if (row.request_hash !== hash) throw new DynamoDBError('IdempotentParameterMismatchException', '');
    return 'replay';
  }
}
