import type { ParsedStatement } from './ast.js';
import { parseStatement } from './parse-statement.js';

/**
 * Parsed statements by their text, for one engine: applications send the same few
 * statements with different `?` parameters. Bounded, dropping the least recently used.
 *
 * @example
 * const cache = new StatementCache(100);
 * cache.parse(`SELECT * FROM "t" WHERE pk = ?`) === cache.parse(`SELECT * FROM "t" WHERE pk = ?`); // → true
 */
export class StatementCache {
  private readonly entries = new Map<string, ParsedStatement>();

  constructor(private readonly capacity = 500) {}

  /** The statement parsed (once); throws DynamoDB's error for a statement that does not parse (never cached). */
  parse(text: string): ParsedStatement {
    const cached = this.entries.get(text);
    if (cached !== undefined) {
      // Re-inserted so that Map order is recency order.
      this.entries.delete(text);
      this.entries.set(text, cached);
      return cached;
    }
    const parsed = parseStatement(text);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(text, parsed);
    return parsed;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every statement. */
  clear(): void {
    this.entries.clear();
  }
}
