/**
 * The outputs of the operations other than the item operations (table descriptions above
 * all: CreateTable, DescribeTable, DeleteTable, UpdateTable…) read straight from the
 * engine's answer, into what the SDK's deserializer (`JsonShapeDeserializer2`, DynamoDB's
 * codec: epoch-seconds timestamps, no JSON names) builds from a copy of it: structures are
 * new objects holding their non-null members in schema order, lists and maps new ones
 * holding their entries read, epoch seconds become `Date`s as `parseEpochTimestamp` makes
 * them, and strings, numbers and booleans stay as they are. The answer itself is never
 * changed, so no copy of it is needed (the engine may share it with its catalog).
 *
 * Only schemas of such shapes are read (anything else, a blob, a document, an attribute
 * value, a union, a trait the codec acts on, leaves the operation to the SDK), and only
 * answers whose every value has the type its schema says, with finite timestamps: any other
 * value makes {@link readDescriptionOutput} give `undefined`, and the caller hands the
 * answer to the SDK's deserializer, which then says what it says (a TypeError for a bad
 * timestamp). description-output.test.ts compares both readers on the engine's answers and
 * on generated ones.
 */

export type DescriptionShape =
  | { readonly kind: 'string' | 'number' | 'boolean' | 'timestamp' | 'unsupported' }
  | { readonly kind: 'list'; member: DescriptionShape }
  | { readonly kind: 'map'; value: DescriptionShape }
  | { readonly kind: 'struct'; readonly names: string[]; readonly members: DescriptionShape[] };

// Smithy's schema codes (`@smithy/core/schema`), as in wire-shape.ts; 4 is a timestamp in the
// codec's default format and 7 one in epoch seconds, which for DynamoDB's codec are the same.
const SIMPLE: Record<number, DescriptionShape> = {
  0: { kind: 'string' },
  1: { kind: 'number' },
  2: { kind: 'boolean' },
  4: { kind: 'timestamp' },
  7: { kind: 'timestamp' },
};
const LIST_OF = 64;
const MAP_OF = 128;
const TUPLE_SIMPLE = 0;
const TUPLE_LIST = 1;
const TUPLE_MAP = 2;
const TUPLE_STRUCTURE = 3;
const UNSUPPORTED: DescriptionShape = { kind: 'unsupported' };
/** Object-form traits that change how the JSON codec reads a value (and `jsonName`, which DynamoDB's does not read). */
const CODEC_TRAITS = ['mediaType', 'sparse', 'timestampFormat', 'streaming', 'eventStream', 'jsonName'];

const shapes = new WeakMap<object, DescriptionShape>();
const readable = new WeakMap<object, DescriptionShape | null>();

/**
 * The shape of an operation's output schema when {@link readDescriptionOutput} can read it
 * (every shape reachable from it is one it knows), else `undefined`. Once per schema.
 */
export function descriptionShapeOf(outputSchema: unknown): DescriptionShape | undefined {
  if (outputSchema === null || (typeof outputSchema !== 'object' && typeof outputSchema !== 'function'))
    return undefined;
  let known = readable.get(outputSchema);
  if (known === undefined) {
    const shape = shapeOf(outputSchema);
    known = shape.kind === 'struct' && !reachesUnsupported(shape, new Set()) ? shape : null;
    readable.set(outputSchema, known);
  }
  return known ?? undefined;
}

function shapeOf(reference: unknown): DescriptionShape {
  let schema = typeof reference === 'function' ? (reference as () => unknown)() : reference;
  // A member schema is `[target, traits]`; members may wrap members.
  while (Array.isArray(schema) && schema.length === 2) {
    if (hasCodecTraits(schema[1])) return UNSUPPORTED;
    schema = typeof schema[0] === 'function' ? (schema[0] as () => unknown)() : schema[0];
  }
  if (typeof schema === 'number') return codeShape(schema);
  if (!Array.isArray(schema) || schema.length < 5) return UNSUPPORTED;
  const known = shapes.get(schema);
  if (known) return known;
  if (hasCodecTraits(schema[3])) return remember(schema, UNSUPPORTED);
  switch (schema[0]) {
    case TUPLE_SIMPLE:
      return remember(schema, shapeOf(schema[4]));
    case TUPLE_LIST: {
      const shape: { kind: 'list'; member: DescriptionShape } = { kind: 'list', member: UNSUPPORTED };
      remember(schema, shape);
      shape.member = shapeOf(schema[4]);
      return shape;
    }
    case TUPLE_MAP: {
      const shape: { kind: 'map'; value: DescriptionShape } = { kind: 'map', value: UNSUPPORTED };
      remember(schema, shape);
      shape.value = shapeOf(schema[5]);
      return shape;
    }
    case TUPLE_STRUCTURE: {
      const names = schema[4];
      const members = schema[5];
      if (!Array.isArray(names) || !Array.isArray(members) || names.length !== members.length)
        return remember(schema, UNSUPPORTED);
      const shape = { kind: 'struct' as const, names: names.map(String), members: [] as DescriptionShape[] };
      remember(schema, shape);
      for (const member of members) shape.members.push(shapeOf(member));
      return shape;
    }
    default:
      // Unions (the attribute value among them), errors, operations.
      return remember(schema, UNSUPPORTED);
  }
}

function codeShape(code: number): DescriptionShape {
  if (code >= LIST_OF && code < MAP_OF)
    return SIMPLE[code & 63] ? { kind: 'list', member: SIMPLE[code & 63] } : UNSUPPORTED;
  if (code >= MAP_OF && code <= 255) return SIMPLE[code & 63] ? { kind: 'map', value: SIMPLE[code & 63] } : UNSUPPORTED;
  return SIMPLE[code] ?? UNSUPPORTED;
}

