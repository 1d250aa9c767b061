/**
 * Errors raised while moving data between engines. Each carries the facts a caller needs
 * to report the problem or to recover (the offending location, line or item count).
 */
export class TransferError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A `--from` / `--to` argument that names no known kind of location. */
export class InvalidLocationError extends TransferError {
  constructor(readonly location: string, readonly reason: string) {
    super(`Invalid location "${location}": ${reason}`);
  }
}

/** A location that cannot play the requested role (e.g. an ADR-shaped SQLite file as an import target). */
export class UnsupportedLocationRoleError extends TransferError {
  constructor(readonly location: string, readonly role: 'source' | 'target') {
    super(`"${location}" cannot be used as a ${role}`);
  }
}

/** The table to read or write does not exist at the location. */
export class TableNotFoundError extends TransferError {
  constructor(readonly tableName: string, readonly location: string) {
    super(`Table "${tableName}" does not exist at ${location}`);
  }
}

/** A line of a DynamoDB JSON lines file that is not `{"Item": {…}}` with well-formed attribute values. */
export class ImportLineError extends TransferError {
  constructor(readonly file: string, readonly lineNumber: number, readonly reason: string) {
    super(`${file}:${lineNumber}: ${reason}`);
  }
}

/** A row of an ADR-shaped SQLite table whose `data` column cannot be mapped to an item. */
export class AdrRowError extends TransferError {
  constructor(readonly tableName: string, readonly pk: string, readonly sk: string, readonly reason: string) {
    super(`Row (${pk}, ${sk}) of ${tableName}: ${reason}`);
  }
}

/** BatchWriteItem kept returning unprocessed items after every retry. */
export class UnprocessedItemsError extends TransferError {
  constructor(readonly tableName: string, readonly unprocessedCount: number, readonly attempts: number) {
    super(
      `${unprocessedCount} item(s) of ${tableName} were still unprocessed after ${attempts} attempts; ` +
        'the target is throttling — run the import again to resume',
    );
  }
}

/** The progress file beside an import belongs to another input file or table. */
export class CheckpointMismatchError extends TransferError {
  constructor(readonly checkpointFile: string, readonly reason: string) {
    super(
      `${checkpointFile} records the progress of a different import (${reason}); ` +
        'delete it, or pass --restart, to import from the first line',
    );
  }
}
