import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from '../commander.js';
import { DEFAULT_CONNECTION_LIMITS } from '../../local/server/connection-limits.js';
import { isLoopback } from '../../local/server/host-allow-list.js';
import {
  CredentialListError,
  parseCredentialFile,
  parseCredentialList,
} from '../../local/server/signing-credentials.js';
import { startServer } from '../../local/server/start-server.js';
import type { CliCommand } from '../command.js';
import type { Engine } from '../../engine/engine.js';
import {
  CloudFlagsError,
  cloudOptionsOf,
  faultReportLines,
  parseDurationFlag,
  parseProfileFlag,
  parseSeedFlag,
  type CloudFlags,
} from './serve-cloud-options.js';
import type { CloudOptions } from '../../engine/cloud/cloud-options.js';

/** Where `monotable serve` keeps its data unless told otherwise, relative to the working directory. */
export const DEFAULT_DATABASE_FILE = '.monotable/monotable.sqlite';

interface ServeFlags extends CloudFlags {
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
  readonly requireSignature?: boolean;
  readonly credentials?: string;
  readonly credentialsFile?: string;
  readonly log?: 'requests';
}

export const serveCommand: CliCommand = {
  register(program: Command): void {
    const command = program
      .command('serve')
      .description("serve the local engine over DynamoDB's HTTP protocol (for any SDK, boto3, the AWS CLI)")
      .option('-p, --port <port>', 'port to listen on (0: any free port)', parsePort, 8000)
      .option(
        '--host <host>',
        'interface to bind; without --require-signature any credentials are accepted, so keep it local',
        '127.0.0.1',
      )
      .option('--db <file>', `SQLite file to open or create (default ${DEFAULT_DATABASE_FILE})`)
      .option('--in-memory', 'keep the data in memory only')
      .option(
        '--region <region>',
        'region shown in ARNs (and, with --require-signature, the one signatures must be scoped to)',
        'us-east-1',
      )
      .option(
        '--ttl-interval <seconds>',
        'how often expired TTL items are deleted (DynamoDB: within about 48 hours); 0 turns reaping off',
        parseSeconds,
        5,
      )
      .option(
        '--header-timeout <seconds>',
        'close a connection whose request head takes longer',
        parseSeconds,
        DEFAULT_CONNECTION_LIMITS.headerTimeoutMs / 1000,
      )
      .option(
        '--body-timeout <seconds>',
        'answer 408 and close when a request body takes longer',
        parseSeconds,
        DEFAULT_CONNECTION_LIMITS.bodyTimeoutMs / 1000,
      )
      .option('--keep-alive-timeout <seconds>', 'end idle keep-alive connections after this long', parseSeconds, 60)
      .option(
        '--max-connections <count>',
        'open connections served at once; more are closed',
        parseCount,
        DEFAULT_CONNECTION_LIMITS.maxConnections,
      )
      .option(
        '--max-buffered-mb <megabytes>',
        'memory held for unfinished request bodies, all connections together; past it, reading waits',
        parseCount,
        DEFAULT_CONNECTION_LIMITS.maxBufferedBytes / (1024 * 1024),
      )
      .option(
        '--require-signature',
        'serve only requests signed (AWS SigV4) with a key given by --credentials or --credentials-file',
      )
      .option(
        '--credentials <list>',
        'access keys for --require-signature: KEY:SECRET[,KEY:SECRET…] (visible to other local users in the process list; prefer a file)',
      )
      .option(
        '--credentials-file <file>',
        'access keys for --require-signature: one KEY:SECRET per line; blank lines and # comments skipped',
      )
      .option(
        '--log <what>',
        'requests: one line per request on standard error (operation, table, HTTP status, time in ms, request id); ' +
          'internal errors (HTTP 500) are always logged there, with their request id and stack',
        parseLogChoice,
      )
      .option(
        '--cloud <file>',
        'the cloud behaviour, as JSON (the options of new Engine({ cloud }): seed, profile, consistency, transactions, faults; docs/cloud-behaviour.md)',
      )
      .option('--cloud-seed <number>', 'cloud behaviour: the seed of every random draw (over --cloud)', parseSeedFlag)
      .option(
        '--cloud-profile <profile>',
        "cloud behaviour: 'realistic', the service's typical figures",
        parseProfileFlag,
      )
      .option(
        '--replication-lag-ms <ms>',
        'cloud behaviour: eventually consistent reads lag changes by MS, or MIN-MAX drawn per change',
        parseDurationFlag,
      )
      .option('--index-lag-ms <ms>', 'cloud behaviour: index reads lag changes by MS, or MIN-MAX', parseDurationFlag)
      .option(
        '--transaction-in-flight-ms <ms>',
        'cloud behaviour: a transaction holds its items this long from its start (MS or MIN-MAX); writes meeting it conflict',
        parseDurationFlag,
      );
    command.action(async (flags: ServeFlags) => {
      if (flags.db && flags.inMemory) command.error('error: --db and --in-memory exclude each other');
      let cloud: CloudOptions | undefined;
      try {
        cloud = cloudOptionsOf(flags);
      } catch (error) {
        if (error instanceof CloudFlagsError) command.error(`error: ${error.message}`);
        throw error;
      }
      let credentials: Map<string, string> | undefined;
      try {
        credentials = signingCredentials(flags);
      } catch (error) {
        if (error instanceof CredentialListError) command.error(`error: ${error.message}`);
        throw error;
      }
      await serve(flags, credentials, cloud);
    });
  },
};

