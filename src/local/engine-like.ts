import type { Engine } from '../engine/engine.js';

/**
 * What the local client and the server need from an engine: wire JSON in, wire JSON
 * out, `DynamoDBError` thrown for error answers. `Engine` satisfies it; tests may pass
 * a stand-in. `handleAsJson` and `handleWithRows` are optional: without them, the server
 * stringifies `handle`'s answer itself and the in-process client converts parsed items.
 */
export type EngineLike = Pick<Engine, 'handle' | 'close'> & Partial<Pick<Engine, 'handleAsJson' | 'handleWithRows'>>;