function hasCodecTraits(traits: unknown): boolean {
  if (traits === null || typeof traits !== 'object') return false;
  return CODEC_TRAITS.some((trait) => trait in traits);
}

function remember(schema: object, shape: DescriptionShape): DescriptionShape {
  shapes.set(schema, shape);
  return shape;
}

function reachesUnsupported(shape: DescriptionShape, seen: Set<DescriptionShape>): boolean {
  if (shape.kind === 'unsupported') return true;
  if (seen.has(shape)) return false;
  seen.add(shape);
  switch (shape.kind) {
    case 'list':
      return reachesUnsupported(shape.member, seen);
    case 'map':
      return reachesUnsupported(shape.value, seen);
    case 'struct':
      return shape.members.some((member) => reachesUnsupported(member, seen));
    default:
      return false;
  }
}

/** What a value the reader does not take gives: the whole answer is left to the SDK. */
const NOT_READ: unique symbol = Symbol('not read');

/**
 * The command output the SDK's deserializer builds from a copy of `wire`, built without
 * touching `wire`; `undefined` when some value is not what the schema says (see above).
 */
export function readDescriptionOutput(shape: DescriptionShape, wire: unknown): Record<string, unknown> | undefined {
  const output = readValue(shape, wire);
  return output === NOT_READ ? undefined : (output as Record<string, unknown>);
}

function readValue(shape: DescriptionShape, value: unknown): unknown {
  // The SDK's deserializer gives a null (or absent) value back as it is, whatever its schema.
  if (value === null || value === undefined) return value;
  switch (shape.kind) {
    case 'string':
      return typeof value === 'string' ? value : NOT_READ;
    case 'boolean':
      return typeof value === 'boolean' ? value : NOT_READ;
    case 'number':
      return typeof value === 'number' ? value : NOT_READ;
    case 'timestamp':
      // parseEpochTimestamp of a number.
      return typeof value === 'number' && Number.isFinite(value) ? new Date(Math.round(value * 1000)) : NOT_READ;
    case 'list':
      return Array.isArray(value) ? readList(shape.member, value) : NOT_READ;
    case 'map':
      return isPlainRecord(value) ? readMap(shape.value, value) : NOT_READ;
    case 'struct':
      return isPlainRecord(value) ? readStruct(shape, value) : NOT_READ;
    default:
      return NOT_READ;
  }
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function readStruct(
  shape: { readonly names: string[]; readonly members: DescriptionShape[] },
  record: Record<string, unknown>,
): unknown {
  // A `__type` makes the SDK copy the members its schema does not name too.
  if (typeof record.__type === 'string') return NOT_READ;
  const out: Record<string, unknown> = {};
  const { names, members } = shape;
  for (let index = 0; index < names.length; index++) {
    const name = names[index];
    const value = record[name];
    if (value === null || value === undefined) continue;
    const read = readValue(members[index], value);
    if (read === NOT_READ) return NOT_READ;
    out[name] = read;
  }
  return out;
}

function readList(member: DescriptionShape, list: unknown[]): unknown {
  const out = new Array<unknown>(list.length);
  for (let index = 0; index < list.length; index++) {
    // A hole: the SDK's copy and its reading would see `undefined` there; rare enough to leave to them.
    if (!(index in list)) return NOT_READ;
    const read = readValue(member, list[index]);
    if (read === NOT_READ) return NOT_READ;
    out[index] = read;
  }
  return out;
}

function readMap(value: DescriptionShape, map: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(map)) {
    if (key === '__proto__') return NOT_READ;
    const read = readValue(value, map[key]);
    if (read === NOT_READ) return NOT_READ;
    out[key] = read;
  }
  return out;
}

const PROBE_NAMESPACE = 'com.amazonaws.dynamodb';
const PROBE_PART = [3, PROBE_NAMESPACE, 'MonotableProbePart', 0, ['At', 'Label'], [7, 0]];
const PROBE_SCHEMA = [
  3,
  PROBE_NAMESPACE,
  'MonotableProbe',
  0,
  ['Name', 'At', 'Count', 'Enabled', 'Parts', 'Labels', 'Absent'],
  [0, 4, 1, 2, [1, PROBE_NAMESPACE, 'MonotableProbeParts', 0, () => PROBE_PART], 64 | 0, 0],
];

/**
 * The self-check's probe: whether the SDK's deserializer reads an answer of the layouts
 * above (timestamps in the default and epoch-seconds formats, a list of structures,
 * unknown and null members) as {@link readDescriptionOutput} does.
 */
export function readsDescriptionsAsSdk(deserializer: {
  readObject(schema: unknown, data: unknown): Record<string, unknown>;
}): boolean {
  const wire = () => ({
    Unknown: 'dropped',
    Parts: [{ Label: 'b', At: 1.5, Other: 1 }, null],
    Name: 'probe',
    At: 1700000000.1234,
    Count: 2,
    Enabled: false,
    Labels: ['x', 'y'],
    Absent: null,
  });
  const shape = descriptionShapeOf(PROBE_SCHEMA);
  if (shape === undefined) return false;
  try {
    const sdk = deserializer.readObject(PROBE_SCHEMA, wire());
    const direct = readDescriptionOutput(shape, wire());
    const dates = (output: Record<string, unknown> | undefined) => [
      output?.At instanceof Date,
      ((output?.Parts as Record<string, unknown>[] | undefined)?.[0]?.At as unknown) instanceof Date,
    ];
    return (
      direct !== undefined &&
      JSON.stringify(sdk) === JSON.stringify(direct) &&
      JSON.stringify(dates(sdk)) === JSON.stringify(dates(direct)) &&
      (sdk.At as Date).getTime() === (direct.At as Date).getTime()
    );
  } catch {
    return false;
  }
}
