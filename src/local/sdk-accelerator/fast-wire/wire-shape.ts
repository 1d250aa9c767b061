/**
 * The shape of a command's input or output, read once from the SDK's static schema
 * tuples (the `[3, namespace, name, traits, memberNames, memberSchemas]` arrays of
 * `@aws-sdk/client-dynamodb/schemas`) into a form the direct converters walk quickly.
 *
 * Only what the JSON codec distinguishes is kept. Anything this module does not know
 * (documents, big numbers, timestamps in other formats than epoch seconds, media types,
 * sparse collections, other unions,
 * a tuple layout it does not recognise) becomes `unsupported`, and the converters then
 * leave the call to the SDK's own serializer and deserializer.
 */

export type WireShape =
  | { readonly kind: LeafKind }
  | { readonly kind: 'list'; readonly member: WireShape }
  | { readonly kind: 'map'; readonly value: WireShape }
  | StructShape;

export interface StructShape {
  readonly kind: 'struct';
  readonly members: StructMember[];
}

export interface StructMember {
  readonly name: string;
  readonly shape: WireShape;
  /** Filled with a fresh UUID by the serializer when the caller leaves it undefined. */
  readonly idempotencyToken: boolean;
}

const ATTRIBUTE_VALUE = 'com.amazonaws.dynamodb#AttributeValue';

// Smithy's schema codes (`@smithy/core/schema`): simple types are numbers, collections of a
// simple type add 64 (list) or 128 (map), structured types are tuples tagged by their first slot.
const STRING = 0;
const NUMERIC = 1;
const BOOLEAN = 2;
/** A timestamp in the codec's default format, which for DynamoDB's codec is epoch seconds. */
const TIMESTAMP_DEFAULT = 4;
const TIMESTAMP_EPOCH_SECONDS = 7;
const BLOB = 21;
const LIST_OF = 64;
const MAP_OF = 128;
const TUPLE_SIMPLE = 0;
const TUPLE_LIST = 1;
const TUPLE_MAP = 2;
const TUPLE_STRUCTURE = 3;
const TUPLE_ERROR = -3;
const TUPLE_UNION = 4;
/** Bit of the numeric trait set that marks `idempotencyToken` (Smithy's `translateTraits`). */
const IDEMPOTENCY_TOKEN_BIT = 1 << 2;
/** Object-form traits that change how the JSON codec writes or reads a value (and `jsonName`, which DynamoDB's does not read). */
const CODEC_TRAITS = ['mediaType', 'sparse', 'timestampFormat', 'streaming', 'eventStream', 'jsonName'];

const UNSUPPORTED: WireShape = { kind: 'unsupported' };
const SIMPLE: Record<number, WireShape> = {
  [STRING]: { kind: 'string' },
  [NUMERIC]: { kind: 'number' },
  [BOOLEAN]: { kind: 'boolean' },
  [BLOB]: { kind: 'blob' },
  [TIMESTAMP_DEFAULT]: { kind: 'timestamp' },
  [TIMESTAMP_EPOCH_SECONDS]: { kind: 'timestamp' },
};

/** Shapes by schema tuple: schemas are module-level constants, and structures may refer to themselves. */
const shapes = new WeakMap<object, WireShape>();

/** The shape of a schema reference: a code, a tuple, a `() => tuple` thunk or a `[schema, traits]` member. */
export function wireShapeOf(schema: unknown): WireShape {
  return shapeOf(schema).shape;
}

interface Resolved {
  readonly shape: WireShape;
  readonly idempotencyToken: boolean;
}

function shapeOf(reference: unknown): Resolved {
  let schema = typeof reference === 'function' ? (reference as () => unknown)() : reference;
  let idempotencyToken = false;
  let codecTraits = false;
  // A member schema is `[target, traits]`; members may wrap members.
  while (Array.isArray(schema) && schema.length === 2) {
    const traits: unknown = schema[1];
    if (typeof traits === 'number') idempotencyToken ||= (traits & IDEMPOTENCY_TOKEN_BIT) !== 0;
    else codecTraits ||= hasCodecTraits(traits);
    schema = typeof schema[0] === 'function' ? (schema[0] as () => unknown)() : schema[0];
  }
  if (codecTraits) return { shape: UNSUPPORTED, idempotencyToken };
  return { shape: targetShape(schema), idempotencyToken };
}

