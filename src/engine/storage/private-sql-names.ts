/**
 * The SQLite names a private in-memory database uses, kept in JavaScript so that naming a
 * new table's SQLite objects (sql-names.ts `freeSqlName`) needs no statement: on a copy of
 * the template (private-database-template.ts), the name check of the first CreateTable was
 * the engine's first statement, prepared once and run for one answer.
 *
 * Contract: it answers exactly as `SELECT 1 FROM sqlite_schema WHERE lower(name) = ?` does
 * for every name `freeSqlName` can ask about. It starts with every object of the template
 * and follows the tables the storage creates and drops (each change recorded once its write
 * transaction succeeded, see {@link PrivateSqlNames.change}). The indexes of a table are
 * not followed: their names hold a `:`, which neither a DynamoDB name nor an index name can
 * hold, so no name `freeSqlName` asks about is ever one of them.
 *
 * Only a private database can keep such a list: no other connection can create or drop an
 * object in it.
 */
export class PrivateSqlNames {
  private readonly names: Set<string>;

  /** `initial`: the lower-case names of the objects the database starts with. */
  constructor(initial: Iterable<string>) {
    this.names = new Set(initial);
  }

  /** Whether an SQLite table of this (lower-case) name exists, or an object `freeSqlName` could clash with. */
  has(lowerCaseName: string): boolean {
    return this.names.has(lowerCaseName);
  }

  added(sqlName: string): void {
    this.names.add(sqlName.toLowerCase());
  }

  dropped(sqlName: string): void {
    this.names.delete(sqlName.toLowerCase());
  }

  /**
   * Runs `work`, which records the tables it creates and drops; if it throws (its write
   * transaction rolled back, the tables with it), the list is as it was before.
   */
  change<T>(work: () => T): T {
    const before = [...this.names];
    try {
      return work();
    } catch (error) {
      this.names.clear();
      for (const name of before) this.names.add(name);
      throw error;
    }
  }
}
