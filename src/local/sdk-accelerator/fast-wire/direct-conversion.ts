import { dataPlaneOperations } from '../../../engine/engine.js';
import type { OperationSchema, SdkProtocol } from '../sdk-protocol.js';
import { wireShapeOf, type WireShape } from './wire-shape.js';
import { outputFromWireSupports } from './wire-to-output.js';

/** The item operations, whose inputs and answers are converted without the SDK's serde. */
export const DATA_PLANE_OPERATIONS: ReadonlySet<string> = dataPlaneOperations;

export interface DirectConversion {
  readonly input: WireShape;
  /** Absent when the output schema holds a shape the direct reader does not reproduce. */
  readonly output: WireShape | undefined;
}

// By the command's static operation schema, which lives as long as the SDK module.
const conversions = new WeakMap<object, DirectConversion | null>();

/** How to convert a data-plane operation's input and output directly; `undefined` for other operations. */
export function directConversionOf(operation: OperationSchema): DirectConversion | undefined {
  const key = operation.input;
  if (key === null || (typeof key !== 'object' && typeof key !== 'function')) return undefined;
  let conversion = conversions.get(key);
  if (conversion === undefined) {
    conversion = DATA_PLANE_OPERATIONS.has(operation.name) ? compile(operation) : null;
    conversions.set(key, conversion);
  }
  return conversion ?? undefined;
}

function compile(operation: OperationSchema): DirectConversion {
  const output = wireShapeOf(operation.output);
  return { input: wireShapeOf(operation.input), output: outputFromWireSupports(output) ? output : undefined };
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
