// `monotable console` from the installed package: started in a throwaway app (see run.sh) with
// the packaged research-jobs model on an in-memory engine, its Tables and Model pages must answer.
//
//   node console-smoke.mjs <app dir> <model module>
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const [app, model] = process.argv.slice(2);
const bin = join(app, 'node_modules', 'monotable', 'bin', 'monotable.js');
const child = spawn(process.execPath, [bin, 'console', '--model', model, '--port', '0'], {
  cwd: app,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stderr = '';
child.stderr.on('data', (chunk) => (stderr += chunk));
try {
  const url = await new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`no address within 60 s: ${stdout}${stderr}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`monotable console exited with ${code}: ${stderr}`)));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /console at (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    });
  });
  const tables = await fetch(`${url}/tables`);
  assert.equal(tables.status, 200);
  assert.match(await tables.text(), /research-jobs/);
  const modelPage = await fetch(`${url}/model`);
  assert.equal(modelPage.status, 200);
  assert.match(await modelPage.text(), /class="served">served</);
  console.log(`console ok: ${url}/tables and /model answered`);
} finally {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
