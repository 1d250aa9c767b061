import { spawn, type ChildProcess } from 'node:child_process';
import { cliPath, projectRoot } from './run-cli.js';

/** `monotable serve` in a child process, with everything it wrote to standard error so far. */
export interface ServeProcess {
  readonly child: ChildProcess;
  readonly endpoint: string;
  /** Standard error as received so far. */
  stderr(): string;
  /** Resolves once standard error holds text for which `done` is true (the test's timeout bounds the wait). */
  stderrWhen(done: (text: string) => boolean): Promise<string>;
  stop(): Promise<void>;
}

/** Runs `monotable serve --port 0 …args` and waits for its endpoint line. */
export function startServeProcess(args: readonly string[], cwd = projectRoot): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const waiting = new Set<() => void>();
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of waiting) check();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.once('exit', (code) => reject(new Error(`monotable serve exited with ${code}: ${stderr}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/[^\s]+:\d+)/.exec(stdout);
      if (!match) return;
      resolve({
        child,
        endpoint: match[1],
        stderr: () => stderr,
        stderrWhen: (done) =>
          new Promise((resolveText) => {
            const check = (): void => {
              if (!done(stderr)) return;
              waiting.delete(check);
              resolveText(stderr);
            };
            waiting.add(check);
            check();
          }),
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

/**
 * Sends one DynamoDB request with `fetch` (any credentials do without --require-signature) and
 * returns its status, request id and body.
 */
export async function sendRequest(
  endpoint: string,
  operation: string,
  input: object,
): Promise<{ status: number; requestId: string; body: Record<string, unknown> }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': `DynamoDB_20120810.${operation}`,
      Authorization:
        'AWS4-HMAC-SHA256 Credential=local/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify(input),
  });
  return {
    status: response.status,
    requestId: response.headers.get('x-amzn-requestid') ?? '',
    body: (await response.json()) as Record<string, unknown>,
  };
}
