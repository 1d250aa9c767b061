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
  /** Run on every use: the creation may have been rolled back with a cancelled transaction. */
  readonly create: Database.Statement<[]>;
  readonly find: Database.Statement<[string, number], { request_hash: string }>;
  readonly remember: Database.Statement<[string, string, number]>;
  readonly purge: Database.Statement<[number]>;
  /** Engine time of the last purge, `undefined` before the first. */
  lastPurge: number | undefined;
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
    this.statements.create.run();
    const last = this.statements.lastPurge;
    // A clock moved backwards (tests inject one) also purges.
    if (last === undefined || now - last >= purgeIntervalMs || now < last) {
      this.statements.purge.run(now - tokenLifetimeMs);
      this.statements.lastPurge = now;
    }
  }

  /**
   * `true` when this token already ran this very request within 10 minutes (answer as a
   * replay); throws `IdempotentParameterMismatchException` when it ran another request.
   */
  isReplay(token: string, hash: string): boolean {
    const row = this.statements.find.get(token, this.now - tokenLifetimeMs);
    if (!row) return false;
    if (row.request_hash !== hash) throw new DynamoDBError('IdempotentParameterMismatchException', '');
    return true;
  }

  remember(token: string, hash: string): void {
    this.statements.remember.run(token, hash, this.now);
  }
}
