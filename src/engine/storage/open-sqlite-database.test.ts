import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase, SqliteBindingError } from './open-sqlite-database.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-binding-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('loading better-sqlite3’s native binding', () => {
  it('names the Node that failed and the fix when the binding is not a loadable addon', () => {
    // A file that dlopen refuses, as it refuses a binary built for another platform.
    const binding = join(directory, 'better_sqlite3.node');
    writeFileSync(binding, 'not a shared object');
    let thrown: unknown;
    try {
      openSqliteDatabase(':memory:', { nativeBinding: binding });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SqliteBindingError);
    const error = thrown as SqliteBindingError;
    expect(error.message).toContain(`Node ${process.version}`);
    expect(error.message).toContain(`NODE_MODULE_VERSION ${process.versions.modules}`);
    expect(error.message).toContain('npm install-scripts approve better-sqlite3');
    expect(error.message).toContain('npm rebuild better-sqlite3');
    expect((error.cause as { code?: string }).code).toBe('ERR_DLOPEN_FAILED');
  });

  it('names the fix when the binding was never built', () => {
    let thrown: unknown;
    try {
      openSqliteDatabase(':memory:', { nativeBinding: join(directory, 'never-built', 'better_sqlite3.node') });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SqliteBindingError);
    expect((thrown as Error).message).toContain('allowScripts');
  });

  it('leaves other errors as better-sqlite3 throws them', () => {
    expect(() => openSqliteDatabase(join(directory, 'missing.sqlite'), { fileMustExist: true })).toThrow(
      expect.objectContaining({ code: 'SQLITE_CANTOPEN' }),
    );
  });

  it('opens a database when the binding loads', () => {
    const database = openSqliteDatabase(':memory:');
    expect(database.prepare('SELECT 1 + 1 AS two').get()).toEqual({ two: 2 });
    database.close();
  });
});
