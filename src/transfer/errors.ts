/**
 * Errors raised while moving data between engines. Each has a stable `code` to branch on and
 * carries, as properties, the facts a caller needs to report the problem or to recover (the
 * offending location, line or item count).
 *
 * @example
 * try { await importTable(options) } catch (e) { if (e instanceof ImportLineError) console.error(e.file, e.lineNumber) }
 */
export class TransferError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A `--from` / `--to` argument that names no known kind of location. */
export class InvalidLocationError extends TransferError<'InvalidLocation'> {
  constructor(
    readonly location: string,
    readonly reason: string,
  ) {
    super('InvalidLocation', `Invalid location "${location}": ${reason}`);
  }
}

/** A location that cannot play the requested role (e.g. an ADR-shaped SQLite file as an import target). */
export class UnsupportedLocationRoleError extends TransferError<'UnsupportedLocationRole'> {
  constructor(
    readonly location: string,
    readonly role: 'source' | 'target',
    readonly reason?: string,
  ) {
    super('UnsupportedLocationRole', `"${location}" cannot be used as a ${role}${reason ? `: ${reason}` : ''}`);
  }
}

/** A SQLite file to read from (or to import into) that does not exist; nothing was created. */
export class MissingFileError extends TransferError<'MissingFile'> {
  constructor(
    readonly location: string,
    readonly path: string,
  ) {
    super('MissingFile', `${location}: no such file (${path})`);
  }
}

/** An `aws` location without a region, and none in the environment or the profile. */
export class MissingRegionError extends TransferError<'MissingRegion'> {
  constructor(
    readonly location: string,
    cause: unknown,
  ) {
    super(
      'MissingRegion',
      `${location}: no AWS region is given. Name one in the location (aws:eu-west-1), ` +
        'set AWS_REGION (export AWS_REGION=eu-west-1), or set region in the AWS profile in use ' +
        '(~/.aws/config, the profile AWS_PROFILE names, else [default])',
      { cause },
    );
  }
}

/** The table to read or write does not exist at the location; the message is DynamoDB's, plus where. */
export class TableNotFoundError extends TransferError<'TableNotFound'> {
  constructor(
    readonly tableName: string,
    readonly location: string,
  ) {
    super('TableNotFound', `Requested resource not found: Table: ${tableName} not found (at ${location})`);
  }
}

/** A line of a DynamoDB JSON lines file that is not `{"Item": {…}}` with well-formed attribute values. */
export class ImportLineError extends TransferError<'ImportLine'> {
  constructor(
    readonly file: string,
    readonly lineNumber: number,
    readonly reason: string,
  ) {
    super('ImportLine', `${file}:${lineNumber}: ${reason}`);
  }
}

/** A row of an ADR-shaped SQLite table whose `data` column cannot be mapped to an item. */
export class AdrRowError extends TransferError<'AdrRow'> {
  constructor(
    readonly tableName: string,
    readonly pk: string,
    readonly sk: string,
    readonly reason: string,
  ) {
    super('AdrRow', `Row (${pk}, ${sk}) of ${tableName}: ${reason}`);
  }
}

/** BatchWriteItem kept returning unprocessed items after every retry. */
export class UnprocessedItemsError extends TransferError<'UnprocessedItems'> {
  constructor(
    readonly tableName: string,
    readonly unprocessedCount: number,
    readonly attempts: number,
  ) {
    super(
      'UnprocessedItems',
      `${unprocessedCount} item(s) of ${tableName} were still unprocessed after ${attempts} attempts; ` +
        'the target is throttling — run the import again to resume',
    );
  }
}

/** The progress file beside an import belongs to another input file or table. */
export class CheckpointMismatchError extends TransferError<'CheckpointMismatch'> {
  constructor(
    readonly checkpointFile: string,
    readonly reason: string,
  ) {
    super(
      'CheckpointMismatch',
      `${checkpointFile} records the progress of a different import (${reason}); ` +
        'delete it, or pass --restart, to import from the first line',
    );
  }
}
