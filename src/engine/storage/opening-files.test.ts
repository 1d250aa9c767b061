import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import { DynamoDBError } from '../errors.js';
import { STORAGE_FORMAT_VERSION } from './catalog.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { SqliteFileError } from './sqlite-file-error.js';
import { openSqliteStorage } from './sqlite-storage.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-open-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The error `work` throws (the test fails when it throws none). */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/** Opens the file with an engine (closed at once) and returns the SqliteFileError it throws. */
function openFailure(path: string, readOnly = false): SqliteFileError {
  const error = thrownBy(() => new Engine({ path, readOnly, ttlReapIntervalMs: 0 }).close());
  expect(error).toBeInstanceOf(SqliteFileError);
  return error as SqliteFileError;
}

/** A monotable file with one table of 2,000 items of 200 bytes (some 600 KB): its bytes. */
function healthyFileBytes(): Buffer {
  const path = join(directory, `healthy-${Math.random().toString(36).slice(2)}.sqlite`);
  const engine = new Engine({ path, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'app',
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (let i = 0; i < 2_000; i++)
    engine.handle('PutItem', { TableName: 'app', Item: { pk: { S: `item-${i}` }, v: { S: 'x'.repeat(200) } } });
  engine.close();
  return readFileSync(path);
}

describe('opening a SQLite file', () => {
  it('creates a missing .monotable folder for a new file (the default folder of monotable serve)', () => {
    const path = join(directory, 'project', '.monotable', 'app.sqlite');
    mkdirSync(join(directory, 'project'));
    openSqliteStorage({ path }).close();
    expect(existsSync(path)).toBe(true);
  });

  it('refuses a file whose folder does not exist, naming the folder, and creates nothing', () => {
    const folder = join(directory, 'nonexistent-dir', 'x');
    const error = openFailure(join(folder, 'y.sqlite'));
    expect(error.code).toBe('FolderMissing');
    expect(error.folder).toBe(folder);
    expect(error.path).toBe(join(folder, 'y.sqlite'));
    expect(error.message).toContain(
      `${join(folder, 'y.sqlite')} cannot be created: its folder ${folder} does not exist`,
    );
    expect(error.message).toContain(`mkdir -p ${folder}`);
    expect(existsSync(join(directory, 'nonexistent-dir'))).toBe(false);
  });

  it('creates no folder below a missing .monotable folder either', () => {
    const error = openFailure(join(directory, 'elsewhere', '.monotable', 'nested', 'app.sqlite'));
    expect(error.code).toBe('FolderMissing');
    expect(existsSync(join(directory, 'elsewhere'))).toBe(false);
  });

  it('names the part of the path that is a file where a folder is expected', () => {
    const file = join(directory, 'plain-file');
    writeFileSync(file, 'x');
    const error = openFailure(join(file, 'app.sqlite'));
    expect(error.code).toBe('NotAFolder');
    expect(error.folder).toBe(file);
    expect(error.message).toContain(`${join(file, 'app.sqlite')} cannot be opened: ${file} is a file, not a folder`);
  });

  it('names a folder given as the file', () => {
    const error = openFailure(directory);
    expect(error.code).toBe('CannotOpen');
    expect(error.message).toContain(`${directory} is a folder, not a file`);
  });

  it('refuses a file that is not a SQLite database, naming it and the cause, and leaves it as it was', () => {
    const path = join(directory, 'garbage.sqlite');
    const garbage = Buffer.from('this is not a database '.repeat(200));
    writeFileSync(path, garbage);
    const error = openFailure(path);
    expect(error.code).toBe('NotADatabase');
    expect(error.path).toBe(path);
    expect(error.message).toContain(`${path} is not a SQLite database (SQLite: file is not a database)`);
    expect(readFileSync(path)).toEqual(garbage);
    expect(readdirSync(directory).filter((name) => name.startsWith('garbage.sqlite'))).toEqual(['garbage.sqlite']);
  });

  it('refuses a truncated file as damaged, naming it and what to do', () => {
    const path = join(directory, 'truncated.sqlite');
    const bytes = healthyFileBytes();
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = openFailure(path);
    expect(error.code).toBe('Damaged');
    expect(error.message).toContain(`${path} is damaged (SQLite: database disk image is malformed)`);
    expect(error.message).toContain('.recover');
    expect((error.cause as { code?: string }).code).toMatch(/^SQLITE_CORRUPT/);
  });

  it('names the file in the InternalServerError of damage found after the open', () => {
    const path = join(directory, 'damaged-inside.sqlite');
    const bytes = healthyFileBytes();
    // Pages in the middle of the item table: the schema and the catalog, read at open, are intact.
    bytes.fill(0x41, 4096 * 40, 4096 * 50);
    writeFileSync(path, bytes);
    const engine = new Engine({ path, ttlReapIntervalMs: 0 });
    try {
      const error = thrownBy(() => engine.handle('Scan', { TableName: 'app' }));
      expect(error).toBeInstanceOf(DynamoDBError);
      expect((error as DynamoDBError).type).toBe('InternalServerError');
      expect((error as DynamoDBError).message).toContain(`${path} is damaged`);
      expect((error as DynamoDBError).cause).toBeInstanceOf(SqliteFileError);
      expect(((error as DynamoDBError).cause as SqliteFileError).code).toBe('Damaged');
    } finally {
      engine.close();
    }
  });

  it('refuses a file of a newer storage format, naming it', () => {
    const path = join(directory, 'newer.sqlite');
    new Engine({ path, ttlReapIntervalMs: 0 }).close();
    const database = openSqliteDatabase(path);
    database
      .prepare("UPDATE monotable_meta SET value = ? WHERE key = 'format_version'")
      .run(STORAGE_FORMAT_VERSION + 1);
    database.close();
    const error = openFailure(path);
    expect(error.code).toBe('UnsupportedFormat');
    expect(error.message).toContain(`${path} has storage format version ${STORAGE_FORMAT_VERSION + 1}`);
  });
});
