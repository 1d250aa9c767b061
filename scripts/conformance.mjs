#!/usr/bin/env node
// Runs the DynamoDB conformance corpus (../shared/conformance) against `monotable serve`
// started in memory on a free loopback port, and prints the runner's report.
//   node scripts/conformance.mjs [--min-pass-rate 0.95] [runner options such as --filter item/]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runner = join(root, '..', 'shared', 'conformance', 'run.mjs');
if (!existsSync(runner)) {
  console.error('conformance corpus not found beside the project (../shared/conformance)');
  process.exit(2);
}

const args = process.argv.slice(2);
let minimumPassRate = 0;
const minimumIndex = args.indexOf('--min-pass-rate');
if (minimumIndex >= 0) {
  minimumPassRate = Number(args[minimumIndex + 1]);
  args.splice(minimumIndex, 2);
}

const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

const server = spawn(process.execPath, [join(root, 'bin', 'monotable.js'), 'serve', '--in-memory', '--port', String(port)], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const endpoint = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 30_000;
for (;;) {
  try {
    if ((await fetch(endpoint)).ok) break;
  } catch {
    // not listening yet
  }
  if (server.exitCode !== null || Date.now() > deadline) {
    console.error('monotable serve did not start');
    server.kill('SIGKILL');
    process.exit(2);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const run = spawn(process.execPath, [runner, '--endpoint', endpoint, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
let output = '';
run.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const exitCode = await new Promise((resolve) => run.on('exit', (code) => resolve(code ?? 1)));
server.kill('SIGTERM');

const summary = /^(\d+) passed, (\d+) failed$/m.exec(output);
if (!summary) process.exit(exitCode || 2);
const passed = Number(summary[1]);
const total = passed + Number(summary[2]);
const rate = total === 0 ? 0 : passed / total;
console.log(`conformance: ${passed}/${total} cases (${(rate * 100).toFixed(1)} %) against monotable serve`);
process.exit(rate >= minimumPassRate ? 0 : 1);
