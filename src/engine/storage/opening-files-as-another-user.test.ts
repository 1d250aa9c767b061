import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import type { OpenOutcome } from './open-as-user.test-support.js';

/**
 * File permissions bind every user but root, and tests may run as root: then the files are
 * opened by a child process running as `nobody` (setpriv). As any other user the child runs as
 * that user. Skipped only as root without setpriv, when no user is bound by permissions.
 */
const asRoot = process.getuid?.() === 0;
const setpriv = asRoot && spawnSync('setpriv', ['--version']).status === 0;
const nobody = ['--reuid=65534', '--regid=65534', '--clear-groups'];
const childScript = join(import.meta.dirname, 'open-as-user.test-support.ts');

/** Opens each `[path, readOnly]` in a child process bound by file permissions. */
function openAsAnotherUser(cases: [string, boolean][]): OpenOutcome[] {
  const node = [process.execPath, '--import', 'tsx', childScript, JSON.stringify(cases)];
  const [command, ...args] = setpriv ? ['setpriv', ...nobody, ...node] : node;
  return JSON.parse(execFileSync(command, args, { encoding: 'utf8' })) as OpenOutcome[];
}

const directory = mkdtempSync(join(tmpdir(), 'monotable-permissions-'));
const source = join(directory, 'source.sqlite');

/** A folder under the scratch folder with a copy of the source file, both given modes. */
function folderWithCopy(name: string, folderMode: number, fileMode: number): { folder: string; file: string } {
  const folder = join(directory, name);
  mkdirSync(folder);
  const file = join(folder, 'app.sqlite');
  copyFileSync(source, file);
  chmodSync(file, fileMode);
  chmodSync(folder, folderMode);
  return { folder, file };
}

beforeAll(() => {
  // The child must reach its files: the scratch folder is created closed to other users.
  chmodSync(directory, 0o755);
  const engine = new Engine({ path: source, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'app',
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  engine.handle('PutItem', { TableName: 'app', Item: { pk: { S: 'one' } } });
  engine.close();
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe.skipIf(asRoot && !setpriv)(
  'opening a file as a user the permissions bind (skipped as root without setpriv: root ignores permissions)',
  () => {
    it('names the folder this user may not enter', () => {
      const { folder, file } = folderWithCopy('closed', 0o700, 0o666);
      for (const outcome of openAsAnotherUser([
        [file, false],
        [file, true],
      ])) {
        expect(outcome).toMatchObject({ opened: false, code: 'PermissionDenied', folder });
        if (!outcome.opened)
          expect(outcome.message).toContain(`${file} cannot be opened: permission denied on the folder ${folder}`);
      }
    });

    it('names the file this user may not read', () => {
      const { file } = folderWithCopy('unreadable', 0o777, 0o600);
      const [outcome] = openAsAnotherUser([[file, false]]);
      expect(outcome).toMatchObject({ opened: false, code: 'PermissionDenied' });
      if (!outcome.opened) expect(outcome.message).toContain(`${file} cannot be opened: permission denied on the file`);
    });

    it('says a read-only file cannot be opened for writing, leaves nothing beside it, and reads it read-only', () => {
      const { folder, file } = folderWithCopy('read-only-file', 0o777, 0o644);
      const [writing, reading] = openAsAnotherUser([
        [file, false],
        [file, true],
      ]);
      expect(writing).toMatchObject({ opened: false, code: 'ReadOnly' });
      if (!writing.opened) expect(writing.message).toContain(`${file} is read-only (this user may not write it)`);
      expect(reading).toEqual({ opened: true, items: 1 });
      expect(readdirSync(folder)).toEqual(['app.sqlite']);
    });

    it('says a read-only folder keeps SQLite from writing beside the file, and reads the file read-only there', () => {
      const { folder, file } = folderWithCopy('read-only-folder', 0o555, 0o666);
      const [writing, reading, creating] = openAsAnotherUser([
        [file, false],
        [file, true],
        [join(folder, 'new.sqlite'), false],
      ]);
      expect(writing).toMatchObject({ opened: false, code: 'ReadOnly', folder });
      if (!writing.opened)
        expect(writing.message).toContain(`${file} cannot be opened for writing: its folder ${folder} is read-only`);
      expect(reading).toEqual({ opened: true, items: 1 });
      expect(creating).toMatchObject({ opened: false, code: 'ReadOnly', folder });
      expect(readdirSync(folder)).toEqual(['app.sqlite']);
    });
  },
);
