#!/usr/bin/env node
// Runs the TypeScript sources directly: no build step after `npm ci`. tsx is a runtime
// dependency on purpose, since commands also load the user's TypeScript model modules.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv);
// Long-running commands (serve) keep the event loop alive and exit on their own.
if (code !== 0) process.exitCode = code;
