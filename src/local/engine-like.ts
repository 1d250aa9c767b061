import type { Engine } from '../engine/engine.js';

/**
 * What the local client and the server need from an engine: `answer`, which they call
 * once per request (`DynamoDBError` thrown for error answers), and `close`; `handle`
 * (`answer(…).value()`) for callers that hold the engine behind a client or a server.
 * `Engine` satisfies it; tests may pass a stand-in, answering with `new Answer(body)`
 * (engine/answer.ts).
 */
export type EngineLike = Pick<Engine, 'answer' | 'handle' | 'close'> & {
  /**
   * The engine's cloud behaviour, when on: a fast local client then runs the SDK's retry
   * around each call, as the HTTP path does. A stand-in may leave it out.
   */
  readonly cloud?: unknown;
};
