#!/usr/bin/env node
// Bundles the command line, as `tsc -p tsconfig.build.json` built it (dist/src/cli/main.js),
// into dist/cli/: one module with what every command loads, and a chunk for each part a
// command loads only when it runs (the demo, export/import/copy, the AWS SDK's users).
// `monotable serve` then reads a handful of files instead of some 250 modules, which made
// most of its start (bench section h). Packages stay outside the bundle, resolved from
// node_modules as before; the library entry points (dist/src/…) are left as tsc wrote them.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'dist', 'src', 'cli', 'main.js')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Start-up trick (docs/performance.md, "Starting the command line", bench section h): less
  // text for V8 to parse at every start. Names stay as written (error names, stack traces).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
