#!/usr/bin/env node
// Runs the TypeScript sources directly: no build step after `npm ci`. tsx is a runtime
// dependency on purpose, since commands also load the user's TypeScript model modules.
import { register } from 'tsx/esm/api';

// The SDK warns on every run that its 2027 releases will need Node 22; the pinned versions
// here support Node 20, so the warning is only noise in a CLI's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv);
// Long-running commands (serve) keep the event loop alive and exit on their own.
if (code !== 0) process.exitCode = code;