function targetShape(schema: unknown): WireShape {
  if (typeof schema === 'number') return codeShape(schema);
  if (!Array.isArray(schema) || schema.length < 5) return UNSUPPORTED;
  const known = shapes.get(schema);
  if (known) return known;
  const [tag, namespace, name, traits] = schema as [unknown, unknown, unknown, unknown];
  if (hasCodecTraits(traits)) return remember(schema, UNSUPPORTED);
  switch (tag) {
    case TUPLE_SIMPLE:
      return remember(schema, shapeOf(schema[4]).shape);
    case TUPLE_LIST: {
      const shape: { kind: 'list'; member: WireShape } = { kind: 'list', member: UNSUPPORTED };
      remember(schema, shape);
      shape.member = memberShape(schema[4]);
      return shape;
    }
    case TUPLE_MAP: {
      const shape: { kind: 'map'; value: WireShape } = { kind: 'map', value: UNSUPPORTED };
      remember(schema, shape);
      shape.value = memberShape(schema[5]);
      return shape;
    }
    case TUPLE_UNION:
      return remember(
        schema,
        `${String(namespace)}#${String(name)}` === ATTRIBUTE_VALUE ? { kind: 'attributeValue' } : UNSUPPORTED,
      );
    case TUPLE_STRUCTURE:
    case TUPLE_ERROR:
      return structShape(schema);
    default:
      return remember(schema, UNSUPPORTED);
  }
}

function structShape(schema: unknown[]): WireShape {
  const names = schema[4];
  const schemas = schema[5];
  if (!Array.isArray(names) || !Array.isArray(schemas) || names.length !== schemas.length)
    return remember(schema, UNSUPPORTED);
  const members: StructMember[] = [];
  const shape: StructShape = { kind: 'struct', members };
  remember(schema, shape);
  for (let index = 0; index < names.length; index++) {
    const resolved = shapeOf(schemas[index]);
    members.push({ name: String(names[index]), shape: resolved.shape, idempotencyToken: resolved.idempotencyToken });
  }
  return shape;
}

/** A list's or map's member: a plain `[schema, traits]` member would carry codec traits too. */
function memberShape(reference: unknown): WireShape {
  const resolved = shapeOf(reference);
  return resolved.idempotencyToken ? UNSUPPORTED : resolved.shape;
}

function codeShape(code: number): WireShape {
  if (code >= LIST_OF && code < MAP_OF)
    return SIMPLE[code & 63] ? { kind: 'list', member: SIMPLE[code & 63] } : UNSUPPORTED;
  if (code >= MAP_OF && code <= 255) return SIMPLE[code & 63] ? { kind: 'map', value: SIMPLE[code & 63] } : UNSUPPORTED;
  return SIMPLE[code] ?? UNSUPPORTED;
}

function hasCodecTraits(traits: unknown): boolean {
  if (traits === null || typeof traits !== 'object') return false;
  return CODEC_TRAITS.some((trait) => trait in traits);
}

function remember(schema: object, shape: WireShape): WireShape {
  shapes.set(schema, shape);
  return shape;
}

/** The kinds a shape without members may have. */
export type LeafKind = 'string' | 'number' | 'boolean' | 'blob' | 'timestamp' | 'attributeValue' | 'unsupported';

/** Whether some shape reachable from `shape` has one of `kinds` (schemas may be recursive). */
export function reachesKind(shape: WireShape, kinds: readonly LeafKind[]): boolean {
  return reachesShape(shape, (reached) => (kinds as readonly string[]).includes(reached.kind));
}

/** Whether `shape`, or some shape reachable from it, is one `matches` accepts (schemas may be recursive). */
export function reachesShape(
  shape: WireShape,
  matches: (shape: WireShape) => boolean,
  seen = new Set<WireShape>(),
): boolean {
  if (matches(shape)) return true;
  if (seen.has(shape)) return false;
  seen.add(shape);
  switch (shape.kind) {
    case 'list':
      return reachesShape(shape.member, matches, seen);
    case 'map':
      return reachesShape(shape.value, matches, seen);
    case 'struct':
      return shape.members.some((member) => reachesShape(member.shape, matches, seen));
    default:
      return false;
  }
}
