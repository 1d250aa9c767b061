/**
 * All the fast path may ask of the engine, and all it gets back (docs/architecture.md, "The
 * fast path, a plug-in"): one call per command, `answer(operation, wireInput)`, with the
 * operation's DynamoDB name and its request in wire JSON; it throws `DynamoDBError` for an
 * error answer and otherwise gives an answer read one of two ways. Which operations are item
 * operations the fast path reads from the SDK's schemas itself (`isItemOperation`). `Engine`
 * (and any `EngineLike`) satisfies this interface.
 */
export interface AcceleratedEngine {
  answer(operation: string, input: unknown): EngineAnswer;
  /** Set when the engine's cloud behaviour is on: the fast path then runs the SDK's retry around each call. */
  readonly cloud?: unknown;
}

/** An engine's answer, as the fast path reads it (engine/answer.ts `Answer`). */
export interface EngineAnswer {
  /** The answer as wire objects, every item parsed. */
  value(): Record<string, unknown>;
  /**
   * The answer with its items as the engine read them (`StoredItem`s of engine/answer.ts,
   * each read with `read(visitor)` or taken whole as `item`), for the direct converters.
   */
  withStoredItems(): Record<string, unknown>;
}
