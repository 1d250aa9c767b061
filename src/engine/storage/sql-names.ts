/*
 * Naming of the SQLite objects behind DynamoDB tables. DynamoDB names are case-sensitive
 * `[a-zA-Z0-9_.-]{3,255}`; SQLite names are case-insensitive and `sqlite_` is reserved.
 * A table's SQLite name is therefore its DynamoDB name when that is free, otherwise the
 * name with a `~<n>` suffix (`~` cannot occur in DynamoDB names, so no clash with a later
 * table). Index tables are `<table's SQLite name>#<index name>` (`#` cannot occur either).
 * The catalog records the chosen names, so they never need to be derived again.
 */

/** Quotes an SQLite identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The first of `base`, `base~2`, `base~3`… that no existing SQLite object uses
 * (compared case-insensitively, as SQLite does).
 */
export function freeSqlName(base: string, isTaken: (lowerCaseName: string) => boolean): string {
  const start = base.toLowerCase().startsWith('sqlite_') ? `t~${base}` : base;
  if (!isTaken(start.toLowerCase())) return start;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${start}~${suffix}`;
    if (!isTaken(candidate.toLowerCase())) return candidate;
  }
}

export function indexTableBaseName(tableSqlName: string, indexName: string): string {
  return `${tableSqlName}#${indexName}`;
}
