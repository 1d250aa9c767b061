import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AcceleratedEngine } from './accelerated-engine.js';
import { DeferredFullStack } from './deferred-full-stack.js';
import { identifyThroughCache } from './identify-cache.js';
import { LeanMiddlewareStack, type DeserializerGuard } from './lean-middleware-stack.js';
import { errorAnswer, newRequestId } from '../wire-protocol.js';
import { copyWireAnswer } from './fast-wire/copy-wire-answer.js';
import { readDescriptionOutput } from './fast-wire/description-output.js';
import { inputToWire } from './fast-wire/input-to-wire.js';
import { outputFromWire } from './fast-wire/wire-to-output.js';
import {
  DOCUMENT_OUTPUT,
  FAST_DESERIALIZER,
  substituteDocumentUnmarshall,
  type DocumentOutput,
} from './document-output/document-unmarshall.js';
import { unmarshallDocumentOutput } from './document-output/unmarshall-output.js';
import { handlerAroundNext, type Middleware, type MiddlewareSubstitute } from './middleware-entry.js';
import { operationPlanner } from './operation-plan.js';
import { sdkProtocolOf, type OperationSchema, type ResponseMetadata, type SdkProtocol } from './sdk-protocol.js';

/**
 * Middlewares of the HTTP stack that have nothing to do when no HTTP request exists:
 * removed from a fast client's stack (the self-check requires each to be there).
 */
export const HTTP_ONLY_MIDDLEWARES: readonly string[] = [
  'contentLengthMiddleware',
  'getUserAgentMiddleware',
  'hostHeaderMiddleware',
  'recursionDetectionMiddleware',
  'retryMiddleware',
  'httpSigningMiddleware',
];

/**
 * The schema serde plugin's middlewares, kept by name (the DocumentClient anchors its
 * marshalling on them) and overridden: the serializer passes through, the deserializer
 * is the engine call.
 */
export const SERDE_MIDDLEWARES: readonly string[] = ['serializerMiddleware', 'deserializerMiddleware'];

export interface FastPathOptions {
  /** Whether inputs and answers are converted by `fast-wire/` (the self-check's verdict) rather than the SDK's serde. */
  readonly directConversion: boolean;
}

/**
 * Rewires a `DynamoDBClient` so its commands reach the engine without HTTP.
 *
 * The DocumentClient marshals just before the SDK's `serializerMiddleware` and unmarshals
 * just before its `deserializerMiddleware`, so both names must stay in the stack: the
 * serializer becomes a pass-through and the deserializer becomes the engine call. Inputs
 * and answers of the data-plane operations are converted directly (`fast-wire/`), to
 * exactly what the SDK's own JSON serializer and deserializer give (binary ↔ base64,
 * idempotency tokens, unknown members dropped); anything unusual, and every other
 * operation, goes through the SDK's serializer and deserializer themselves. Errors always
 * go through the SDK's error builder, so exceptions are those of the HTTP path. For a
 * DocumentClient call, the deserializer also does the DocumentClient's unmarshalling when
 * nothing could tell the difference (document-output/document-unmarshall.ts).
 */
