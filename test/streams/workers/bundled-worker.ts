import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryModules = resolve(here, '../../../node_modules');

/**
 * `stream-writer.ts` bundled into one CommonJS file in `directory`: a child then starts
 * in plain node, several times faster than through tsx, which keeps tests that start
 * dozens of processes short. better-sqlite3 stays outside (a native module).
 */
export async function bundleStreamWriter(directory: string): Promise<string> {
  const outfile = join(directory, 'stream-writer.cjs');
  await build({
    entryPoints: [join(here, 'stream-writer.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    external: ['better-sqlite3'],
    logLevel: 'warning',
  });
  return outfile;
}

export function forkBundled(script: string, args: string[]): ChildProcess {
  return fork(script, args, {
    env: { ...process.env, NODE_PATH: repositoryModules },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
