import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';

/** DynamoDB's JSON protocol prefixes error types with the service's namespace. */
const ERROR_NAMESPACE = 'com.amazonaws.dynamodb.v20120810#';

export interface WireAnswer {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
}

/**
 * An SDK command's output as DynamoDB's wire JSON: binaries back to base64, dates back to
 * epoch seconds, the SDK's `$metadata` dropped.
 */
export function outputToWire(output: Record<string, unknown>): WireAnswer {
  const { $metadata, ...members } = output as { $metadata?: { httpStatusCode?: number } };
  return { statusCode: $metadata?.httpStatusCode ?? 200, body: toWire(members) as Record<string, unknown> };
}

/**
 * A service exception as DynamoDB's wire error: the type, the message and the members the
 * SDK copied onto the exception (`Item`, `CancellationReasons`…). Undefined for anything
 * else, which the SDK raised without an answer from the service.
 */
export function exceptionToWire(error: unknown): WireAnswer | undefined {
  if (!(error instanceof DynamoDBServiceException)) return undefined;
  const statusCode = error.$metadata?.httpStatusCode;
  if (statusCode === undefined) return undefined;
  const body: Record<string, unknown> = { __type: `${ERROR_NAMESPACE}${error.name}` };
  for (const [member, value] of Object.entries(error)) {
    if (member.startsWith('$') || member === 'name' || member === 'message' || member === 'Message') continue;
    body[member] = toWire(value);
  }
  if (error.message !== undefined) body.message = error.message;
  return { statusCode, body };
}

function toWire(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return value.getTime() / 1000;
  if (Array.isArray(value)) return value.map(toWire);
  if (value !== null && typeof value === 'object') {
    const wire: Record<string, unknown> = {};
    for (const [member, entry] of Object.entries(value)) if (entry !== undefined) wire[member] = toWire(entry);
    return wire;
  }
  return value;
}