export function installFastPath(client: DynamoDBClient, engine: AcceleratedEngine, options: FastPathOptions): void {
  const protocol = sdkProtocolOf(client);
  const stack = client.middlewareStack;
  // The SDK's own stack, for calls of commands the fast path cannot answer (see useLeanStacks): made when first needed.
  const fullStack = new DeferredFullStack(stack);
  // The client's own retry (its strategy, maxAttempts, backoff and retry quota), run when the engine's cloud behaviour is on.
  const sdkRetry = fullStack.middlewareNamed('retryMiddleware');
  for (const name of HTTP_ONLY_MIDDLEWARES) stack.remove(name);

  // The serializer is a pass-through: the input reaches the deserializer (the engine call) as the command gave it.
  stack.add((next) => next, {
    name: 'serializerMiddleware',
    step: 'serialize',
    override: true,
  });

  const planOf = operationPlanner(options.directConversion);
  const answer = async (args: { input?: unknown }, context: Record<PropertyKey, unknown>): Promise<unknown> => {
    const { schema: operation, conversion, freshOutput } = planOf(context);
    const wireInput =
      (conversion && inputToWire(conversion.input, args.input ?? {})) ??
      serializeWithSdk(protocol, operation, args.input);
    const decodeBase64 = protocol.deserializer.serdeContext?.base64Decoder;
    let wireOutput: Record<string, unknown>;
    try {
      const answer = engine.answer(operation.name, wireInput);
      // outputFromWire reads items left as stored itself, straight into their output form.
      wireOutput = conversion?.output && decodeBase64 ? answer.withStoredItems() : answer.value();
    } catch (caught) {
      return throwAsSdk(protocol, operation, context, caught);
    }
    // The SDK's deserializer converts lists and attribute values in place. Item
    // operations answer with objects made for the call; the others may share catalog
    // data with the engine, so they are read without changing them (table descriptions:
    // fast-wire/description-output.ts) or get a copy (structuredClone's, docs/performance.md).
    const description = conversion?.description && readDescriptionOutput(conversion.description, wireOutput);
    const owned = description || freshOutput ? wireOutput : copyWireAnswer(wireOutput);
    const document = context[DOCUMENT_OUTPUT] as DocumentOutput | undefined;
    const output =
      description ??
      (conversion?.output && decodeBase64
        ? outputFromWire(conversion.output, owned, decodeBase64, document?.keepsRows)
        : protocol.deserializer.readObject(operation.output, owned));
    // Every member the HTTP path's metadata has, in one literal (docs/performance.md).
    const metadata: ResponseMetadata = {
      httpStatusCode: 200,
      requestId: newRequestId(),
      extendedRequestId: undefined,
      cfId: undefined,
      attempts: 1,
      totalRetryDelay: 0,
    };
    output.$metadata = metadata;
    if (document === undefined) return { output, response: undefined };
    return {
      output: unmarshallDocumentOutput(output, document.keyNodes, document.options, decodeBase64),
      response: undefined,
    };
  };
  const fastDeserializer: DeserializeMiddleware = (_next, callContext) => {
    const context = callContext as unknown as Record<PropertyKey, unknown>;
    let handler = (args: { input?: unknown }) => answer(args, context) as never;
    // The cloud behaviour answers with errors the SDK retries (throttling, 500s): its retry
    // runs as on the HTTP path, around each engine call, and counts the attempts.
    if (engine.cloud !== undefined && sdkRetry !== undefined) {
      handler = handlerAroundNext(sdkRetry, handler, context) as typeof handler;
    }
    // The DocumentClient's unmarshalling steps aside for this very handler only.
    context[FAST_DESERIALIZER] = handler;
    return handler;
  };
  stack.add(fastDeserializer, { name: 'deserializerMiddleware', step: 'deserialize', override: true });
  const documentUnmarshall = substituteDocumentUnmarshall({
    config: client.config as never,
    outputShapeOf: (context) => planOf(context).conversion?.output,
  });
  useLeanStacks(stack, fullStack, fastDeserializer, new Map([['DocumentUnmarshall', documentUnmarshall]]));
}

/** Turns an engine error into the exception the SDK's HTTP path throws for the same answer. */
async function throwAsSdk(
  protocol: SdkProtocol,
  operation: OperationSchema,
  context: unknown,
  caught: unknown,
): Promise<never> {
  const { statusCode, body } = errorAnswer(caught);
  const metadata: ResponseMetadata = {
    httpStatusCode: statusCode,
    requestId: newRequestId(),
    extendedRequestId: undefined,
    cfId: undefined,
  };
  const response = { statusCode, headers: { 'x-amzn-requestid': metadata.requestId } };
  // A copy: the SDK converts members (binaries) in place and the engine may share them.
  const dataObject = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  try {
    await protocol.handleError(operation, context, response, dataObject, metadata);
  } catch (sdkError) {
    throw finishError(sdkError, response);
  }
  throw new Error('The SDK error handler did not throw');
}

/** The input as the SDK's own serializer writes it, parsed back into wire JSON. */
function serializeWithSdk(protocol: SdkProtocol, operation: OperationSchema, input: unknown): unknown {
  protocol.serializer.write(operation.input, input ?? {});
  const serialized = protocol.serializer.flush();
  return JSON.parse(
    typeof serialized === 'string'
      ? serialized
      : Buffer.from(serialized.buffer, serialized.byteOffset, serialized.byteLength).toString('utf8'),
  );
}

