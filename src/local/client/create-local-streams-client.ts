import { packageRequire } from '../../shared/package-require.js';
import type { DynamoDBStreamsClient, DynamoDBStreamsClientConfig } from '@aws-sdk/client-dynamodb-streams';
import { Engine } from '../../engine/engine.js';
import { localEngineOf, type AnyClient } from './create-local-client.js';
import type { EngineLike } from '../engine-like.js';
import { EngineRequestHandler } from './engine-request-handler.js';

export interface LocalStreamsClientOptions {
  /** Region of the stream ARNs; default the engine's own (`us-east-1` unless it was given one). */
  readonly region?: string;
  /** Further `DynamoDBStreamsClient` settings (logger…); transport settings are ignored. */
  readonly clientConfig?: Omit<DynamoDBStreamsClientConfig, 'requestHandler' | 'endpoint' | 'region' | 'credentials'>;
}

/** Loaded on first use: `@aws-sdk/client-dynamodb-streams` is needed only by those who read streams. */
function streamsClientClass(): typeof DynamoDBStreamsClient {
  const require = packageRequire;
  return (require('@aws-sdk/client-dynamodb-streams') as { DynamoDBStreamsClient: typeof DynamoDBStreamsClient })
    .DynamoDBStreamsClient;
}

function isEngineLike(source: AnyClient | EngineLike): source is EngineLike {
  return typeof (source as EngineLike).answer === 'function';
}

/**
 * A real `DynamoDBStreamsClient` (`@aws-sdk/client-dynamodb-streams`, install it beside
 * this package) reading the streams of a local engine in-process: the SDK's whole stack
 * runs against the engine, only the socket is missing. Pass a client made by
 * `createLocalClient` (the streams of its engine) or an engine. Destroying it leaves the
 * engine open.
 *
 * @example
 * const client = createLocalClient({ inMemory: true });
 * const streams = createLocalStreamsClient(client);
 * const { Streams } = await streams.send(new ListStreamsCommand({}));
 */
export function createLocalStreamsClient(
  source: AnyClient | EngineLike,
  options: LocalStreamsClientOptions = {},
): DynamoDBStreamsClient {
  const engine = isEngineLike(source) ? source : localEngineOf(source);
  const region = options.region ?? (engine instanceof Engine ? engine.context.region : 'us-east-1');
  const StreamsClient = streamsClientClass();
  return new StreamsClient({
    ...options.clientConfig,
    region,
    // Never contacted: the request handler answers every request in-process.
    endpoint: 'http://localhost:8000',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: new EngineRequestHandler(engine, region),
  });
}
