import type { OperationSchema, SdkProtocol } from '../sdk-protocol.js';
import { descriptionShapeOf, type DescriptionShape } from './description-output.js';
import { reachesKind, wireShapeOf, type WireShape } from './wire-shape.js';
import { outputFromWireSupports } from './wire-to-output.js';

/**
 * Whether `operation` is an item operation (PutItem, Query, …, ExecuteTransaction), whose
 * answers are converted without the SDK's deserializer (every operation's input is converted
 * without its serializer, where `inputToWire` can). Read from the SDK's own schema: its
 * request holds attribute values. `item-operations.test.ts` pins the list it gives.
 */
export function isItemOperation(operation: OperationSchema): boolean {
  return reachesKind(wireShapeOf(operation.input), ['attributeValue']);
}

export interface DirectConversion {
  readonly input: WireShape;
  /**
   * Absent for the operations other than the item operations (their answers may share the
   * engine's catalog data, and hold timestamps), and where the output schema holds a shape
   * the direct reader does not reproduce.
   */
  readonly output: WireShape | undefined;
  /**
   * For the other operations, the shape `readDescriptionOutput` reads their answers by
   * (description-output.ts); absent where the output schema holds a shape it does not read.
   */
  readonly description: DescriptionShape | undefined;
}

// By the command's static operation schema, which lives as long as the SDK module.
const conversions = new WeakMap<object, DirectConversion>();

/** How to convert an operation's input (and an item operation's output) directly. */
export function directConversionOf(operation: OperationSchema): DirectConversion | undefined {
  const key = operation.input;
  if (key === null || (typeof key !== 'object' && typeof key !== 'function')) return undefined;
  let conversion = conversions.get(key);
  if (conversion === undefined) {
    conversion = compile(operation);
    conversions.set(key, conversion);
  }
  return conversion;
}

function compile(operation: OperationSchema): DirectConversion {
  const input = wireShapeOf(operation.input);
  if (!isItemOperation(operation))
    return { input, output: undefined, description: descriptionShapeOf(operation.output) };
  const output = wireShapeOf(operation.output);
  return { input, output: outputFromWireSupports(output) ? output : undefined, description: undefined };
}

/**
 * Whether the client's codec is the one the direct conversions reproduce: DynamoDB's
 * JSON codec (version 2), the default of `@aws-sdk/client-dynamodb`. A client configured
 * with another protocol or codec keeps the SDK's serde for every call.
 */
export function reproducesCodecOf(protocol: SdkProtocol): boolean {
  return (
    protocol.serializer.constructor.name === 'DynamoDBJsonShapeSerializer2' &&
    protocol.deserializer.constructor.name === 'DynamoDBJsonShapeDeserializer2'
  );
}
