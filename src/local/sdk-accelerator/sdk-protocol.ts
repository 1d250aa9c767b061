import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * The parts of the SDK's own protocol object (`client.config.protocol`, an
 * `AwsJson1_0Protocol` with DynamoDB's codec) that the fast path reuses, so that inputs,
 * outputs and exceptions take exactly the shapes the full HTTP stack gives them.
 */
export interface SdkProtocol {
  readonly serializer: { write(schema: unknown, value: unknown): void; flush(): string | Uint8Array };
  readonly deserializer: {
    readObject(schema: unknown, data: unknown): Record<string, unknown>;
    /** The client's configuration; its `base64Decoder` decodes attribute-value binaries. */
    readonly serdeContext?: { readonly base64Decoder?: (text: string) => Uint8Array };
  };
  handleError(
    operationSchema: OperationSchema,
    context: unknown,
    response: { statusCode: number; headers: Record<string, string>; body?: unknown },
    dataObject: Record<string, unknown>,
    metadata: ResponseMetadata,
  ): Promise<never>;
}

/** What `@smithy/core/schema`'s `operation()` builds from a command's schema tuple. */
export interface OperationSchema {
  readonly name: string;
  readonly namespace: string;
  readonly traits: unknown;
  readonly input: unknown;
  readonly output: unknown;
}

export interface ResponseMetadata {
  httpStatusCode: number;
  requestId: string;
  extendedRequestId: undefined;
  cfId: undefined;
  attempts?: number;
  totalRetryDelay?: number;
}

// The key under which Smithy keeps its per-call context (`SMITHY_CONTEXT_KEY` in @smithy/types).
const SMITHY_CONTEXT_KEY = '__smithy_context';

export function sdkProtocolOf(client: DynamoDBClient): SdkProtocol {
  const protocol = (client.config as unknown as { protocol?: Partial<SdkProtocol> }).protocol;
  if (!protocol?.serializer || !protocol.deserializer || typeof protocol.handleError !== 'function') {
    throw new Error('This @aws-sdk/client-dynamodb has no schema-based protocol; use the full-stack local client');
  }
  return protocol as SdkProtocol;
}

/**
 * The static schema tuple (`[9, namespace, name, traits, input, output]`) of the operation a
 * middleware is running for, where the SDK's serde middleware reads it: one per operation.
 */
export function operationSchemaTupleOf(context: Record<string, unknown>): readonly unknown[] {
  const smithy = context[SMITHY_CONTEXT_KEY] as { operationSchema?: readonly unknown[] } | undefined;
  const tuple = smithy?.operationSchema;
  if (!tuple) throw new Error(`No operation schema for ${String(context.commandName)}`);
  return tuple;
}

/** The operation schema the SDK's protocol takes, read from the tuple. */
export function operationSchemaFrom(tuple: readonly unknown[]): OperationSchema {
  const [, namespace, name, traits, input, output] = tuple;
  return { namespace: namespace as string, name: name as string, traits, input, output };
}
