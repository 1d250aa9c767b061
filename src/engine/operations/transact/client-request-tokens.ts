import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { DynamoDBError } from '../../errors.js';

/** How long DynamoDB remembers a `ClientRequestToken`. */
export const tokenLifetimeMs = 10 * 60 * 1000;

/** The engine's own table in the SQLite file; the name cannot clash with a DynamoDB table's. */
const tokenTable = 'monotable_client_request_tokens';

/** JSON with object keys sorted, so that the same request always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash a token is remembered with: the actions only (ReturnConsumedCapacity may change on a retry). */
export function requestHash(transactItems: unknown): string {
  return createHash('sha256').update(stableJson(transactItems)).digest('hex');
}

/**
 * Idempotency tokens of TransactWriteItems, kept in the SQLite file so that every process
 * sharing it agrees. Call inside the write transaction that runs the actions.
 */
export class ClientRequestTokens {
  constructor(
    private readonly database: Database.Database,
    private readonly now: number,
  ) {
    database.exec(
      `CREATE TABLE IF NOT EXISTS ${tokenTable} (token TEXT PRIMARY KEY, request_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`,
    );
    database.prepare(`DELETE FROM ${tokenTable} WHERE created_at <= ?`).run(now - tokenLifetimeMs);
  }

  /**
   * `true` when this token already ran this very request within 10 minutes (answer as a
   * replay); throws `IdempotentParameterMismatchException` when it ran another request.
   */
  isReplay(token: string, hash: string): boolean {
    const row = this.database.prepare(`SELECT request_hash FROM ${tokenTable} WHERE token = ?`).get(token) as
      | { request_hash: string }
      | undefined;
    if (!row) return false;
    if (row.request_hash !== hash) throw new DynamoDBError('IdempotentParameterMismatchException', '');
    return true;
  }

  remember(token: string, hash: string): void {
    this.database
      .prepare(`INSERT OR REPLACE INTO ${tokenTable} (token, request_hash, created_at) VALUES (?, ?, ?)`)
      .run(token, hash, this.now);
  }
}
