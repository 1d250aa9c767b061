import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEntry } from '../../bin/cli-entry.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'monotable-cli-entry-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const earlier = new Date('2026-01-01T00:00:00Z');
const later = new Date('2026-01-02T00:00:00Z');

/** A package folder with the given files (relative path → text), each dated `earlier` unless listed in `newer`. */
function packageFolder(name: string, files: Record<string, string>, newer: readonly string[] = []): string {
  const root = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    const time = newer.includes(path) ? later : earlier;
    utimesSync(file, time, time);
  }
  return root;
}

const stubBuild = `exports.main = async () => { console.log('built'); return 0; };\n`;
// A type annotation: this only loads when something compiles TypeScript.
const stubSources = `export async function main(): Promise<number> { const ran: string = 'sources'; console.log(ran); return 0; }\n`;
const checkoutFiles = { 'tsconfig.build.json': '{}', 'dist/cli/main.cjs': stubBuild, 'src/cli/main.ts': stubSources };

describe('which code the monotable command runs', () => {
  it('runs dist/ in an installed package, whatever the dates of the shipped sources', () => {
    const root = packageFolder('installed', { 'dist/cli/main.cjs': stubBuild, 'src/cli/main.ts': stubSources }, [
      'src/cli/main.ts',
    ]);
    expect(cliEntry(root)).toEqual({ kind: 'built', module: join(root, 'dist', 'cli', 'main.cjs') });
  });

  it('runs dist/ in a checkout whose build is newer than every source', () => {
    const root = packageFolder('checkout-built', checkoutFiles, ['dist/cli/main.cjs']);
    expect(cliEntry(root).kind).toBe('built');
  });

  it('runs the sources in a checkout with a source newer than the build', () => {
    const root = packageFolder('checkout-stale', { ...checkoutFiles, 'examples/shop/model.ts': 'export {};\n' }, [
      'examples/shop/model.ts',
    ]);
    expect(cliEntry(root)).toEqual({
      kind: 'sources',
      module: join(root, 'src', 'cli', 'main.ts'),
      why: 'build older than the sources',
    });
  });

  it('keeps the build when only a test changed (the build leaves tests out)', () => {
    const root = packageFolder('checkout-test-edited', { ...checkoutFiles, 'src/cli/main.test.ts': 'export {};\n' }, [
      'src/cli/main.test.ts',
    ]);
    expect(cliEntry(root).kind).toBe('built');
  });

  it('runs the sources in a checkout without a build (a fresh clone)', () => {
    const root = packageFolder('fresh-clone', { 'tsconfig.build.json': '{}', 'src/cli/main.ts': stubSources });
    expect(cliEntry(root)).toEqual({ kind: 'sources', module: join(root, 'src', 'cli', 'main.ts'), why: 'no build' });
  });

  /** Runs a copy of bin/monotable.js placed in `root`, as npm installs it. */
  function runBin(root: string): string {
    mkdirSync(join(root, 'bin'), { recursive: true });
    for (const file of ['monotable.js', 'cli-entry.js', 'code-cache.js'])
      copyFileSync(join(projectRoot, 'bin', file), join(root, 'bin', file));
    return execFileSync(process.execPath, [join(root, 'bin', 'monotable.js')], {
      encoding: 'utf8',
      env: { ...process.env, MONOTABLE_COMPILE_CACHE: join(root, 'code-cache') },
    }).trim();
  }

  it('the command runs the build without tsx: the package runs with no tsx to be found', () => {
    const root = packageFolder('bin-built', { 'dist/cli/main.cjs': stubBuild });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'installed', type: 'module' }));
    expect(runBin(root)).toBe('built');
  });

  it('the command compiles the sources through tsx when the build is stale', () => {
    const root = packageFolder('bin-sources', checkoutFiles, ['src/cli/main.ts']);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'checkout', type: 'module' }));
    symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'));
    expect(runBin(root)).toBe('sources');
  });
});
