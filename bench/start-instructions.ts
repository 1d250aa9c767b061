import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchFolder = dirname(fileURLToPath(import.meta.url));

/** A Node server's start as section (h) counts its instructions: `node <args(port)>`. */
export interface CountedStart {
  readonly name: string;
  readonly args: (port: number) => string[];
  readonly environment?: NodeJS.ProcessEnv;
}

/** Whether valgrind is on this machine (it is on every machine kind this project runs on). */
export function canCountInstructions(): boolean {
  return spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * The CPU instructions a start executes from the process's first instruction to its first
 * answered request, counted by valgrind's cachegrind (`--cache-sim=no`): the server runs with
 * bench/start-probe.mjs preloaded, which sends ListTables until one is answered and then exits
 * the process. Unlike a time, the count barely moves with what else the machine runs, so it
 * compares two starts even on a loaded machine. Page faults and other kernel work are not in it.
 */
export function countStartInstructions(start: CountedStart, port: number, cwd: string): number {
  const result = spawnSync(
    'valgrind',
    [
      '--tool=cachegrind',
      '--cache-sim=no',
      '--cachegrind-out-file=/dev/null',
      process.execPath,
      '--import',
      join(benchFolder, 'start-probe.mjs'),
      ...start.args(port),
    ],
    {
      cwd,
      encoding: 'utf8',
      timeout: 180_000,
      env: { ...process.env, ...start.environment, START_PROBE_PORT: String(port) },
    },
  );
  const counted = /I\s+refs:\s+([\d,]+)/.exec(result.stderr ?? '');
  if (result.status !== 0 || counted === null)
    throw new Error(`${start.name} under cachegrind: exit ${result.status}, ${result.stderr?.slice(-400)}`);
  return Number(counted[1].replaceAll(',', ''));
}
