import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStorage } from './sqlite-storage.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-open-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('opening a SQLite file', () => {
  it('creates the missing folders of a new file', () => {
    const path = join(directory, '.monotable', 'nested', 'app.sqlite');
    const storage = openSqliteStorage({ path });
    storage.close();
    expect(existsSync(path)).toBe(true);
  });
});
