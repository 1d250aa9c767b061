import { Engine, type EngineOptions } from '../../engine/engine.js';
import type { EngineLike } from '../engine-like.js';
import { serveEngine, type ListenOptions, type ServingEngine } from './serve-engine.js';

export interface ServerOptions extends ListenOptions {
  /** SQLite file; ignored when `inMemory` or `engine` is given. Omitted: in memory. */
  readonly path?: string;
  readonly inMemory?: boolean;
  /** Serve an engine you own instead of opening one; `close()` then leaves it open. */
  readonly engine?: EngineLike;
  readonly engineOptions?: Omit<EngineOptions, 'path' | 'inMemory' | 'region'>;
}

/** A listening server; `close()` also closes the engine (checkpointing SQLite) when the server opened it. */
export type RunningServer = ServingEngine;

/**
 * Serves the engine over DynamoDB's JSON protocol, so any SDK, boto3, the AWS CLI and GUI
 * tools can use it. Resolves once listening.
 *
 * @example
 * const server = await startServer({ port: 0, path: 'data.sqlite' });
 * const client = new DynamoDBClient({ endpoint: server.endpoint, region: 'us-east-1',
 *   credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
 * await server.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  if (options.engine) return serveEngine(options.engine, options);
  const engine = new Engine({
    ...options.engineOptions,
    region: options.region ?? 'us-east-1',
    ...(options.inMemory || !options.path ? { inMemory: true } : { path: options.path }),
  });
  let serving: ServingEngine;
  try {
    serving = await serveEngine(engine, options);
  } catch (error) {
    engine.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    ...serving,
    close: () => (closing ??= serving.close().then(() => engine.close())),
  };
}
