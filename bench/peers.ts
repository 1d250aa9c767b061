import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { dynamoDbLocalIsInstalled, freePort, startDynamoDbLocal } from '../test/support/dynamodb-local.js';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A DynamoDB-speaking server in its own process, so its CPU time can be read from /proc. */
export interface Peer {
  readonly name: string;
  readonly endpoint: string;
  readonly pid: number;
  /** Operations the peer does not implement (dynalite has no transactions). */
  readonly unsupported: ReadonlySet<string>;
  stop(): Promise<void>;
}

export function httpClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
    maxAttempts: 1,
  });
}

/**
 * One untimed call before a client is measured again. A peer may close a keep-alive
 * connection that sat idle while the others were measured; when the close crosses a call
 * going out, that call fails with a connection reset. The bench's clients make one
 * attempt per call (a timed call never retries), so the first call after an idle spell is
 * made here, and retried on a reset.
 */
export async function reconnect(client: { send(command: ListTablesCommand): Promise<unknown> }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 3 || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw error;
    }
  }
}

/** AWS DynamoDB Local (Java), in memory. Undefined when its jar is not installed. */
export async function startDynamoDbLocalPeer(): Promise<Peer | undefined> {
  if (!dynamoDbLocalIsInstalled()) return undefined;
  const running = await startDynamoDbLocal();
  return {
    name: 'DynamoDB Local',
    endpoint: running.endpoint,
    pid: running.pid,
    unsupported: new Set(),
    stop: running.stop,
  };
}

export async function startMonotablePeer(): Promise<Peer> {
  return startChild(
    'monotable serve',
    [join(projectRoot, 'bin', 'monotable.js'), 'serve', '--in-memory', '--port'],
    new Set(),
  );
}

export async function startDynalitePeer(): Promise<Peer> {
  return startChild(
    'dynalite',
    [join(projectRoot, 'node_modules', 'dynalite', 'cli.js'), '--createTableMs', '0', '--port'],
    new Set(['transact']),
  );
}

export async function startFloorPeer(): Promise<Peer> {
  return startChild(
    'bare Node HTTP (floor)',
    ['--import', 'tsx', join(projectRoot, 'bench', 'floor-server.ts')],
    new Set(),
  );
}

/** Starts `node <args> <port>` and waits until it accepts a request. */
async function startChild(name: string, args: readonly string[], unsupported: ReadonlySet<string>): Promise<Peer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...args, String(port)], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      await fetch(endpoint, { method: 'GET' });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${name} did not start`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    name,
    endpoint,
    pid: child.pid ?? 0,
    unsupported,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
