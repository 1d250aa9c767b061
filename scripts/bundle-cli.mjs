#!/usr/bin/env node
// Bundles the command line, as `tsc -p tsconfig.build.json` built it (dist/src/cli/main.js),
// into one CommonJS file, dist/cli/main.cjs. `monotable serve` then reads one file of its own
// instead of some 250 modules, and bin/code-cache.js can keep V8's code cache of it (Node 20
// has no code cache for ES modules); both made most of its start (docs/performance.md,
// "Starting the command line", bench section h). Packages stay outside the bundle, required
// from node_modules as before, except commander (below); the library entry points
// (dist/src/…) stay as tsc wrote them.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULE_WRAPPER_OPENING } from '../bin/code-cache.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');
// Plain JavaScript with no files of its own to find: bundled, it is read with the command line
// and kept in its code cache (`require`d from node_modules it made about a tenth of a start).
const BUNDLED_PACKAGES = new Set(['commander']);
const outfile = join(outdir, 'main.cjs');
// The first line names the build: bin/code-cache.js keys V8's code cache by it. The hash goes in
// after bundling, in place of as many zeros, so the source map's lines stay right.
const unnamedBuild = `// build ${'0'.repeat(64)}`;
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'dist', 'src', 'cli', 'main.js')],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  plugins: [packagesOutsideExcept(BUNDLED_PACKAGES), importThroughTheLoader()],
  // The sources are ES modules that find files beside them by `import.meta.url`; in the bundle
  // that is the bundle's own URL, as it was when the bundle was an ES module.
  define: { 'import.meta.url': '__bundleUrl' },
  // Written as the function bin/code-cache.js compiles (its parameters are those of
  // `require`'s wrapper and the loader's import), so the loader runs the text as it reads it.
  banner: {
    js: `${unnamedBuild}\n${MODULE_WRAPPER_OPENING}var __bundleUrl = require("node:url").pathToFileURL(__filename).href;`,
  },
  footer: { js: '})' },
  // The loader reads the bundle as Latin-1, which is ASCII's superset: esbuild escapes every
  // other character (checked below).
  charset: 'ascii',
  sourcemap: true,
  // Start-up trick (docs/performance.md, "Starting the command line", bench section h): less
  // text to read and copy at every start, and for V8 to compile without a code cache. Local
  // names are shortened; functions and classes keep their names (`keepNames`: error names,
  // `new.target.name`, stack traces).
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  keepNames: true,
  logLevel: 'warning',
});
const bundle = readFileSync(outfile, 'utf8');
if (!bundle.startsWith(`${unnamedBuild}\n`)) throw new Error(`${outfile} does not start with its build line`);
const rawImport = /(^|[^\w$.])import\(/m.exec(bundle);
if (rawImport)
  throw new Error(`${outfile} calls import() itself (at ${rawImport.index}): use src/shared/import-module.ts instead`);
const notAscii = /[^\x00-\x7f]/.exec(bundle);
if (notAscii)
  throw new Error(
    `${outfile} holds a character outside ASCII (at ${notAscii.index}); bin/code-cache.js reads it as Latin-1`,
  );
const rest = bundle.slice(unnamedBuild.length);
writeFileSync(outfile, `// build ${createHash('sha256').update(rest).digest('hex')}${rest}`);

/** esbuild's `packages: 'external'`, but for the packages named. */
function packagesOutsideExcept(bundled) {
  return {
    name: 'packages-outside-except',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (path.startsWith('node:')) return { path, external: true };
        const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
        return bundled.has(name) ? undefined : { path, external: true };
      });
    },
  };
}

/**
 * src/shared/import-module.ts as the bundle needs it. Node 20 refuses `import()` in a script
 * read from a code cache, so bin/code-cache.js, which runs the bundle, hands it an import of
 * its own (the wrapper's `__importModule`).
 */
function importThroughTheLoader() {
  return {
    name: 'import-through-the-loader',
    setup(builder) {
      builder.onResolve({ filter: /[\\/]shared[\\/]import-module\.js$/ }, () => ({
        path: 'import-module',
        namespace: 'import-through-the-loader',
      }));
      builder.onLoad({ filter: /.*/, namespace: 'import-through-the-loader' }, () => ({
        contents: 'export const importModule = (specifier) => __importModule(specifier);',
        loader: 'js',
      }));
    },
  };
}
