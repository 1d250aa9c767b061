/**
 * `monotable/local`: the engine reached through the AWS SDK. Three rooms, each with one job:
 * - `client/`: `createLocalClient` and its modes, the in-process request handler of the
 *   full-stack mode, and which engine a client is bound to;
 * - `sdk-accelerator/`: the fast path, the only code that knows SDK internals (its
 *   README lists the assumptions it makes and the self-check that tests them);
 * - `server/`: DynamoDB over HTTP (`startServer`, `serveEngine`, the HTTP front end).
 * What all three share sits here: `EngineLike`, DynamoDB's JSON protocol (`wire-protocol.ts`,
 * which the server frames over HTTP, the full-stack handler answers with, and the fast path
 * turns engine errors with, with its CRC-32 and request ids). The rooms import from here; only
 * `client/` imports from another room (the accelerator it installs).
 */
export { createLocalClient, localEngineOf, localClientMode, closeLocalClient } from './client/create-local-client.js';
export type { LocalClientOptions, LocalEngineSource, AnyClient } from './client/create-local-client.js';
export { createEngineClient, type EngineClientOptions, type LocalClientMode } from './client/engine-client.js';
export { createLocalStreamsClient, type LocalStreamsClientOptions } from './client/create-local-streams-client.js';
export type { EngineLike } from './engine-like.js';
export { closeIdleInMemoryDatabases, SqliteFileError, type SqliteFileErrorCode } from '../engine/engine.js';
export { CloudOptionsError, type CloudOptions, type FaultRule } from '../engine/engine.js';
export { startServer, type ServerOptions, type RunningServer } from './server/start-server.js';
export { serveEngine, type ListenOptions, type ServingEngine } from './server/serve-engine.js';
export type { ServerLogOptions } from './server/server-log.js';
