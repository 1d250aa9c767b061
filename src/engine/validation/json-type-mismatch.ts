import { serializationError } from '../errors.js';
import { decodeBase64 } from '../values/base64.js';
import { javaTypeOf, serializationMessages as messages, tokenOf } from './serialization-messages.js';
import { blob, boolean, list, map, string, structure, type Shape, type StructureShape } from './shape.js';

/*
 * What DynamoDB's JSON deserializer does with a value of a JSON type its shape does not
 * expect: it throws its `SerializationException`, or, for a few scalars, converts (a
 * fractional Integer is truncated, `"yes"` is a Boolean). The compiled request check
 * (compiled-request-check.ts) hands every such value here; these are the only words and
 * conversions of the deserializer in the engine.
 */

/**
 * Where a value sits: a structure member ("field") or an element of a list or value of
 * a map ("element"). DynamoDB's deserializer words its errors differently for each.
 */
export type Position = 'field' | 'element';

/** The members of an attribute value, in the order the deserializer visits them. */
export const attributeValueStructure: StructureShape = structure('AttributeValue', {
  S: string(),
  N: string(),
  B: blob(),
  SS: list(string()),
  NS: list(string()),
  BS: list(blob()),
  M: map({ kind: 'attributeValue' }),
  L: list({ kind: 'attributeValue' }),
  NULL: boolean(),
  BOOL: boolean(),
});

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw serializationError(message);
}

/** A String member: the string itself, else the deserializer's error. */
export function deserializeString(value: unknown): unknown {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) fail(messages.unrecognizedCollection('class java.lang.String'));
  if (isObject(value)) fail(messages.startOfStructure);
  return fail(messages.cannotConvert(tokenOf(value as number | boolean), 'String'));
}

/** An Integer or Long member: a number truncated, else the deserializer's error. */
export function deserializeNumber(value: unknown, javaType: string): unknown {
  if (typeof value === 'number') return Math.floor(value);
  if (Array.isArray(value)) fail(messages.unrecognizedCollection(`class java.lang.${javaType}`));
  if (isObject(value)) fail(messages.startOfStructure);
  return fail(messages.cannotConvert(tokenOf(value as string | boolean), javaType));
}

/** A Boolean member: a boolean, or one of the words the deserializer reads as one; else its error. */
export function deserializeBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') fail(messages.cannotConvert(tokenOf(value), 'Boolean'));
  if (Array.isArray(value)) fail(messages.unrecognizedCollection('class java.lang.Boolean'));
  if (isObject(value)) fail(messages.startOfStructure);
  const word = String(value).toUpperCase();
  if (word === 'TRUE' || word === '1' || word === 'YES') return true;
  if (word === 'FALSE' || word === '0' || word === 'NO') return false;
  return fail(messages.unexpectedToken);
}

/** A blob member: base64 text (decoded to check it), else the deserializer's error. */
export function deserializeBlob(value: unknown): unknown {
  if (typeof value === 'string') {
    decodeBase64(value);
    return value;
  }
  if (Array.isArray(value)) fail(messages.unrecognizedCollection('class java.nio.ByteBuffer'));
  if (isObject(value)) fail(messages.startOfStructure);
  return fail(messages.notBase64);
}

/** The error for a list member given something other than an array. */
export function failNotList(value: unknown, position: Position): never {
  if (isObject(value)) fail(messages.startOfStructure);
  // A collection inside a collection fails with a reflection error of the service.
  return fail(position === 'element' ? messages.parameterizedType : messages.unexpectedFieldType);
}

/** The error for a map member given something other than an object. */
export function failNotMap(value: unknown, shape: Shape & { kind: 'map' }, position: Position): never {
  if (Array.isArray(value)) fail(messages.unrecognizedCollection(javaTypeOf(shape)));
  return fail(position === 'element' ? messages.parameterizedType : messages.unexpectedFieldType);
}

/** The error for a structure (or attribute value) given something other than an object. */
export function failNotStructure(value: unknown, shape: StructureShape, position: Position): never {
  if (Array.isArray(value)) fail(messages.unrecognizedCollection(`class ${javaTypeOf(shape)}`));
  return fail(position === 'field' ? messages.unexpectedFieldType : messages.unexpectedValueType);
}
