import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type CloudOptions, Engine, type EngineOptions } from '../../engine/engine.js';
import {
  createEngineClientFrom,
  engineClientModeOf,
  RESOLVED_SDK,
  type EngineClientOptions,
  type LocalClientMode,
  type SdkCopy,
} from './engine-client.js';
import type { EngineLike } from '../engine-like.js';

/** Where the client's engine comes from: a SQLite file, memory, or an engine you own. */
export type LocalEngineSource =
  | { readonly path: string }
  | { readonly inMemory: true }
  | { readonly engine: EngineLike };

export type LocalClientOptions = LocalEngineSource &
  EngineClientOptions & {
    /** Engine settings (clock, TTL reaper) when the client opens the engine itself. */
    readonly engineOptions?: Omit<EngineOptions, 'path' | 'inMemory' | 'region'>;
    /**
     * The cloud's behaviour for the engine the client opens (`EngineOptions.cloud`,
     * docs/cloud-behaviour.md). With `{ engine }`, give it to that engine instead.
     */
    readonly cloud?: CloudOptions;
  };

interface LocalBinding {
  readonly engine: EngineLike;
  /** Whether the client opened the engine, and so closes it on `destroy()`. */
  readonly owned: boolean;
}

/** Clients as they are handed around: a `DynamoDBClient` or a DocumentClient wrapping one. */
export interface AnyClient {
  readonly config: object;
  destroy(): void;
}

// Keyed by the config object because a DynamoDBDocumentClient shares its wrapped client's
// config (and middleware stack) but keeps no public reference to the client itself.
const bindings = new WeakMap<object, LocalBinding>();

/**
 * A real `DynamoDBClient` whose calls reach the local engine in-process: no socket, no
 * port. Wrap it with `DynamoDBDocumentClient.from(client)` as usual. `client.destroy()`
 * closes the engine when the client opened it.
 *
 * @example
 * const client = createLocalClient({ inMemory: true });
 * const documents = DynamoDBDocumentClient.from(client);
 * await documents.send(new PutCommand({ TableName: 'app', Item: { pk: 'USER#1', sk: 'PROFILE' } }));
 * client.destroy();
 */
export function createLocalClient(options: LocalClientOptions): DynamoDBClient {
  return createLocalClientFrom(RESOLVED_SDK, options);
}

/** `createLocalClient` with the client class of a given SDK copy. */
export function createLocalClientFrom(sdk: SdkCopy, options: LocalClientOptions): DynamoDBClient {
  const region = options.region ?? 'us-east-1';
  const owned = !('engine' in options);
  if (!owned && options.cloud !== undefined) {
    throw new Error('cloud is an option of the engine: give it to the engine you pass (new Engine({ cloud }))');
  }
  const engine: EngineLike =
    'engine' in options
      ? options.engine
      : new Engine({
          ...options.engineOptions,
          ...(options.cloud === undefined ? {} : { cloud: options.cloud }),
          region,
          ...('path' in options ? { path: options.path } : { inMemory: true }),
        });
  const client = createEngineClientFrom(sdk, engine, options);
  bindings.set(client.config, { engine, owned });
  const destroy = client.destroy.bind(client);
  client.destroy = () => {
    destroy();
    if (owned && bindings.delete(client.config)) engine.close();
  };
  return client;
}

/** The engine behind a client made by `createLocalClient`, or behind a DocumentClient wrapping one. */
export function localEngineOf(client: AnyClient): EngineLike {
  const binding = bindings.get(client.config);
  if (!binding) throw new Error('Not a client made by createLocalClient');
  return binding.engine;
}

/**
 * Which path a client made by `createLocalClient` (or a DocumentClient wrapping one) runs:
 * `'fast'`, or `'full-stack'` when asked for or when the SDK failed the fast path's
 * self-check (a warning then said what was missing).
 *
 * @example
 * const client = createLocalClient({ inMemory: true });
 * if (localClientMode(client) !== 'fast') console.log('the full SDK stack answers this client');
 */
export function localClientMode(client: AnyClient): LocalClientMode {
  const mode = bindings.has(client.config) ? engineClientModeOf(client) : undefined;
  if (mode === undefined) throw new Error('Not a client made by createLocalClient');
  return mode;
}

/** Destroys the client and closes its engine, also an engine passed in with `{ engine }`. */
export function closeLocalClient(client: AnyClient): void {
  const binding = bindings.get(client.config);
  client.destroy();
  if (binding && bindings.delete(client.config)) binding.engine.close();
}
