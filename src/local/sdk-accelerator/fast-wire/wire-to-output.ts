import { isStoredItem, type StoredItem } from '../../../engine/answer.js';
import { readStoredItemWithBinaries } from './stored-item-to-output.js';
import { reachesKind, type StructShape, type WireShape } from './wire-shape.js';

/** Base64 text to bytes, as the SDK's configured `base64Decoder` does it. */
export type Base64Decoder = (text: string) => Uint8Array;

/**
 * Whether `outputFromWire` reproduces the SDK's deserializer for every value of `shape`.
 * It converts in place, so it must know every shape it meets before it starts; blobs
 * outside attribute values are decoded by the SDK with its own fixed decoder, so those
 * outputs are left to the SDK too.
 */
export function outputFromWireSupports(shape: WireShape): boolean {
  // Outputs are converted in place, so a single unsupported shape leaves all to the SDK.
  return !reachesKind(shape, ['unsupported', 'blob']);
}

/**
 * The command output the SDK's deserializer (`JsonShapeDeserializer2` with DynamoDB's
 * attribute-value reader) builds from a wire answer, built the same way: structures are
 * new objects holding their known non-null members in schema order; lists, maps and
 * attribute values are converted in place (base64 `B`/`BS` to bytes, nested `L`/`M`);
 * numeric members sent as "Infinity"/"-Infinity"/"NaN" become numbers. Only for shapes
 * `outputFromWireSupports` accepts.
 *
 * The answer may hold items as the engine read them (`StoredItem`s, `Answer.withStoredItems`):
 * an item nothing has parsed yet is read from its stored text straight into its output form,
 * skipping the wire objects and the pass that converts them. With `keepRows`, such items
 * stay stored items, for a reader that goes further (document-output/unmarshall-output.ts).
 */
export function outputFromWire(
  shape: WireShape,
  wire: unknown,
  decodeBase64: Base64Decoder,
  keepRows = false,
): Record<string, unknown> {
  return readValue(shape, wire, { decodeBase64, keepRows }) as Record<string, unknown>;
}

interface OutputReading {
  readonly decodeBase64: Base64Decoder;
  /** Whether stored items that nothing has parsed stay `StoredItem`s. */
  readonly keepRows: boolean;
}

function readValue(shape: WireShape, value: unknown, reading: OutputReading): unknown {
  if (value !== null && typeof value === 'object') {
    switch (shape.kind) {
      case 'struct':
        return readStruct(shape, value as Record<string, unknown>, reading);
      case 'attributeValue':
        return readAttributeValue(value as Record<string, unknown>, reading.decodeBase64);
      case 'list':
        if (Array.isArray(value)) {
          if (shape.member.kind !== 'string' && shape.member.kind !== 'boolean') {
            for (let index = 0; index < value.length; index++)
              value[index] = readValue(shape.member, value[index], reading);
          }
          return value;
        }
        return value;
      case 'map':
        if (isStoredItem(value)) {
          if (reading.keepRows && shape.value.kind === 'attributeValue' && value.parsedItem === undefined) return value;
          return readRow(shape.value, value, reading);
        }
        if (shape.value.kind !== 'string' && shape.value.kind !== 'boolean')
          readMapInPlace(shape.value, value as Record<string, unknown>, reading);
        return value;
      default:
        return value;
    }
  }
  if (shape.kind === 'number' && typeof value === 'string') {
    if (value === 'Infinity') return Infinity;
    if (value === '-Infinity') return -Infinity;
    if (value === 'NaN') return NaN;
  }
  return value;
}

/** A stored item in the form the SDK's deserializer gives an item (an attribute-value map). */
export function readRowItem(row: StoredItem, decodeBase64: Base64Decoder): Record<string, unknown> {
  return readRow(ATTRIBUTE_VALUE_SHAPE, row, { decodeBase64, keepRows: false }) as Record<string, unknown>;
}

const ATTRIBUTE_VALUE_SHAPE: WireShape = { kind: 'attributeValue' };

/** A stored item where the answer has an attribute-value map: what converting `row.item` in place gives. */
function readRow(valueShape: WireShape, row: StoredItem, reading: OutputReading): unknown {
  // A parsed item may share its values with other members: it is converted in place, as any other.
  if (valueShape.kind === 'attributeValue' && row.parsedItem === undefined) {
    const direct = readStoredItemWithBinaries(row, reading.decodeBase64);
    if (direct !== undefined) return direct;
  }
  const item = row.item as Record<string, unknown>;
  if (valueShape.kind !== 'string' && valueShape.kind !== 'boolean') readMapInPlace(valueShape, item, reading);
  return item;
}

function readStruct(
  shape: StructShape,
  record: Record<string, unknown>,
  reading: OutputReading,
): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const member of shape.members) {
    const item = record[member.name];
    if (item !== undefined && item !== null) output[member.name] = readValue(member.shape, item, reading);
  }
  // A `__type`-tagged structure keeps its unknown members too.
  if (typeof record.__type === 'string') {
    for (const key in record) {
      if (Object.hasOwn(record, key) && !(key in output)) output[key] = record[key];
    }
  }
  return output;
}

function readMapInPlace(valueShape: WireShape, map: Record<string, unknown>, reading: OutputReading): void {
  const attributeValues = valueShape.kind === 'attributeValue';
  for (const key in map) {
    if (!Object.hasOwn(map, key)) continue;
    if (key === '__proto__') {
      // The SDK redefines a `__proto__` key as a plain property (emptied) before writing it back.
      Object.defineProperty(map, '__proto__', {
        value: undefined,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      map[key] = readValue(valueShape, map[key], reading);
      continue;
    }
    const item = map[key];
    // Attribute values are converted in place: writing them back would change nothing.
    if (attributeValues) {
      if (item !== null && typeof item === 'object')
        readAttributeValue(item as Record<string, unknown>, reading.decodeBase64);
    } else {
      map[key] = readValue(valueShape, item, reading);
    }
  }
}

/** DynamoDB's attribute-value reader, in place, step for step. */
function readAttributeValue(value: Record<string, unknown>, decodeBase64: Base64Decoder): Record<string, unknown> {
  if (typeof value.B === 'string') value.B = decodeBase64(value.B);
  // `map` hands the decoder (item, index, array), exactly as the SDK's reader does.
  if (Array.isArray(value.BS)) value.BS = value.BS.map(decodeBase64 as (item: unknown) => Uint8Array);
  if (Array.isArray(value.L))
    value.L = value.L.map((item) => readAttributeValue(item as Record<string, unknown>, decodeBase64));
  const map = value.M;
  if (map && typeof map === 'object') {
    const members = map as Record<string, unknown>;
    for (const key in members) members[key] = readAttributeValue(members[key] as Record<string, unknown>, decodeBase64);
  }
  return value;
}
