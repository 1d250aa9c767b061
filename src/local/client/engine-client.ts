import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import type { EngineLike } from '../engine-like.js';
import { EngineRequestHandler } from './engine-request-handler.js';
import { installFastPath } from '../sdk-accelerator/fast-path.js';

export interface EngineClientOptions {
  /**
   * `fast` (default) hands each command's input to the engine right after the
   * DocumentClient's marshalling; `full-stack` runs the SDK's whole HTTP stack
   * (serialize, sign, retry, deserialize) against an in-process request handler.
   */
  readonly mode?: 'fast' | 'full-stack';
  /** Region reported in ARNs and the health line. Default `us-east-1`. */
  readonly region?: string;
  /** Further `DynamoDBClient` settings (logger, extensions…); transport settings are ignored. */
  readonly clientConfig?: Omit<DynamoDBClientConfig, 'requestHandler' | 'endpoint' | 'region' | 'credentials'>;
}

/** A `DynamoDBClient` wired to an engine in-process. `createLocalClient` is the public entry. */
export function createEngineClient(engine: EngineLike, options: EngineClientOptions = {}): DynamoDBClient {
  const region = options.region ?? 'us-east-1';
  const client = new DynamoDBClient({
    ...options.clientConfig,
    region,
    // Never contacted: the request handler answers every request in-process.
    endpoint: 'http://localhost:8000',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: new EngineRequestHandler(engine, region),
  });
  if ((options.mode ?? 'fast') === 'fast') installFastPath(client, engine);
  return client;
}
