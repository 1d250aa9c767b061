#!/usr/bin/env node
// Runs the built JavaScript (dist/), which is what the package ships. In a checkout of the
// repository without a current build it runs the TypeScript sources through tsx instead
// (see cli-entry.js); `npm run build` makes it start from dist/ again. Either way tsx
// compiles a user's model module only when that module is TypeScript (loadModelModule).
import { homedir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliEntry } from './cli-entry.js';
import { codeCacheFolder, requireWithCodeCache } from './code-cache.js';

// The SDK warns on every run that its 2027 releases will need Node 22; the pinned versions
// here support Node 20, so the warning is only noise in a CLI's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const entry = cliEntry(fileURLToPath(new URL('..', import.meta.url)));
let main;
if (entry.kind === 'sources') {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(pathToFileURL(entry.module).href));
} else {
  ({ main } = requireWithCodeCache(entry.module, codeCacheFolder(process.env, homedir())).exports);
}
const code = await main(process.argv);
// Long-running commands (serve) keep the event loop alive and exit on their own.
if (code !== 0) process.exitCode = code;
