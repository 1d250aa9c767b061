import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliPath } from './support/run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-serve-errors-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Runs `monotable …args` to its end: its exit code and standard error. */
function runCli(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [cliPath, ...args], { cwd: directory }, (_error, _stdout, stderr) =>
      resolve({ code: child.exitCode, stderr }),
    );
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

describe('monotable serve refusing to start', () => {
  it('says the port is in use and suggests --port 0 or another port', async () => {
    const taken = createServer();
    const port = await listen(taken);
    try {
      const { code, stderr } = await runCli(['serve', '--in-memory', '--port', String(port)]);
      expect(code).toBe(1);
      expect(stderr).toContain(`monotable: port ${port} on 127.0.0.1 is in use`);
      expect(stderr).toContain(`--port ${port + 1}`);
      expect(stderr).toContain('--port 0');
    } finally {
      taken.close();
    }
  });

  it('names a --db file whose folder does not exist, and creates nothing', async () => {
    const folder = join(directory, 'nonexistent-dir', 'x');
    const { code, stderr } = await runCli(['serve', '--port', '0', '--db', join(folder, 'y.sqlite')]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `monotable: ${join(folder, 'y.sqlite')} cannot be created: its folder ${folder} does not exist`,
    );
    expect(existsSync(join(directory, 'nonexistent-dir'))).toBe(false);
  });

  it('names a --db file that is not a SQLite database', async () => {
    const path = join(directory, 'garbage.sqlite');
    writeFileSync(path, 'not a database '.repeat(300));
    const { code, stderr } = await runCli(['serve', '--port', '0', '--db', path]);
    expect(code).toBe(1);
    expect(stderr).toContain(`monotable: ${path} is not a SQLite database (SQLite: file is not a database)`);
  });
});
