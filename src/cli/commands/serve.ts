import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_CONNECTION_LIMITS } from '../../local/server/connection-limits.js';
import { isLoopback } from '../../local/server/host-allow-list.js';
import { startServer } from '../../local/server/start-server.js';
import type { CliCommand } from '../command.js';

/** Where `monotable serve` keeps its data unless told otherwise, relative to the working directory. */
export const DEFAULT_DATABASE_FILE = '.monotable/monotable.sqlite';

interface ServeFlags {
  readonly port: number;
  readonly host: string;
  readonly db?: string;
  readonly inMemory?: boolean;
  readonly region: string;
  readonly ttlInterval: number;
  readonly headerTimeout: number;
  readonly bodyTimeout: number;
  readonly keepAliveTimeout: number;
  readonly maxConnections: number;
  readonly maxBufferedMb: number;
}

export const serveCommand: CliCommand = {
  register(program: Command): void {
    const command = program
      .command('serve')
      .description('serve the local engine over DynamoDB\'s HTTP protocol (for any SDK, boto3, the AWS CLI)')
      .option('-p, --port <port>', 'port to listen on (0: any free port)', parsePort, 8000)
      .option('--host <host>', 'interface to bind; the server accepts any credentials, so keep it local', '127.0.0.1')
      .option('--db <file>', `SQLite file to open or create (default ${DEFAULT_DATABASE_FILE})`)
      .option('--in-memory', 'keep the data in memory only')
      .option('--region <region>', 'region shown in ARNs', 'us-east-1')
      .option(
        '--ttl-interval <seconds>',
        'how often expired TTL items are deleted (DynamoDB: within about 48 hours); 0 turns reaping off',
        parseSeconds,
        5,
      )
      .option('--header-timeout <seconds>', 'close a connection whose request head takes longer', parseSeconds, DEFAULT_CONNECTION_LIMITS.headerTimeoutMs / 1000)
      .option('--body-timeout <seconds>', 'answer 408 and close when a request body takes longer', parseSeconds, DEFAULT_CONNECTION_LIMITS.bodyTimeoutMs / 1000)
      .option('--keep-alive-timeout <seconds>', 'end idle keep-alive connections after this long', parseSeconds, 60)
      .option('--max-connections <count>', 'open connections served at once; more are closed', parseCount, DEFAULT_CONNECTION_LIMITS.maxConnections)
      .option('--max-buffered-mb <megabytes>', 'memory held for unfinished request bodies, all connections together; past it, reading waits', parseCount, DEFAULT_CONNECTION_LIMITS.maxBufferedBytes / (1024 * 1024));
    command.action(async (flags: ServeFlags) => {
      if (flags.db && flags.inMemory) command.error('error: --db and --in-memory exclude each other');
      await serve(flags);
    });
  },
};

async function serve(flags: ServeFlags): Promise<void> {
  const path = flags.inMemory ? undefined : resolve(flags.db ?? DEFAULT_DATABASE_FILE);
  const server = await startServer({
    port: flags.port,
    host: flags.host,
    region: flags.region,
    path,
    inMemory: !path,
    engineOptions: { ttlReapIntervalMs: Math.round(flags.ttlInterval * 1000) },
    keepAliveTimeoutMs: Math.round(flags.keepAliveTimeout * 1000),
    limits: {
      headerTimeoutMs: Math.round(flags.headerTimeout * 1000),
      bodyTimeoutMs: Math.round(flags.bodyTimeout * 1000),
      maxConnections: flags.maxConnections,
      maxBufferedBytes: flags.maxBufferedMb * 1024 * 1024,
    },
  });
  if (!isLoopback(flags.host)) {
    console.warn(
      `monotable: warning: listening on ${flags.host}, reachable from other machines; any credentials are accepted, so anyone who can reach it can read and change the data`,
    );
  }
  const where = path ? `database ${flags.db ?? DEFAULT_DATABASE_FILE}` : 'in memory';
  console.log(`monotable: DynamoDB endpoint ${server.endpoint} (${where}; Ctrl-C stops)`);

  // Close the engine on the way out so SQLite checkpoints its write-ahead log into the file.
  const stop = (signal: NodeJS.Signals): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    server.close().then(
      () => process.exit(signal === 'SIGINT' ? 130 : 143),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('not a port number');
  return port;
}

function parseCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new InvalidArgumentError('not a positive whole number');
  return count;
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) throw new InvalidArgumentError('not a number of seconds');
  return seconds;
}
