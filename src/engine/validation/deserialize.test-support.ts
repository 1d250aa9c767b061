import {
  attributeValueStructure,
  deserializeBlob,
  deserializeBoolean,
  deserializeNumber,
  deserializeString,
  failNotList,
  failNotMap,
  failNotStructure,
  isObject,
  type Position,
} from './json-type-mismatch.js';
import type { Shape, StructureShape } from './shape.js';
import { DEEPEST_WALKED_ATTRIBUTE_LEVEL } from './walk-depth.js';

/*
 * The reference deserializer: DynamoDB's JSON deserializer written plainly, one function
 * per kind of shape, interpreting the shape on every value. The engine runs the compiled
 * check (compiled-request-check.ts), which must deserialize every request exactly as this
 * does; the tests compare the two. Both share the words and conversions of
 * json-type-mismatch.ts.
 *
 * `depth` counts the attribute values enclosing the value at hand (walk-depth.ts: the walk
 * stops at a limit).
 */

function deserializeList(value: unknown, shape: Shape & { kind: 'list' }, position: Position, depth: number): unknown {
  if (!Array.isArray(value)) return failNotList(value, position);
  for (let index = 0; index < value.length; index++) {
    if (value[index] !== null) value[index] = deserializeAt(value[index], shape.member, 'element', depth);
  }
  return value;
}

function deserializeMap(value: unknown, shape: Shape & { kind: 'map' }, position: Position, depth: number): unknown {
  if (!isObject(value)) return failNotMap(value, shape, position);
  for (const key of Object.keys(value)) {
    // A null map value survives deserialization; the values module names it.
    if (value[key] !== null) value[key] = deserializeAt(value[key], shape.value, 'element', depth);
  }
  return value;
}

function deserializeStructure(value: unknown, shape: StructureShape, position: Position, depth: number): unknown {
  if (!isObject(value)) return failNotStructure(value, shape, position);
  for (const [name, member] of Object.entries(shape.members)) {
    if (!Object.hasOwn(value, name)) continue;
    // An explicit null is the same as an absent member.
    if (value[name] === null) delete value[name];
    else value[name] = deserializeAt(value[name], member.shape, 'field', depth);
  }
  return value;
}

/**
 * An attribute value almost always has one member (its type tag), deserialized alone;
 * with several, the shape's order decides which problem is reported first. Its members
 * are inside it: one level deeper.
 */
function deserializeAttributeValue(value: unknown, position: Position, depth: number): unknown {
  if (depth >= DEEPEST_WALKED_ATTRIBUTE_LEVEL) return value;
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
      const name = only as string;
      if (!Object.hasOwn(attributeValueStructure.members, name)) return value;
      if (value[name] === null) delete value[name];
      else value[name] = deserializeAt(value[name], attributeValueStructure.members[name].shape, 'field', depth + 1);
      return value;
    }
  }
  return deserializeStructure(value, attributeValueStructure, position, depth + 1);
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

/**
 * Checks `value` against `shape` the way DynamoDB's JSON deserializer does, converting
 * in place where it converts (a fractional Integer is truncated, `"yes"` is a Boolean,
 * a `null` structure member is absent). Throws `SerializationException`.
 */
export function deserializeValue(value: unknown, shape: Shape, position: Position = 'field'): unknown {
  return deserializeAt(value, shape, position, 0);
}

/** Deserializes a whole request body (a structure) in place. */
export function deserializeRequest(input: Record<string, unknown>, shape: StructureShape): void {
  deserializeStructure(input, shape, 'field', 0);
}
