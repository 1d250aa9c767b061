import type { Random } from './random.js';
import {
  INDEX_KEY_CANDIDATES,
  KEY_VALUES,
  keyAttributeTypes,
  PLAIN_ATTRIBUTES,
  type ScalarType,
  type TableModel,
} from './table-model.js';

/** Wire-form AttributeValues, as both endpoints receive them. */
export type AttributeValue = Record<string, unknown>;
export type Item = Record<string, AttributeValue>;

/** Numbers in several spellings, so that canonicalization is exercised (`1.50`, `01`, `1e1`, `-0`). */
const NUMBERS = [
  '0',
  '1',
  '2',
  '-1',
  '1.5',
  '1.50',
  '01',
  '1e1',
  '-0',
  '100',
  '0.001',
  '12345678901234567890',
  '-7.25',
];
const STRINGS = ['', 'a', 'b', 'ab', 'abc', 'x y', 'é', 'A', '😀'];
const BINARIES = ['', 'AQ==', 'Ag==', 'AQI=', '/w=='];
const MAP_KEYS = ['x', 'y', 'z', 'a'];

export function randomNumber(random: Random): string {
  return random.pick(NUMBERS);
}

export function randomString(random: Random): string {
  return random.pick(STRINGS);
}

/** A random value of a key type drawn from the small key pools. */
export function keyValue(random: Random, type: ScalarType): AttributeValue {
  return { [type]: random.pick(KEY_VALUES[type]) };
}

/** A random value of any type, nested up to `depth` levels. */
export function randomValue(random: Random, depth = 2): AttributeValue {
  const kinds = ['S', 'N', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', ...(depth > 0 ? ['L', 'M', 'L', 'M'] : [])];
  switch (random.pick(kinds)) {
    case 'S':
      return { S: randomString(random) };
    case 'N':
      return { N: randomNumber(random) };
    case 'B':
      return { B: random.pick(BINARIES) };
    case 'BOOL':
      return { BOOL: random.chance(0.5) };
    case 'NULL':
      return { NULL: true };
    case 'SS':
      return { SS: random.subset(['a', 'b', 'c', 'd'], 1, 3) };
    case 'NS':
      return { NS: random.subset(['1', '2', '3', '10', '-1.5'], 1, 3) };
    case 'BS':
      return { BS: random.subset(['AQ==', 'Ag==', 'Aw=='], 1, 2) };
    case 'L':
      return { L: Array.from({ length: random.int(0, 3) }, () => randomValue(random, depth - 1)) };
    default:
      return { M: randomMap(random, depth) };
  }
}

function randomMap(random: Random, depth: number): Item {
  const map: Item = {};
  for (const key of random.subset(MAP_KEYS, 0, 3)) map[key] = randomValue(random, depth - 1);
  return map;
}

/** A value for a scalar type; for a set operand, a set of that element type. */
export function randomScalar(random: Random, type: ScalarType): AttributeValue {
  if (type === 'N') return { N: randomNumber(random) };
  if (type === 'B') return { B: random.pick(BINARIES.slice(1)) };
  return { S: randomString(random) };
}

/** A primary key of the table, from the small pools (so keys repeat). */
export function randomKey(random: Random, table: TableModel): Item {
  const key: Item = { [table.hash.name]: keyValue(random, table.hash.type) };
  if (table.range) key[table.range.name] = keyValue(random, table.range.type);
  return key;
}

/**
 * A random item: its key, usually the index keys (of the right type, sometimes the wrong
 * one or missing, so sparse indexes and type errors both happen) and some plain attributes.
 */
export function randomItem(random: Random, table: TableModel): Item {
  const item = randomKey(random, table);
  const keyTypes = keyAttributeTypes(table);
  for (const name of INDEX_KEY_CANDIDATES) {
    if (item[name] || !random.chance(0.6)) continue;
    const type = keyTypes.get(name);
    if (type && random.chance(0.95)) item[name] = keyValue(random, type);
    else
      item[name] = type
        ? randomValue(random, 0)
        : random.chance(0.5)
          ? { N: randomNumber(random) }
          : randomValue(random, 1);
    // An empty string or binary is rejected as an index key value: keep that rare.
    if (type && isEmptyScalar(item[name]) && random.chance(0.8)) delete item[name];
  }
  for (const name of PLAIN_ATTRIBUTES) {
    if (!random.chance(0.55)) continue;
    if (name === 'list') item[name] = { L: Array.from({ length: random.int(0, 3) }, () => randomValue(random, 1)) };
    else if (name === 'map') item[name] = { M: randomMap(random, 2) };
    else if (name === 'tags')
      item[name] = random.chance(0.5)
        ? { SS: random.subset(['a', 'b', 'c', 'd'], 1, 3) }
        : { NS: random.subset(['1', '2', '3'], 1, 3) };
    else item[name] = randomValue(random, 1);
  }
  return item;
}

function isEmptyScalar(value: AttributeValue): boolean {
  return value.S === '' || value.B === '';
}
