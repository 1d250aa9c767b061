/**
 * Errors of `planMigration` and `applyMigration`: each has a stable `code` and the `payload` a
 * caller needs. Nothing is written before one of the refusals below is thrown.
 */
export class MigrationError<Code extends string = string, Payload = unknown> extends Error {
  readonly code: Code;
  readonly payload: Payload;

  constructor(code: Code, message: string, payload: Payload, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.payload = payload;
  }
}

/** The table to migrate does not exist. */
export class MigrationTableNotFoundError extends MigrationError<
  'MigrationTableNotFound',
  { readonly tableName: string }
> {
  constructor(tableName: string) {
    super('MigrationTableNotFound', `table '${tableName}' does not exist`, { tableName });
  }
}

/** The table's recorded model changed since the plan was made (another `apply` ran in between). */
export class PlanOutdatedError extends MigrationError<
  'PlanOutdated',
  { readonly tableName: string; readonly plannedRevision: number; readonly recordedRevision: number }
> {
  constructor(tableName: string, plannedRevision: number, recordedRevision: number) {
    super(
      'PlanOutdated',
      `table '${tableName}' was migrated since this plan was made (recorded revision ${recordedRevision}, planned from ${plannedRevision}): plan again`,
      { tableName, plannedRevision, recordedRevision },
    );
  }
}

/** Another plan's apply stopped midway; it must be finished (or its progress cleared) first. */
export class MigrationInProgressError extends MigrationError<
  'MigrationInProgress',
  { readonly tableName: string; readonly planId: string }
> {
  constructor(tableName: string, planId: string) {
    super(
      'MigrationInProgress',
      `table '${tableName}' has an unfinished migration of another plan (${planId}): apply the model it was planned for first`,
      { tableName, planId },
    );
  }
}

/** The plan moves items to new primary keys and the caller did not allow rewrites. */
export class RewritesNotAllowedError extends MigrationError<
  'RewritesNotAllowed',
  { readonly entities: readonly string[] }
> {
  constructor(entities: readonly string[]) {
    super(
      'RewritesNotAllowed',
      `the plan changes the primary key templates of ${entities.join(', ')}: every item must be copied to its new key and the old one deleted; allow it with --allow-rewrites (allowRewrites: true)`,
      { entities },
    );
  }
}

/** A user migration file threw (or returned something unusable) for one item; the run stopped there. */
export class MigrationFileError extends MigrationError<
  'MigrationFile',
  { readonly file: string; readonly key: Readonly<Record<string, unknown>> }
> {
  constructor(file: string, key: Readonly<Record<string, unknown>>, cause: unknown) {
    super(
      'MigrationFile',
      `migration ${file} failed on item ${JSON.stringify(key)}: ${cause instanceof Error ? cause.message : String(cause)} (fix it and apply again: the run resumes at this item)`,
      { file, key },
      { cause },
    );
  }
}

/** An item could not be written after repeated lost races with concurrent writers. */
export class BackfillContentionError extends MigrationError<
  'BackfillContention',
  { readonly key: Readonly<Record<string, unknown>>; readonly attempts: number }
> {
  constructor(key: Readonly<Record<string, unknown>>, attempts: number) {
    super(
      'BackfillContention',
      `item ${JSON.stringify(key)} changed under the migration ${attempts} times in a row; apply again to resume`,
      { key, attempts },
    );
  }
}
