import { randomUUID } from 'node:crypto';
import type { StructShape, WireShape } from './wire-shape.js';
import { isPlainObject } from '../../../shared/plain-object.js';

/**
 * Builds the wire JSON of a command input directly: the value `JSON.parse` would give for
 * the body the SDK's serializer (`JsonShapeSerializer2` with DynamoDB's attribute-value
 * writer) produces. Members come in schema order, attribute values and maps in their own
 * key order, `undefined`/`null` members are dropped, binaries become base64 and a missing
 * idempotency token becomes a fresh UUID v4, as the SDK does.
 *
 * Everything is copied into new objects: the engine may keep input values in its answer
 * (an update's new attribute values), and the answer is then converted in place.
 *
 * Whatever the serializer would treat in a less obvious way (wrong value types, unknown
 * attribute-value members, non-plain objects, `__proto__` keys, `__type`-tagged
 * structures, non-finite numbers, nesting past the stack…) makes the conversion give up
 * (`undefined`), and the caller then runs the SDK's serializer instead.
 */
export function inputToWire(shape: WireShape, input: unknown): Record<string, unknown> | undefined {
  try {
    const wire = writeValue(shape, input);
    return isPlainObject(wire) ? wire : undefined;
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    // A value nested deeper than this recursion reaches (thousands of levels): the SDK's
    // serializer then answers for it exactly as without the fast path (its own recursion
    // refuses such a value with a RangeError before anything is sent, DynamoDB or not).
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** Thrown (never escapes `inputToWire`) when a value needs the SDK's serializer. */
const GIVE_UP = Symbol('give up');

function giveUp(): never {
  throw GIVE_UP;
}

function writeValue(shape: WireShape, value: unknown): unknown {
  switch (shape.kind) {
    case 'string':
      return typeof value === 'string' ? value : giveUp();
    case 'number':
      // The serializer prints `String(n)`: -0 becomes 0, and non-finite numbers strings.
      return typeof value === 'number' && Number.isFinite(value) ? value + 0 : giveUp();
    case 'boolean':
      return typeof value === 'boolean' ? value : giveUp();
    case 'struct':
      return writeStruct(shape, value);
    case 'list':
      return writeList(shape.member, value);
    case 'map':
      return writeMap(shape.value, value);
    case 'attributeValue':
      return writeAttributeValue(value);
    default:
      return giveUp();
  }
}

function writeStruct(shape: StructShape, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value) || typeof value.__type === 'string') giveUp();
  const wire: Record<string, unknown> = {};
  for (const member of shape.members) {
    const item = value[member.name];
    if (item === undefined && member.idempotencyToken) wire[member.name] = randomUUID();
    else if (item === null && member.idempotencyToken) giveUp();
    else if (item !== undefined && item !== null) wire[member.name] = writeValue(member.shape, item);
  }
  return wire;
}

function writeList(member: WireShape, value: unknown): unknown[] {
  if (!Array.isArray(value)) giveUp();
  const wire: unknown[] = [];
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (item !== undefined && item !== null) wire.push(writeValue(member, item));
  }
  return wire;
}

function writeMap(valueShape: WireShape, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) giveUp();
  const wire: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === '__proto__') giveUp();
    const item = value[key];
    if (item !== undefined && item !== null) wire[key] = writeValue(valueShape, item);
  }
  return wire;
}

/** DynamoDB's own writer: every non-null member in the object's key order (inherited ones too, hence plain objects only). */
function writeAttributeValue(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) giveUp();
  const wire: Record<string, unknown> = {};
  for (const key in value) {
    const member = value[key];
    if (member === undefined || member === null) continue;
    switch (key) {
      case 'S':
      case 'N':
        wire[key] = typeof member === 'string' ? member : giveUp();
        break;
      case 'B':
        wire[key] = member instanceof Uint8Array ? base64(member) : typeof member === 'string' ? member : giveUp();
        break;
      case 'SS':
      case 'NS':
        wire[key] = stringArray(member);
        break;
      case 'BS':
        wire[key] = binaryArray(member);
        break;
      case 'BOOL':
      case 'NULL':
        wire[key] = typeof member === 'boolean' ? member : giveUp();
        break;
      case 'L':
        wire[key] = attributeValueList(member);
        break;
      case 'M':
        wire[key] = attributeValueMap(member);
        break;
      default:
        giveUp();
    }
  }
  return wire;
}

function stringArray(value: unknown): string[] {
  if (!Array.isArray(value)) giveUp();
  for (let index = 0; index < value.length; index++) if (typeof value[index] !== 'string') giveUp();
  return value.slice() as string[];
}

function binaryArray(value: unknown): string[] {
  if (!Array.isArray(value)) giveUp();
  const wire: string[] = [];
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    wire.push(item instanceof Uint8Array ? base64(item) : giveUp());
  }
  return wire;
}

/** Unlike other lists, DynamoDB's writer keeps `null` elements of `L` (as JSON `null`). */
function attributeValueList(value: unknown): unknown[] {
  if (!Array.isArray(value)) giveUp();
  const wire: unknown[] = [];
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    wire.push(item === undefined || item === null ? null : writeAttributeValue(item));
  }
  return wire;
}

function attributeValueMap(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) giveUp();
  const wire: Record<string, unknown> = {};
  for (const key in value) {
    if (key === '__proto__') giveUp();
    const item = value[key];
    if (item !== undefined && item !== null) wire[key] = writeAttributeValue(item);
  }
  return wire;
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