/**
 * Every command adds endpoint resolution and, with it, auth-scheme selection: both only
 * feed the HTTP request and its signature, so the lean stack drops them.
 */
export const PER_COMMAND_HTTP_MIDDLEWARES: ReadonlySet<string> = new Set([
  'endpointV2Middleware',
  'httpAuthSchemeMiddleware',
]);

type SmithyStack = DynamoDBClient['middlewareStack'];
/** The SDK's `DeserializeMiddleware` (the last of its stack's `add` overloads). */
type DeserializeMiddleware = Parameters<SmithyStack['add']>[0];
const STACK_CHANGES = ['add', 'addRelativeTo', 'remove', 'removeByTag', 'use'] as const;

/**
 * Each call merges the client's stack with the command's through the client stack's
 * `concat`; answering that with a `LeanMiddlewareStack` (a copy of the client's entries,
 * kept until the client's stack changes) makes every call use the lean stack.
 *
 * A command that brings its own deserializer (one of an SDK copy from before schema serde,
 * beside the one the client comes from) would override the fast deserializer and send a
 * real request, unsigned: its calls get the SDK's own stack (`fullStack`, which follows
 * every change made to the client's stack) instead, and a warning says so once. The lean
 * stacks a merge makes keep that guard, because a DocumentClient command merges twice:
 * its own stack into the client's, then its low-level command's (which an older
 * lib-dynamodb's copy of the SDK fills with its own deserializer as it resolves) into that.
 */
function useLeanStacks(
  stack: SmithyStack,
  fullStack: DeferredFullStack,
  fastDeserializer: Middleware,
  substitutes: ReadonlyMap<string, MiddlewareSubstitute>,
): void {
  let base: LeanMiddlewareStack | undefined;
  const mutable = stack as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of STACK_CHANGES) {
    const original = mutable[method].bind(stack);
    mutable[method] = (...args: unknown[]) => {
      base = undefined;
      // `use` adds through `add` and `addRelativeTo`, which mirror each entry themselves.
      // The full stack is made (before the change reaches the client's stack) at the first change.
      if (method !== 'use')
        (fullStack.stack() as unknown as Record<string, (...args: unknown[]) => unknown>)[method](...args);
      return original(...args);
    };
  }
  // The DocumentClient lists the client's stack when it is made: the same lines for every fast client of an SDK copy.
  const smithyIdentify = stack.identify.bind(stack);
  mutable.identify = () => identifyThroughCache(stack as never, smithyIdentify);
  const guard: DeserializerGuard = {
    deserializer: fastDeserializer,
    fullStack,
    onForeignDeserializer: warnOfForeignCommand,
  };
  mutable.concat = (from: unknown) => {
    if (!base) {
      base = new LeanMiddlewareStack(PER_COMMAND_HTTP_MIDDLEWARES, substitutes);
      stack.applyToStack(base as never);
      base.guardDeserializer(guard);
    }
    return base.concat(from as never);
  };
}

let foreignCommandWarned = false;

function warnOfForeignCommand(): void {
  if (foreignCommandWarned) return;
  foreignCommandWarned = true;
  process.emitWarning(
    'monotable: a command that brings its own deserializer (from another, older copy of @aws-sdk/client-dynamodb, or of @aws-sdk/lib-dynamodb with its own) was sent through a fast local client; such calls run the full SDK stack in-process. Install one copy of the SDK.',
    { type: 'MonotableWarning', code: 'MONOTABLE_SDK_FOREIGN_COMMAND' },
  );
}

/** What the removed retry middleware and the serde middleware add to every thrown error. */
function finishError(error: unknown, response: unknown): unknown {
  if (error && typeof error === 'object') {
    const withMetadata = error as { $metadata?: ResponseMetadata };
    if (withMetadata.$metadata) {
      withMetadata.$metadata.attempts = 1;
      withMetadata.$metadata.totalRetryDelay = 0;
    }
    Object.defineProperty(error, '$response', {
      value: response,
      enumerable: false,
      writable: false,
      configurable: false,
    });
  }
  return error;
}
