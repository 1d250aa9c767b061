import { existsSync } from 'node:fs';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { importModule } from '../shared/import-module.js';
import { MissingFileError, MissingRegionError, UnsupportedLocationRoleError } from './errors.js';
import { describeLocation, type Location } from './location.js';

/** A low-level client for one location, and how to let go of it. */
export interface OpenedClient {
  readonly client: DynamoDBClient;
  /** Human-readable location, for messages. */
  readonly description: string;
  close(): Promise<void>;
}

export interface OpenClientOptions {
  /**
   * Refuse a `sqlite:` file that does not exist instead of creating it: a source, or a
   * target whose table must already exist (import). Default false (copy creates both).
   */
  readonly mustExist?: boolean;
  /**
   * Open a `sqlite:` file to read it only (a source): nothing is written to it or beside it, so
   * a read-only file or folder is fine (the engine's `readOnly`). Default false.
   */
  readonly readOnly?: boolean;
}

/** Why `adr-sqlite:` is refused as a target, and what to write to instead. */
export const ADR_SQLITE_SOURCE_ONLY =
  'adr-sqlite: is source only (it reads a plain ADR-shaped table); write to sqlite:<file>, an http(s) endpoint or aws';

/** Throws `UnsupportedLocationRoleError` for a location that cannot be written to. */
export function assertWritable(location: Location): void {
  if (location.kind === 'adr-sqlite')
    throw new UnsupportedLocationRoleError(describeLocation(location), 'target', ADR_SQLITE_SOURCE_ONLY);
}

/** Region used for endpoints when the environment names none; local engines ignore it. */
const localRegion = 'us-east-1';

/**
 * Opens the low-level `DynamoDBClient` (never the DocumentClient: items stay in wire format,
 * so numbers never pass through a JS double) for a location.
 *
 * @example
 * const { client, close } = await openClient(parseLocation('http://127.0.0.1:8000'));
 * try { await client.send(new ListTablesCommand({})); } finally { await close(); }
 */
export async function openClient(location: Location, options: OpenClientOptions = {}): Promise<OpenedClient> {
  const description = describeLocation(location);
  switch (location.kind) {
    case 'aws': {
      const { DynamoDBClient } = await awsSdk();
      const client = new DynamoDBClient(location.region ? { region: location.region } : {});
      // The SDK finds no region only when a request is sent, and says no more than "Region is missing".
      try {
        await client.config.region();
      } catch (error) {
        client.destroy();
        throw new MissingRegionError(description, error);
      }
      return { client, description, close: async () => client.destroy() };
    }
    case 'endpoint': {
      const { DynamoDBClient } = await awsSdk();
      const client = new DynamoDBClient({
        endpoint: location.url,
        region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? localRegion,
        // Local endpoints accept any signature; only insist on real credentials if the user set some.
        ...(hasCredentialsInEnvironment() ? {} : { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      });
      return { client, description, close: async () => client.destroy() };
    }
    case 'sqlite': {
      if (options.mustExist && !existsSync(location.path)) throw new MissingFileError(description, location.path);
      // Loaded on demand so that moving data between AWS endpoints never loads the engine.
      const { createLocalClient } = await import('../local/index.js');
      const client = createLocalClient(
        options.readOnly ? { path: location.path, engineOptions: { readOnly: true } } : { path: location.path },
      );
      return { client, description, close: async () => client.destroy() };
    }
    case 'adr-sqlite':
      throw new UnsupportedLocationRoleError(description, 'target', ADR_SQLITE_SOURCE_ONLY);
  }
}

/** The SDK, loaded on demand: the command line parses locations (assertWritable) on every run. */
function awsSdk(): Promise<typeof import('@aws-sdk/client-dynamodb')> {
  return importModule<typeof import('@aws-sdk/client-dynamodb')>('@aws-sdk/client-dynamodb');
}

function hasCredentialsInEnvironment(): boolean {
  return Boolean(process.env.AWS_ACCESS_KEY_ID || process.env.AWS_PROFILE);
}
