import * as crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { DynamoDBError } from '../../errors.js';

/** How long DynamoDB remembers a `ClientRequestToken`. */
export const tokenLifetimeMs = 10 * 60 * 1000;

/** The engine's own table in the SQLite file; the name cannot clash with a DynamoDB table's. */
const tokenTable = 'monotable_client_request_tokens';

/**
 * JSON with object keys sorted, so that the same request always hashes the same. Built by
 * concatenation: every TransactWriteItems from an SDK carries a token, so this runs on each.
 */
function stableJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let json = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) json += ',';
      // As `Array.prototype.join` writes an element that has no JSON form: nothing.
      json += stableJson(value[index]) ?? '';
    }
    return `${json}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length > 1) keys.sort();
    let json = '{';
    for (const key of keys) {
      const member = record[key];
      if (member === undefined) continue;
      if (json.length > 1) json += ',';
      json += `${quotedKey(key)}:${stableJson(member)}`;
    }
    return `${json}}`;
  }
  return JSON.stringify(value);
}

/** Object keys as JSON strings; the same few (`Put`, `Item`, `S`, attribute names) come back on every request. */
const quotedKeys = new Map<string, string>();
const maximumQuotedKeys = 1000;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < maximumQuotedKeys) quotedKeys.set(key, quoted);
  }
  return quoted;
}

// One-shot hashing (Node 20.12 on) skips building a Hash object, a few µs on every SDK transaction.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, outputEncoding: 'hex') => string }).hash;

/** The hash a token is remembered with: the actions only (ReturnConsumedCapacity may change on a retry). */
export function requestHash(transactItems: unknown): string {
  const json = stableJson(transactItems);
  return oneShotHash ? oneShotHash('sha256', json, 'hex') : crypto.createHash('sha256').update(json).digest('hex');
}

/** How often (by the engine's clock) expired tokens are deleted; they are ignored before that. */
const purgeIntervalMs = 60 * 1000;

interface TokenStatements {
  /** Run until a write transaction that used the table completed (see {@link tokenTableKept}). */
  readonly create: Database.Statement<[]>;
  readonly find: Database.Statement<[string, number], { request_hash: string }>;
  readonly remember: Database.Statement<[string, string, number]>;
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
      remember: database.prepare(`INSERT OR REPLACE INTO ${tokenTable} (token, request_hash, created_at) VALUES (?, ?, ?)`),
      purge: database.prepare(`DELETE FROM ${tokenTable} WHERE created_at <= ?`),
      lastPurge: undefined,
    };
    statementsByDatabase.set(database, statements);
  }
  return statements;
}

/** A statement failed because the token table is gone (see {@link ClientRequestTokens.onTable}). */
function isMissingTable(error: unknown): boolean {
  return error instanceof Error && error.message === `no such table: ${tokenTable}`;
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
    database: Database.Database,
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
      if (!isMissingTable(error)) throw error;
      this.statements.tableKept = false;
      this.statements.create.run();
      return run();
    }
  }

  /**
   * `true` when this token already ran this very request within 10 minutes (answer as a
   * replay); throws `IdempotentParameterMismatchException` when it ran another request.
   */
  isReplay(token: string, hash: string): boolean {
    const row = this.onTable(() => this.statements.find.get(token, this.now - tokenLifetimeMs));
    if (!row) return false;
    if (row.request_hash !== hash) throw new DynamoDBError('IdempotentParameterMismatchException', '');
    return true;
  }

  remember(token: string, hash: string): void {
    this.onTable(() => this.statements.remember.run(token, hash, this.now));
  }
}
