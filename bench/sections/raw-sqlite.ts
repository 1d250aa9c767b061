import Database from 'better-sqlite3';
import type { OperationName } from '../options.js';
import { TABLE } from '../workloads.js';

type Wire = Record<string, any>;

/**
 * The floor for the engine: better-sqlite3 running the statements an engine on this
 * file layout cannot avoid (the portable-schema table of pk, sk, item JSON, plus an index
 * table for GSI1), with wire JSON in and out so both sides parse and stringify items.
 * No validation, no expressions, no capacity: just the I/O.
 */
export class RawSqlite {
  private readonly database: Database.Database;
  private readonly statements;

  constructor(path: string, synchronous: string) {
    this.database = new Database(path);
    this.database.pragma('journal_mode = WAL');
    this.database.pragma(`synchronous = ${synchronous}`);
    this.database.exec(`
      CREATE TABLE items (pk TEXT NOT NULL, sk TEXT NOT NULL, item TEXT NOT NULL, PRIMARY KEY (pk, sk));
      CREATE TABLE gsi1 (gpk TEXT NOT NULL, gsk TEXT NOT NULL, pk TEXT NOT NULL, sk TEXT NOT NULL, item TEXT NOT NULL,
        PRIMARY KEY (gpk, gsk, pk, sk));
      CREATE TABLE tokens (token TEXT PRIMARY KEY, request_hash TEXT NOT NULL, expires_at INTEGER NOT NULL);`);
    const db = this.database;
    this.statements = {
      get: db.prepare('SELECT item FROM items WHERE pk = ? AND sk = ?').pluck(),
      put: db.prepare('INSERT OR REPLACE INTO items (pk, sk, item) VALUES (?, ?, ?)'),
      putIndex: db.prepare('INSERT OR REPLACE INTO gsi1 (gpk, gsk, pk, sk, item) VALUES (?, ?, ?, ?, ?)'),
      update: db.prepare('UPDATE items SET item = ? WHERE pk = ? AND sk = ?'),
      updateIndex: db.prepare('UPDATE gsi1 SET item = ? WHERE gpk = ? AND gsk = ? AND pk = ? AND sk = ?'),
      exists: db.prepare('SELECT 1 FROM items WHERE pk = ? AND sk = ?').pluck(),
      query: db.prepare('SELECT item FROM items WHERE pk = ? ORDER BY sk').pluck(),
      // The SDK sends a ClientRequestToken with every TransactWriteItems; honouring it means
      // looking it up and remembering it, so the floor does the same.
      tokenLookup: db.prepare('SELECT request_hash FROM tokens WHERE token = ? AND expires_at > ?').pluck(),
      tokenInsert: db.prepare('INSERT OR REPLACE INTO tokens (token, request_hash, expires_at) VALUES (?, ?, ?)'),
      queryIndex: db.prepare('SELECT item FROM gsi1 WHERE gpk = ? ORDER BY gsk DESC, pk DESC, sk DESC LIMIT ?').pluck(),
    };
  }

  putItem(item: Wire): void {
    const text = JSON.stringify(item);
    this.statements.put.run(item.pk.S, item.sk.S, text);
    if (item.gsi1pk && item.gsi1sk)
      this.statements.putIndex.run(item.gsi1pk.S, item.gsi1sk.S, item.pk.S, item.sk.S, text);
  }

  /** One request of each measured kind, in the engine's wire shapes. */
  handle(name: OperationName, input: Wire): Wire {
    const s = this.statements;
    switch (name) {
      case 'get': {
        const text = s.get.get(input.Key.pk.S, input.Key.sk.S) as string | undefined;
        return text ? { Item: JSON.parse(text) } : {};
      }
      case 'put':
        this.putItem(input.Item);
        return {};
      case 'update':
        return this.database
          .transaction(() => {
            const text = s.get.get(input.Key.pk.S, input.Key.sk.S) as string | undefined;
            if (!text) throw new Error('condition failed');
            const item = JSON.parse(text);
            if (item.status.S !== 'open' && item.status.S !== 'busy') throw new Error('condition failed');
            item.n = { N: String(Number(item.n.N) + 1) };
            item.status = input.ExpressionAttributeValues[':status'];
            const updated = JSON.stringify(item);
            s.update.run(updated, item.pk.S, item.sk.S);
            if (item.gsi1pk) s.updateIndex.run(updated, item.gsi1pk.S, item.gsi1sk.S, item.pk.S, item.sk.S);
            return {};
          })
          .immediate();
      case 'query': {
        const items = (s.query.all(input.ExpressionAttributeValues[':p'].S) as string[]).map((text) =>
          JSON.parse(text),
        );
        return { Items: items, Count: items.length, ScannedCount: items.length };
      }
      case 'gsi': {
        const items = (s.queryIndex.all(input.ExpressionAttributeValues[':g'].S, input.Limit) as string[]).map((text) =>
          JSON.parse(text),
        );
        return { Items: items, Count: items.length, ScannedCount: items.length };
      }
      case 'batch':
        this.database
          .transaction(() => {
            for (const request of input.RequestItems[TABLE]) this.putItem(request.PutRequest.Item);
          })
          .immediate();
        return { UnprocessedItems: {} };
      case 'transact':
        this.database
          .transaction(() => {
            const [first, second] = input.TransactItems;
            const now = Date.now();
            if (input.ClientRequestToken && s.tokenLookup.get(input.ClientRequestToken, now) !== undefined) return;
            if (s.exists.get(first.Put.Item.pk.S, first.Put.Item.sk.S)) throw new Error('condition failed');
            this.putItem(first.Put.Item);
            this.putItem(second.Put.Item);
            if (input.ClientRequestToken)
              s.tokenInsert.run(input.ClientRequestToken, first.Put.Item.pk.S, now + 600_000);
          })
          .immediate();
        return {};
    }
  }

  close(): void {
    this.database.close();
  }
}
