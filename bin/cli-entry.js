// Which code the `monotable` command runs: the built JavaScript (dist/cli/, the command line
// as `npm run build` bundles it), or the TypeScript sources through tsx. Plain JavaScript,
// so choosing costs no compiler.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

/** The folders whose TypeScript the build compiles (tsconfig.build.json's `include`). */
const SOURCE_FOLDERS = ['src', 'examples'];

/**
 * `{ kind: 'built', module }` or `{ kind: 'sources', module, why }` for the package at `root`:
 * - an installed package (no tsconfig.build.json: npm ships dist/ and no build setup) runs dist/;
 * - a checkout of the repository runs dist/ when it holds a build no older than every source
 *   file, else the sources through tsx (`why`: `'no build'` or `'build older than the sources'`),
 *   so a fresh clone needs no build step and an edit is never hidden by an old build.
 *
 * @param {string} root the package's folder
 * @returns {{ kind: 'built' | 'sources', module: string, why?: string }}
 */
export function cliEntry(root) {
  const built = join(root, 'dist', 'cli', 'main.cjs');
  const sources = { kind: 'sources', module: join(root, 'src', 'cli', 'main.ts') };
  const isCheckout = existsSync(join(root, 'tsconfig.build.json'));
  if (!existsSync(built)) return { ...sources, why: 'no build' };
  if (isCheckout && newestSourceTime(root) > statSync(built).mtimeMs)
    return { ...sources, why: 'build older than the sources' };
  return { kind: 'built', module: built };
}

/** Files the build leaves out (tsconfig.build.json's `exclude`): editing a test needs no build. */
const TEST_FILE = /\.test(-d)?\.ts$|\.test-support\.ts$/;

/**
 * The latest modification time of a TypeScript file the build compiles. Every start from a
 * checkout pays this walk (some 350 files), so the paths are concatenated rather than
 * `join`ed: `join` normalizes each path, which made half the walk's cost (docs/performance.md,
 * "Starting the command line", bench section h).
 */
function newestSourceTime(root) {
  let newest = 0;
  for (const folder of SOURCE_FOLDERS) {
    const directory = join(root, folder);
    if (!existsSync(directory)) continue;
    for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || TEST_FILE.test(entry.name)) continue;
      const time = statSync(entry.parentPath + sep + entry.name).mtimeMs;
      if (time > newest) newest = time;
    }
  }
  return newest;
}
