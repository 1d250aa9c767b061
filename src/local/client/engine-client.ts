import * as sdkModule from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient, DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { packageRequire } from '../../shared/package-require.js';
import type { EngineLike } from '../engine-like.js';
import { installFastPath } from '../sdk-accelerator/fast-path.js';
import { sdkVerdictFor, type SdkModule } from '../sdk-accelerator/sdk-self-check.js';
import { EngineRequestHandler } from './engine-request-handler.js';

export type LocalClientMode = 'fast' | 'full-stack';

export interface EngineClientOptions {
  /**
   * `fast` (default) hands each command's input to the engine right after the
   * DocumentClient's marshalling; `full-stack` runs the SDK's whole HTTP stack
   * (serialize, sign, retry, deserialize) against an in-process request handler.
   * `fast` runs only on an SDK the accelerator's self-check accepts; on any other, the
   * client runs full-stack and a warning says why (once per SDK copy and process).
   */
  readonly mode?: LocalClientMode;
  /** Region reported in ARNs and the health line. Default `us-east-1`. */
  readonly region?: string;
  /** Further `DynamoDBClient` settings (logger, extensions…); transport settings are ignored. */
  readonly clientConfig?: Omit<DynamoDBClientConfig, 'requestHandler' | 'endpoint' | 'region' | 'credentials'>;
}

/** An SDK copy as the client is built from it: its module and the version it says it is. */
export interface SdkCopy extends SdkModule {
  readonly version: string;
}

/** The `@aws-sdk/client-dynamodb` this package resolves. */
export const RESOLVED_SDK: SdkCopy = {
  DynamoDBClient: sdkModule.DynamoDBClient,
  GetItemCommand: sdkModule.GetItemCommand,
  QueryCommand: sdkModule.QueryCommand,
  TransactWriteItemsCommand: sdkModule.TransactWriteItemsCommand,
  get version() {
    return versionOfResolvedSdk();
  },
};

// By client config, which a DocumentClient shares with the client it wraps.
const modes = new WeakMap<object, LocalClientMode>();
/** SDK copies (by client class) whose fallback has been announced. */
const warned = new WeakSet<object>();

/** A `DynamoDBClient` wired to an engine in-process. `createLocalClient` is the public entry. */
export function createEngineClient(engine: EngineLike, options: EngineClientOptions = {}): DynamoDBClient {
  return createEngineClientFrom(RESOLVED_SDK, engine, options);
}

/** `createEngineClient` with the client class of a given SDK copy. */
export function createEngineClientFrom(
  sdk: SdkCopy,
  engine: EngineLike,
  options: EngineClientOptions = {},
): DynamoDBClient {
  const region = options.region ?? 'us-east-1';
  const Client = sdk.DynamoDBClient as unknown as typeof DynamoDBClient;
  const client = new Client({
    // Endpoint discovery never runs against a fixed endpoint; the SDK's default cache holds 1,000 entries per client.
    endpointCacheSize: 1,
    ...options.clientConfig,
    region,
    // Never contacted: the request handler answers every request in-process.
    endpoint: 'http://localhost:8000',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: new EngineRequestHandler(engine, region),
  });
  let mode: LocalClientMode = 'full-stack';
  if ((options.mode ?? 'fast') === 'fast') {
    const { missing, directConversion } = sdkVerdictFor(sdk, client);
    if (missing.length === 0) {
      installFastPath(client, engine, { directConversion });
      mode = 'fast';
    } else if (!warned.has(sdk.DynamoDBClient)) {
      warned.add(sdk.DynamoDBClient);
      process.emitWarning(
        `monotable: @aws-sdk/client-dynamodb ${sdk.version} is not one the fast path knows (missing: ${missing.join('; ')}); its local clients run the full SDK stack in-process.`,
        { type: 'MonotableWarning', code: 'MONOTABLE_SDK_FULL_STACK' },
      );
    }
  }
  modes.set(client.config, mode);
  return client;
}

/** The mode a client made by `createEngineClient` runs in, or `undefined` for another client. */
export function engineClientModeOf(client: { readonly config: object }): LocalClientMode | undefined {
  return modes.get(client.config);
}

function versionOfResolvedSdk(): string {
  try {
    const require = packageRequire;
    return (require('@aws-sdk/client-dynamodb/package.json') as { version: string }).version;
  } catch {
    return '(version unknown)';
  }
}
