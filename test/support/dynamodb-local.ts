import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where `scripts/fetch-dynamodb-local.sh` puts AWS DynamoDB Local 1.25.1. */
export const dynamoDbLocalDirectory = join(projectRoot, '.cache', 'dynamodb-local');
/** Where it puts AWS DynamoDB Local 3.3.1 (multi-attribute GSI keys, streams, PartiQL). */
export const dynamoDbLocal3Directory = join(projectRoot, '.cache', 'dynamodb-local-3');

export interface RunningDynamoDbLocal {
  readonly endpoint: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Appended to the title of a suite that skips when this run started no DynamoDB Local (its
 * injected endpoint is ''), so the run says why.
 */
export function dynamoDbLocalSkipNote(endpoint: string | undefined): string {
  return endpoint
    ? ''
    : ' (skipped: DynamoDB Local not started in this run: scripts/fetch-dynamodb-local.sh installs it)';
}

export function dynamoDbLocalIsInstalled(directory: string = dynamoDbLocalDirectory): boolean {
  return existsSync(join(directory, 'DynamoDBLocal.jar'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts DynamoDB Local in memory on a free loopback port and waits until it answers.
 * `directory` picks the build: `dynamoDbLocalDirectory` (1.25.1) or `dynamoDbLocal3Directory` (3.3.1).
 */
export async function startDynamoDbLocal(directory: string = dynamoDbLocalDirectory): Promise<RunningDynamoDbLocal> {
  if (!dynamoDbLocalIsInstalled(directory)) {
    throw new Error('DynamoDB Local is not installed: run scripts/fetch-dynamodb-local.sh');
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    'java',
    [
      `-Djava.library.path=${join(directory, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(directory, 'DynamoDBLocal.jar'),
      '-inMemory',
      '-port',
      String(port),
    ],
    { stdio: 'ignore' },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with ${child.exitCode}`);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          authorization:
            'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        },
        body: '{}',
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('DynamoDB Local did not start within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    endpoint,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