/** The access keys to require, or `undefined` when signatures are not required. */
function signingCredentials(flags: ServeFlags): Map<string, string> | undefined {
  const given = flags.credentials !== undefined || flags.credentialsFile !== undefined;
  if (!flags.requireSignature) {
    if (given) throw new CredentialListError('--credentials and --credentials-file need --require-signature');
    return undefined;
  }
  if (!given) throw new CredentialListError('--require-signature needs --credentials or --credentials-file');
  const credentials = new Map<string, string>();
  const add = (entries: Map<string, string>): void => {
    for (const [key, secret] of entries) {
      if (credentials.has(key) && credentials.get(key) !== secret)
        throw new CredentialListError(`access key ${key} is given two different secrets`);
      credentials.set(key, secret);
    }
  };
  if (flags.credentials !== undefined) add(parseCredentialList(flags.credentials));
  if (flags.credentialsFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(resolve(flags.credentialsFile), 'utf8');
    } catch (error) {
      throw new CredentialListError(
        `cannot read --credentials-file ${flags.credentialsFile}: ${(error as Error).message}`,
      );
    }
    try {
      add(parseCredentialFile(text));
    } catch (error) {
      if (error instanceof CredentialListError)
        throw new CredentialListError(`${flags.credentialsFile}: ${error.message}`);
      throw error;
    }
  }
  return credentials;
}

async function serve(
  flags: ServeFlags,
  credentials: Map<string, string> | undefined,
  cloud: CloudOptions | undefined,
): Promise<void> {
  const path = flags.inMemory ? undefined : resolve(flags.db ?? DEFAULT_DATABASE_FILE);
  const server = await startServer({
    log: { requests: flags.log === 'requests' },
    port: flags.port,
    host: flags.host,
    region: flags.region,
    path,
    inMemory: !path,
    engineOptions: { ttlReapIntervalMs: Math.round(flags.ttlInterval * 1000), ...(cloud ? { cloud } : {}) },
    keepAliveTimeoutMs: Math.round(flags.keepAliveTimeout * 1000),
    limits: {
      headerTimeoutMs: Math.round(flags.headerTimeout * 1000),
      bodyTimeoutMs: Math.round(flags.bodyTimeout * 1000),
      maxConnections: flags.maxConnections,
      maxBufferedBytes: flags.maxBufferedMb * 1024 * 1024,
    },
    ...(credentials ? { requireSignature: { credentials } } : {}),
  }).catch((error: unknown) => {
    throw listenFailure(error, flags) ?? error;
  });
  if (!isLoopback(flags.host)) {
    console.warn(
      credentials
        ? `monotable: warning: listening on ${flags.host}, reachable from other machines; requests must be signed with one of ${keys(credentials.size)}, but travel unencrypted (plain HTTP)`
        : `monotable: warning: listening on ${flags.host}, reachable from other machines; any credentials are accepted, so anyone who can reach it can read and change the data`,
    );
  }
  const where = path ? `database ${flags.db ?? DEFAULT_DATABASE_FILE}` : 'in memory';
  const signed = credentials ? `; signed requests only, ${keys(credentials.size)}` : '';
  const inCloud = cloud ? '; cloud behaviour on' : '';
  console.log(`monotable: DynamoDB endpoint ${server.endpoint} (${where}${signed}${inCloud}; Ctrl-C stops)`);

  // Close the engine on the way out so SQLite checkpoints its write-ahead log into the file.
  const stop = (signal: NodeJS.Signals): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    for (const line of faultReportLines((server.engine as Engine).faultReport?.() ?? [])) console.error(line);
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

/** The port in use, or closed to this user, said in the command's words (`--port`), or `undefined` for another failure. */
function listenFailure(error: unknown, flags: ServeFlags): Error | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `port ${flags.port} on ${flags.host}`;
  if (code === 'EADDRINUSE') {
    return new Error(
      `${where} is in use (by another monotable serve, DynamoDB Local, or another program): ` +
        `stop it, choose another port (--port ${flags.port === 65535 ? 8001 : flags.port + 1}), ` +
        'or let the system pick a free one (--port 0; the endpoint line shows which)',
      { cause: error },
    );
  }
  if (code === 'EACCES') {
    return new Error(
      `permission denied to listen on ${where} (ports below 1024 need privileges): ` +
        'choose another port (--port 8000), or let the system pick a free one (--port 0)',
      { cause: error },
    );
  }
  return undefined;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('not a port number');
  return port;
}

function parseLogChoice(value: string): 'requests' {
  if (value !== 'requests') throw new InvalidArgumentError('the only choice is "requests"');
  return value;
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

function keys(count: number): string {
  return count === 1 ? '1 access key' : `${count} access keys`;
}
