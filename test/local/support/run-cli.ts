import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const cliPath = join(projectRoot, 'bin', 'monotable.js');

export interface ServingCli {
  readonly child: ChildProcess;
  readonly endpoint: string;
  /** The line the server printed on startup. */
  readonly banner: string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `monotable serve …` as a child process and waits for its startup line. */
export function startCliServer(args: readonly string[], cwd = projectRoot): Promise<ServingCli> {
  const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => fail(new Error(`monotable serve did not start: ${output}${errors}`)), 30_000);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exitedEarly = (code: number | null): void =>
      fail(new Error(`monotable serve exited with ${code}: ${errors}`));
    child.once('exit', exitedEarly);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/[^\s]+:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolve({
        child,
        endpoint: match[1],
        banner: output.trim(),
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}
