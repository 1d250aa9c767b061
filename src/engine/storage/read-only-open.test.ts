import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import { DynamoDBError } from '../errors.js';
import { STORAGE_FORMAT_VERSION } from './catalog.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { SqliteFileError } from './sqlite-file-error.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-read-only-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A file in its own folder holding table `app` with `count` items, closed (its WAL folded in). */
function fileWithItems(name: string, count: number): string {
  const folder = mkdtempSync(join(directory, `${name}-`));
  const path = join(folder, `${name}.sqlite`);
  const engine = new Engine({ path, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'app',
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (let i = 0; i < count; i++) engine.handle('PutItem', { TableName: 'app', Item: { pk: { S: `item-${i}` } } });
  engine.close();
  return path;
}

function itemCount(engine: Engine): number {
  return engine.handle('Scan', { TableName: 'app', Select: 'COUNT' }).Count as number;
}

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('new Engine({ path, readOnly: true })', () => {
  it('reads a file no one has open without writing to it or beside it', () => {
    const path = fileWithItems('closed', 25);
    const folder = join(path, '..');
    const bytes = readFileSync(path);
    const modified = statSync(path).mtimeMs;
    const engine = new Engine({ path, readOnly: true });
    try {
      expect(itemCount(engine)).toBe(25);
      expect(readdirSync(folder)).toEqual(['closed.sqlite']);
    } finally {
      engine.close();
    }
    expect(readdirSync(folder)).toEqual(['closed.sqlite']);
    expect(readFileSync(path)).toEqual(bytes);
    expect(statSync(path).mtimeMs).toBe(modified);
  });

  it('sees what another engine has committed to the file it holds open, and adds no file of its own', () => {
    const path = fileWithItems('shared', 3);
    const writer = new Engine({ path, ttlReapIntervalMs: 0 });
    try {
      writer.handle('PutItem', { TableName: 'app', Item: { pk: { S: 'late' } } });
      const files = readdirSync(join(path, '..')).sort();
      expect(files).toEqual(['shared.sqlite', 'shared.sqlite-shm', 'shared.sqlite-wal']);
      const reader = new Engine({ path, readOnly: true });
      try {
        expect(itemCount(reader)).toBe(4);
        writer.handle('PutItem', { TableName: 'app', Item: { pk: { S: 'later' } } });
        expect(itemCount(reader)).toBe(5);
      } finally {
        reader.close();
      }
      expect(readdirSync(join(path, '..')).sort()).toEqual(files);
    } finally {
      writer.close();
    }
  });

  it('answers writes with AccessDeniedException naming the operation and the file, and changes nothing', () => {
    const path = fileWithItems('refused', 2);
    const bytes = readFileSync(path);
    const engine = new Engine({ path, readOnly: true });
    try {
      const writes: [string, object][] = [
        ['PutItem', { TableName: 'app', Item: { pk: { S: 'new' } } }],
        ['DeleteItem', { TableName: 'app', Key: { pk: { S: 'item-0' } } }],
        ['BatchWriteItem', { RequestItems: { app: [{ PutRequest: { Item: { pk: { S: 'new' } } } }] } }],
        ['TransactWriteItems', { TransactItems: [{ Put: { TableName: 'app', Item: { pk: { S: 'new' } } } }] }],
        ['DeleteTable', { TableName: 'app' }],
      ];
      for (const [operation, input] of writes) {
        const error = thrownBy(() => engine.handle(operation, input));
        expect(error).toBeInstanceOf(DynamoDBError);
        expect((error as DynamoDBError).type).toBe('AccessDeniedException');
        expect((error as DynamoDBError).message).toBe(
          `${operation} is not allowed: the database ${path} is opened read-only`,
        );
      }
      expect(itemCount(engine)).toBe(2);
    } finally {
      engine.close();
    }
    expect(readFileSync(path)).toEqual(bytes);
  });

  it('refuses a missing file, naming it, and creates nothing', () => {
    const path = join(directory, 'missing.sqlite');
    const error = thrownBy(() => new Engine({ path, readOnly: true }));
    expect(error).toBeInstanceOf(SqliteFileError);
    expect((error as SqliteFileError).code).toBe('FileMissing');
    expect((error as SqliteFileError).message).toContain(`${path} does not exist (nothing was created)`);
    expect(readdirSync(directory).some((name) => name.startsWith('missing'))).toBe(false);
  });

  it('refuses a SQLite database that is not a monotable one, and one that is not a database', () => {
    const plain = join(directory, 'plain.sqlite');
    const database = openSqliteDatabase(plain);
    database.exec('CREATE TABLE notes (text TEXT)');
    database.close();
    const error = thrownBy(() => new Engine({ path: plain, readOnly: true })) as SqliteFileError;
    expect(error.code).toBe('NotADatabase');
    expect(error.message).toContain(`${plain} is a SQLite database, but not a monotable one`);

    const garbage = join(directory, 'garbage.sqlite');
    writeFileSync(garbage, 'not a database at all '.repeat(100));
    const notADatabase = thrownBy(() => new Engine({ path: garbage, readOnly: true })) as SqliteFileError;
    expect(notADatabase.code).toBe('NotADatabase');
    expect(notADatabase.message).toContain(`${garbage} is not a SQLite database`);
  });

  it('refuses a file of an older storage format, which only an open for writing migrates', () => {
    const path = fileWithItems('older', 1);
    const database = openSqliteDatabase(path);
    database
      .prepare("UPDATE monotable_meta SET value = ? WHERE key = 'format_version'")
      .run(STORAGE_FORMAT_VERSION - 1);
    database.close();
    const error = thrownBy(() => new Engine({ path, readOnly: true })) as SqliteFileError;
    expect(error.code).toBe('UnsupportedFormat');
    expect(error.message).toContain(`${path} has storage format version ${STORAGE_FORMAT_VERSION - 1}`);
    expect(error.message).toContain('Open it for writing once');
  });
});
