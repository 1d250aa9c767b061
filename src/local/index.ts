export { createLocalClient, localEngineOf, closeLocalClient } from './create-local-client.js';
export type { LocalClientOptions, LocalEngineSource, AnyClient } from './create-local-client.js';
export { createLocalStreamsClient, type LocalStreamsClientOptions } from './client/create-local-streams-client.js';
export { createEngineClient, type EngineClientOptions } from './engine-client.js';
export { EngineRequestHandler } from './engine-request-handler.js';
export type { EngineLike } from './engine-like.js';
export { startServer, type ServerOptions, type RunningServer } from './server.js';
export { serveEngine, type ListenOptions, type ServingEngine } from './engine-server.js';
