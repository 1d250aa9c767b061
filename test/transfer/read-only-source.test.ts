import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/transfer.js';
import { SqliteFileError } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/index.js';
import { cliPath } from '../local/support/run-cli.js';
import { runCommand } from '../support/run-command.js';
import { createTable, putAll, scanAll, scratchDirectory } from './support/engines.js';

const run = (...args: string[]): Promise<string> => runCommand(register, ...args);

const scratch = scratchDirectory();
afterAll(() => {
  // Folders made read-only for a test are opened again so that they can be removed.
  for (const name of readdirSync(scratch.path)) chmodSync(join(scratch.path, name), 0o755);
  scratch.remove();
});

/** A monotable file in a folder of its own, holding table `app` with three items, closed. */
async function sourceFile(name: string): Promise<{ folder: string; path: string }> {
  const folder = join(scratch.path, name);
  mkdirSync(folder);
  const path = join(folder, 'source.sqlite');
  const client = createLocalClient({ path });
  try {
    await createTable(client, {
      TableName: 'app',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await putAll(client, 'app', [{ pk: { S: 'a' } }, { pk: { S: 'b' } }, { pk: { S: 'c' } }]);
  } finally {
    client.destroy();
  }
  return { folder, path };
}

describe('a sqlite: source is read without writing to it or beside it', () => {
  beforeAll(() => chmodSync(scratch.path, 0o755));

  it('export leaves the file as it was and nothing beside it', async () => {
    const { folder, path } = await sourceFile('export');
    chmodSync(path, 0o444);
    const bytes = readFileSync(path);
    const modified = statSync(path).mtimeMs;
    const exported = await run('export', '--from', `sqlite:${path}`, '--table', 'app');
    expect(exported.trimEnd().split('\n').sort()).toEqual([
      '{"Item":{"pk":{"S":"a"}}}',
      '{"Item":{"pk":{"S":"b"}}}',
      '{"Item":{"pk":{"S":"c"}}}',
    ]);
    expect(readdirSync(folder)).toEqual(['source.sqlite']);
    expect(readFileSync(path)).toEqual(bytes);
    expect(statSync(path).mtimeMs).toBe(modified);
  });

  it('copy reads its source so too', async () => {
    const { folder, path } = await sourceFile('copy');
    const target = join(scratch.path, 'copy-target.sqlite');
    await run('copy', '--from', `sqlite:${path}`, '--to', `sqlite:${target}`, '--table', 'app');
    expect(readdirSync(folder)).toEqual(['source.sqlite']);
    const client = createLocalClient({ path: target });
    try {
      expect(await scanAll(client, 'app')).toHaveLength(3);
    } finally {
      client.destroy();
    }
  });

  it('export names a source that is not a SQLite database, and the cause', async () => {
    const path = join(scratch.path, 'garbage.sqlite');
    writeFileSync(path, 'not a database '.repeat(300));
    const failure = run('export', '--from', `sqlite:${path}`, '--table', 'app');
    await expect(failure).rejects.toThrow(SqliteFileError);
    await expect(failure).rejects.toThrow(`${path} is not a SQLite database (SQLite: file is not a database)`);
  });

  /**
   * Root writes to read-only files and folders all the same; as root the export runs as
   * `nobody` (setpriv), as any other user as that user. Skipped only as root without setpriv.
   */
  const asRoot = process.getuid?.() === 0;
  const setpriv = asRoot && spawnSync('setpriv', ['--version']).status === 0;

  /** Runs `monotable export` of table `app` from `path` as a user bound by permissions; the lines it wrote. */
  async function exportAsAnotherUser(path: string): Promise<string[]> {
    const outFolder = mkdtempSync(join(scratch.path, 'out-'));
    chmodSync(outFolder, 0o777);
    const out = join(outFolder, 'app.jsonl');
    const cli = [process.execPath, cliPath, 'export', '--from', `sqlite:${path}`, '--table', 'app', '--out', out];
    const [command, ...args] = setpriv ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...cli] : cli;
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(command, args, (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }));
    });
    expect(stderr).toContain('monotable: exported 3 items of app');
    expect(code).toBe(0);
    return readFileSync(out, 'utf8').trimEnd().split('\n');
  }

  it.skipIf(asRoot && !setpriv)(
    'export reads a file this user may not write (skipped as root without setpriv: root writes anything)',
    async () => {
      const { folder, path } = await sourceFile('read-only-file');
      chmodSync(path, 0o444);
      chmodSync(folder, 0o777);
      expect(await exportAsAnotherUser(path)).toHaveLength(3);
      expect(readdirSync(folder)).toEqual(['source.sqlite']);
    },
  );

  it.skipIf(asRoot && !setpriv)(
    'export reads a file in a folder this user may not write (skipped as root without setpriv: root writes anywhere)',
    async () => {
      const { folder, path } = await sourceFile('read-only-folder');
      chmodSync(folder, 0o555);
      expect(await exportAsAnotherUser(path)).toHaveLength(3);
      expect(readdirSync(folder)).toEqual(['source.sqlite']);
    },
  );
});
