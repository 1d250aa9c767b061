import * as dynamodb from '@aws-sdk/client-dynamodb';
import { sdkProtocolOf, type OperationSchema } from '../../src/local/sdk-accelerator/sdk-protocol.js';

/** What an SDK caller would pass to `new <Op>Command(input)` to send a given wire request. */
export type SdkRequest =
  | { readonly expressible: true; readonly command: SdkCommand }
  | { readonly expressible: false; readonly reason: string };

export type SdkCommand = Parameters<dynamodb.DynamoDBClient['send']>[0];
type CommandClass = new (input: object) => SdkCommand;

/**
 * Members the SDK fills in itself when the caller leaves them out (idempotency tokens): a
 * request without one is still what an SDK caller sends, the token is the SDK's doing.
 */
const SDK_FILLED_MEMBERS = ['ClientRequestToken', 'ClientToken'];

/**
 * Builds the SDK command for a raw wire request, or says why no SDK caller can send it.
 *
 * The wire JSON is read with the SDK's own codec and the operation's input schema, so
 * binaries become `Uint8Array` wherever the schema has a blob (items, keys, expression
 * values, start keys, batch and transaction members, at any depth). The input is then
 * serialized again the way the SDK serializes it: a request is expressible only when that
 * gives back the same JSON. Otherwise the SDK would change it before it could reach
 * DynamoDB (a member of the wrong type, an unknown member, a `null`, invalid base64…).
 */
export function sdkCommandFor(client: dynamodb.DynamoDBClient, operation: string, wireText: string): SdkRequest {
  const exports = dynamodb as unknown as Record<string, unknown>;
  const Command = exports[`${operation}Command`] as CommandClass | undefined;
  const schema = exports[`${operation}$`] as unknown[] | undefined;
  if (typeof Command !== 'function' || !Array.isArray(schema)) {
    return { expressible: false, reason: `the SDK has no ${operation}Command` };
  }
  let wire: unknown;
  try {
    wire = JSON.parse(wireText);
  } catch {
    return { expressible: false, reason: 'the request body is not JSON' };
  }
  if (!isRecord(wire)) return { expressible: false, reason: 'the request body is not a JSON object' };

  const protocol = sdkProtocolOf(client);
  const { input: inputSchema } = operationOf(schema);
  let input: Record<string, unknown>;
  let resent: unknown;
  try {
    // The codec converts in place: it gets its own copy.
    input = protocol.deserializer.readObject(inputSchema, structuredClone(wire));
    protocol.serializer.write(inputSchema, input);
    resent = JSON.parse(utf8(protocol.serializer.flush()));
  } catch (error) {
    return { expressible: false, reason: `the SDK cannot represent it: ${(error as Error).message}` };
  }
  if (isRecord(resent)) {
    for (const member of SDK_FILLED_MEMBERS) if (!(member in wire)) delete resent[member];
  }
  const difference = firstDifference(wire, resent, '');
  if (difference !== undefined) return { expressible: false, reason: `the SDK would send ${difference}` };
  return { expressible: true, command: new Command(input) };
}

function operationOf(tuple: unknown[]): OperationSchema {
  const [, namespace, name, traits, input, output] = tuple;
  return { namespace: namespace as string, name: name as string, traits, input, output };
}

function utf8(serialized: string | Uint8Array): string {
  return typeof serialized === 'string'
    ? serialized
    : Buffer.from(serialized.buffer, serialized.byteOffset, serialized.byteLength).toString('utf8');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first place where what the SDK would send differs from the wire request, as text. */
function firstDifference(wire: unknown, sent: unknown, path: string): string | undefined {
  const at = path || 'the request';
  if (Array.isArray(wire) && Array.isArray(sent)) {
    if (wire.length !== sent.length) return `${sent.length} elements instead of ${wire.length} at ${at}`;
    for (let i = 0; i < wire.length; i++) {
      const difference = firstDifference(wire[i], sent[i], `${path}[${i}]`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (isRecord(wire) && isRecord(sent)) {
    for (const key of Object.keys(wire)) {
      if (!(key in sent)) return `no ${JSON.stringify(key)} at ${at} (it drops ${short(wire[key])})`;
      const difference = firstDifference(wire[key], sent[key], `${path}.${key}`);
      if (difference !== undefined) return difference;
    }
    for (const key of Object.keys(sent)) if (!(key in wire)) return `an extra ${JSON.stringify(key)} at ${at}`;
    return undefined;
  }
  return Object.is(wire, sent) ? undefined : `${short(sent)} instead of ${short(wire)} at ${at}`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
