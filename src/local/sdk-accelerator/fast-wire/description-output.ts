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

import { reachesKind, wireShapeOf, type StructShape, type WireShape } from './wire-shape.js';

/** The shape {@link readDescriptionOutput} reads an answer by: a structure reaching only strings, numbers, booleans and timestamps. */
export type DescriptionShape = StructShape;

/** By output schema: whether its shape is one the reader reads (null when not). */
const readable = new WeakMap<object, DescriptionShape | null>();

/**
 * The shape of an operation's output schema when {@link readDescriptionOutput} can read it
 * (no blob, attribute value, union or unknown shape reachable from it), else `undefined`.
 * Once per schema.
 */
export function descriptionShapeOf(outputSchema: unknown): DescriptionShape | undefined {
  if (outputSchema === null || (typeof outputSchema !== 'object' && typeof outputSchema !== 'function'))
    return undefined;
  let known = readable.get(outputSchema);
  if (known === undefined) {
    const shape = wireShapeOf(outputSchema);
    known = shape.kind === 'struct' && !reachesKind(shape, ['unsupported', 'blob', 'attributeValue']) ? shape : null;
    readable.set(outputSchema, known);
  }
  return known ?? undefined;
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

function readValue(shape: WireShape, value: unknown): unknown {
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

function readStruct(shape: StructShape, record: Record<string, unknown>): unknown {
  // A `__type` makes the SDK copy the members its schema does not name too.
  if (typeof record.__type === 'string') return NOT_READ;
  const out: Record<string, unknown> = {};
  for (const member of shape.members) {
    const value = record[member.name];
    if (value === null || value === undefined) continue;
    const read = readValue(member.shape, value);
    if (read === NOT_READ) return NOT_READ;
    out[member.name] = read;
  }
  return out;
}

function readList(member: WireShape, list: unknown[]): unknown {
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

function readMap(value: WireShape, map: Record<string, unknown>): unknown {
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
