#!/usr/bin/env node
// Runs the DynamoDB conformance corpus (../shared/conformance) against `monotable serve`
// started in memory on a free loopback port, and prints the runner's report.
//   node scripts/conformance.mjs [--min-pass-rate 0.95] [--through server|sdk-fast|sdk-full-stack]
//                                [runner options such as --filter item/]
// `--through sdk-fast` / `sdk-full-stack` sends every request through the in-process SDK client
// instead (`createLocalClient`, fast path or full stack) via the shim in test/conformance/. A
// request no SDK caller could send is refused by the shim; a case whose first mismatch is such a
// refusal is counted as not expressible through the SDK, apart from passes and failures.
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
/** Removes `--name value` from the runner's arguments and returns the value. */
function takeOption(name) {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  args.splice(index, 2);
  return value;
}
const minimumPassRate = Number(takeOption('--min-pass-rate') ?? 0);
const through = takeOption('--through') ?? 'server';
const SDK_MODES = { 'sdk-fast': 'fast', 'sdk-full-stack': 'full-stack' };
if (through !== 'server' && !(through in SDK_MODES)) {
  console.error(`--through must be server, sdk-fast or sdk-full-stack (got ${through})`);
  process.exit(2);
}

const target = through === 'server' ? await startServer() : await startShim(SDK_MODES[through]);

const run = spawn(process.execPath, [runner, '--endpoint', target.endpoint, ...args], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
run.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const exitCode = await new Promise((resolve) => run.on('exit', (code) => resolve(code ?? 1)));
await target.stop();

const summary = /^(\d+) passed, (\d+) failed$/m.exec(output);
if (!summary) process.exit(exitCode || 2);
const passed = Number(summary[1]);
const notExpressible = output.split('\n').filter((line) => line.startsWith('FAIL ') && target.isNotExpressible(line));
const total = passed + Number(summary[2]) - notExpressible.length;
const rate = total === 0 ? 0 : passed / total;
if (through === 'server') {
  console.log(`conformance: ${passed}/${total} cases (${(rate * 100).toFixed(1)} %) against monotable serve`);
} else {
  for (const line of notExpressible) console.log(`not expressible through the SDK: ${line.slice('FAIL '.length)}`);
  console.log(
    `conformance: ${passed}/${total} cases (${(rate * 100).toFixed(1)} %) through the in-process SDK client (${SDK_MODES[through]}); ` +
      `${notExpressible.length} not expressible through the SDK`,
  );
}
process.exit(rate >= minimumPassRate ? 0 : 1);

async function startServer() {
  const port = await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const server = spawn(
    process.execPath,
    [join(root, 'bin', 'monotable.js'), 'serve', '--in-memory', '--port', String(port)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
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
  return { endpoint, stop: async () => void server.kill('SIGTERM'), isNotExpressible: () => false };
}

// The shim is TypeScript and runs in this process, the runner in a child, as in its vitest suite.
async function startShim(mode) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { register } = await import('tsx/esm/api');
  register();
  const { startSdkShim } = await import('../test/conformance/sdk-shim.ts');
  const { isNotExpressibleMismatch } = await import('../test/conformance/not-expressible.ts');
  const shim = await startSdkShim(mode);
  return { endpoint: shim.endpoint, stop: () => shim.close(), isNotExpressible: isNotExpressibleMismatch };
}
