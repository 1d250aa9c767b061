import { serializationError } from '../errors.js';
import { decodeBase64 } from '../values/base64.js';
import { javaTypeOf, serializationMessages as messages, tokenOf } from './serialization-messages.js';
import { blob, boolean, list, map, string, structure, type Shape, type StructureShape } from './shape.js';
import { DEEPEST_WALKED_ATTRIBUTE_LEVEL } from './walk-depth.js';

/**
 * Where a value sits: a structure member ("field") or an element of a list or value of
 * a map ("element"). DynamoDB's deserializer words its errors differently for each.
 */
type Position = 'field' | 'element';

const attributeValueStructure: StructureShape = structure('AttributeValue', {
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw serializationError(message);
}

function deserializeString(value: unknown): unknown {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) fail(messages.unrecognizedCollection('class java.lang.String'));
  if (isObject(value)) fail(messages.startOfStructure);
  return fail(messages.cannotConvert(tokenOf(value as number | boolean), 'String'));
}

function deserializeNumber(value: unknown, javaType: string): unknown {
  if (typeof value === 'number') return Math.floor(value);
  if (Array.isArray(value)) fail(messages.unrecognizedCollection(`class java.lang.${javaType}`));
  if (isObject(value)) fail(messages.startOfStructure);
  return fail(messages.cannotConvert(tokenOf(value as string | boolean), javaType));
}

function deserializeBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') fail(messages.cannotConvert(tokenOf(value), 'Boolean'));
  if (Array.isArray(value)) fail(messages.unrecognizedCollection('class java.lang.Boolean'));
  if (isObject(value)) fail(messages.startOfStructure);
  // The deserializer reads a few words as booleans.
  const word = String(value).toUpperCase();
  if (word === 'TRUE' || word === '1' || word === 'YES') return true;
  if (word === 'FALSE' || word === '0' || word === 'NO') return false;
  return fail(messages.unexpectedToken);
}

function deserializeBlob(value: unknown): unknown {
  if (typeof value === 'string') {
    decodeBase64(value);
    return value;
  }
  if (Array.isArray(value)) fail(messages.unrecognizedCollection('class java.nio.ByteBuffer'));
  if (isObject(value)) fail(messages.startOfStructure);
  return fail(messages.notBase64);
}

/*
 * `depth` counts the attribute values enclosing the value at hand (walk-depth.ts: the walk
 * stops at a limit); it is handed down the calls, never kept between them.
 */

function deserializeList(value: unknown, shape: Shape & { kind: 'list' }, position: Position, depth: number): unknown {
  if (isObject(value)) fail(messages.startOfStructure);
  // A collection inside a collection fails with a reflection error of the service.
  if (!Array.isArray(value)) fail(position === 'element' ? messages.parameterizedType : messages.unexpectedFieldType);
  for (let index = 0; index < value.length; index++) {
    if (value[index] !== null) value[index] = deserializeAt(value[index], shape.member, 'element', depth);
  }
  return value;
}

function deserializeMap(value: unknown, shape: Shape & { kind: 'map' }, position: Position, depth: number): unknown {
  if (Array.isArray(value)) fail(messages.unrecognizedCollection(javaTypeOf(shape)));
  if (!isObject(value)) fail(position === 'element' ? messages.parameterizedType : messages.unexpectedFieldType);
  for (const key of Object.keys(value)) {
    // A null map value survives deserialization; the values module names it.
    if (value[key] !== null) value[key] = deserializeAt(value[key], shape.value, 'element', depth);
  }
  return value;
}

/** Each structure's members as a list, built once: every request walks them. */
const memberLists = new WeakMap<StructureShape, ReadonlyArray<readonly [string, Shape]>>();

function membersOf(shape: StructureShape): ReadonlyArray<readonly [string, Shape]> {
  let members = memberLists.get(shape);
  if (members === undefined) {
    members = Object.entries(shape.members).map(([name, member]) => [name, member.shape] as const);
    memberLists.set(shape, members);
  }
  return members;
}

function deserializeMember(value: Record<string, unknown>, name: string, shape: Shape, depth: number): void {
  // An explicit null is the same as an absent member.
  if (value[name] === null) delete value[name];
  else value[name] = deserializeAt(value[name], shape, 'field', depth);
}

function deserializeStructure(value: unknown, shape: StructureShape, position: Position, depth: number): unknown {
  if (Array.isArray(value)) fail(messages.unrecognizedCollection(`class ${javaTypeOf(shape)}`));
  if (!isObject(value)) fail(position === 'field' ? messages.unexpectedFieldType : messages.unexpectedValueType);
  for (const [name, memberShape] of membersOf(shape)) {
    if (Object.hasOwn(value, name)) deserializeMember(value, name, memberShape, depth);
  }
  return value;
}

/**
 * An attribute value almost always has one member (its type tag): looking that one up
 * beats probing all ten members. With several members, the shape's order decides which
 * problem is reported first, so those take the general path. Its members are inside it:
 * one level deeper.
 */
function deserializeAttributeValue(value: unknown, position: Position, depth: number): unknown {
  if (depth >= DEEPEST_WALKED_ATTRIBUTE_LEVEL) return value;
  const inner = depth + 1;
  if (isObject(value)) {
    let only: string | undefined;
    let count = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      only = key;
      if (++count > 1) break;
    }
    if (count === 0) return value;
    if (count === 1) {
      const member = Object.hasOwn(attributeValueStructure.members, only as string)
        ? attributeValueStructure.members[only as string]
        : undefined;
      if (member !== undefined) deserializeMember(value, only as string, member.shape, inner);
      return value;
    }
  }
  return deserializeStructure(value, attributeValueStructure, position, inner);
}

/**
 * `deserializeValue(value, attribute value shape, position)` for a value found inside
 * `depth` enclosing attribute values, so a walk that hands over a nested value keeps
 * counting its levels.
 */
export function deserializeAttributeValueAt(value: unknown, position: Position, depth: number): unknown {
  return deserializeAttributeValue(value, position, depth);
}

/**
 * Checks `value` against `shape` the way DynamoDB's JSON deserializer does, converting
 * in place where it converts (a fractional Integer is truncated, `"yes"` is a Boolean,
 * a `null` structure member is absent). Throws `SerializationException`.
 */
export function deserializeValue(value: unknown, shape: Shape, position: Position = 'field'): unknown {
  return deserializeAt(value, shape, position, 0);
}

function deserializeAt(value: unknown, shape: Shape, position: Position, depth: number): unknown {
  switch (shape.kind) {
    case 'string':
      return deserializeString(value);
    case 'number':
      return deserializeNumber(value, shape.javaType);
    case 'boolean':
      return deserializeBoolean(value);
    case 'blob':
      return deserializeBlob(value);
    case 'list':
      return deserializeList(value, shape, position, depth);
    case 'map':
      return deserializeMap(value, shape, position, depth);
    case 'structure':
      return deserializeStructure(value, shape, position, depth);
    case 'attributeValue':
      return deserializeAttributeValue(value, position, depth);
  }
}

/** Deserializes a whole request body (a structure) in place. */
export function deserializeRequest(input: Record<string, unknown>, shape: StructureShape): void {
  deserializeStructure(input, shape, 'field', 0);
}
