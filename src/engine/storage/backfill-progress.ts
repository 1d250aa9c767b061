import type * as Database from './sqlite-driver.js';

/**
 * The work a backfill still has to do on one table (UpdateTable's new GSI, UpdateTimeToLive's
 * `expires_at` column), and how far it got. Which backfills are pending is part of the table
 * definition in the catalog (so every connection sees a GSI as CREATING); how far each got
 * is kept in `monotable_meta` under `backfill:<table>:<work>`, written by each slice in its
 * own transaction without bumping `catalog_version` (other connections need not reload
 * their catalog on every slice). A crash between slices leaves both consistent: the next
 * engine that opens the file continues after the last committed slice.
 */
export type BackfillWork = 'index' | 'ttl';

/**
 * Reads and writes of backfill positions. Statements are prepared on first use: most
 * engines never backfill.
 */
export class BackfillProgress {
  private select: Database.Statement<[string], string | undefined> | undefined;
  private upsert: Database.Statement | undefined;
  private remove: Database.Statement | undefined;

  constructor(private readonly database: Database.Database) {}

  /** The rowid after which `work` on `table` continues (0: from the start). */
  position(table: string, work: BackfillWork): number {
    this.select ??= this.database
      .prepare<[string], string | undefined>('SELECT value FROM monotable_meta WHERE key = ?')
      .pluck();
    return Number(this.select.get(keyOf(table, work)) ?? 0);
  }

  /** Records how far `work` got (inside the slice's write transaction). */
  record(table: string, work: BackfillWork, afterRowid: number): void {
    this.upsert ??= this.database.prepare(
      'INSERT INTO monotable_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.upsert.run(keyOf(table, work), String(afterRowid));
  }

  /** Forgets the position of `work` (finished, restarted from scratch, or its table deleted). */
  clear(table: string, work: BackfillWork): void {
    this.remove ??= this.database.prepare('DELETE FROM monotable_meta WHERE key = ?');
    this.remove.run(keyOf(table, work));
  }
}

function keyOf(table: string, work: BackfillWork): string {
  return `backfill:${table}:${work}`;
}
