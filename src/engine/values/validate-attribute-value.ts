import { DynamoDBError } from '../errors.js';
import type { AttributeValue, Item } from './attribute-value.js';
import { decodeBase64 } from './base64.js';
import { canonicalizeNumber } from './numbers.js';
import { invalidValue, valueMessages } from './value-errors.js';
import { setOwnProperty } from './own-property.js';
import { soleOwnKey } from './sole-own-key.js';
import { inSetOrder } from './set-order.js';
import { isObjectRecord } from '../../shared/plain-object.js';

/**
 * `hasOwnProperty.call(record, key)` inside `for…in`: V8 answers it from the loop's enum
 * cache, while `Object.hasOwn` there costs a full lookup per key.
 */
const hasOwnProperty = Object.prototype.hasOwnProperty;

/** DynamoDB's nesting limit; the item itself counts as the first level. */
export const maximumNestingLevels = 32;

const knownTypes = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS']);

function hasDuplicates(elements: readonly string[]): boolean {
  return new Set(elements).size !== elements.length;
}

function checkStringSet(elements: string[]): AttributeValue {
  if (elements.length === 0) throw invalidValue(valueMessages.emptyStringSet);
  if (hasDuplicates(elements)) throw invalidValue(valueMessages.duplicateStrings(elements));
  return { SS: inSetOrder('SS', elements) };
}

function checkNumberSet(elements: string[]): AttributeValue {
  if (elements.length === 0) throw invalidValue(valueMessages.emptyNumberSet);
  const canonical = elements.map(canonicalizeNumber);
  // "1" and "1.0" are the same number, hence duplicates.
  if (hasDuplicates(canonical)) throw invalidValue(valueMessages.duplicateNumbers);
  return { NS: inSetOrder('NS', canonical) };
}

function checkBinarySet(elements: string[]): AttributeValue {
  if (elements.length === 0) throw invalidValue(valueMessages.emptyBinarySet);
  const decoded = elements.map((element) => decodeBase64(element));
  // Only canonical base64 decodes, so equal bytes are equal texts.
  if (hasDuplicates(elements)) throw invalidValue(valueMessages.duplicateBinaries(elements));
  return { BS: inSetOrder('BS', elements, decoded) };
}

function checkContainerLevel(level: number): void {
  if (level > maximumNestingLevels) throw invalidValue(valueMessages.nestingTooDeep);
}

/** Attribute names and map keys are shorter than 64 KB (UTF-8). */
const maximumNameBytes = 65535;

/** One attribute or map member: DynamoDB checks the value before the length of its name. */
function checkMember(name: string, value: unknown, level: number): AttributeValue {
  if (name === '') throw invalidValue(valueMessages.emptyAttributeName);
  const checked = checkValue(value, level, name);
  if (name.length * 3 > maximumNameBytes && Buffer.byteLength(name, 'utf8') > maximumNameBytes) {
    throw invalidValue(valueMessages.attributeNameTooLarge);
  }
  return checked;
}

function checkMap(members: Record<string, unknown>, level: number): AttributeValue {
  checkContainerLevel(level);
  const checked: Record<string, AttributeValue> = {};
  for (const name in members) {
    if (hasOwnProperty.call(members, name)) setOwnProperty(checked, name, checkMember(name, members[name], level));
  }
  return { M: checked };
}

function checkList(elements: unknown[], level: number): AttributeValue {
  checkContainerLevel(level);
  return { L: elements.map((element, index) => checkValue(element, level, index)) };
}

/**
 * Checks one typed member (`S`, `NS`, …) and returns it canonicalized. `value` is the
 * attribute value holding it when that holds nothing else: a scalar already in stored form
 * is then returned as is instead of copied (nothing in the engine changes a value in place).
 */
function checkTypedMember(type: string, member: unknown, level: number, value?: AttributeValue): AttributeValue {
  switch (type) {
    case 'S':
      return value ?? { S: member as string };
    case 'N': {
      const canonical = canonicalizeNumber(member as string);
      return value !== undefined && canonical === member ? value : { N: canonical };
    }
    case 'B':
      decodeBase64(member as string);
      return value ?? { B: member as string };
    case 'BOOL':
      return value ?? { BOOL: member as boolean };
    case 'NULL':
      if (member !== true) throw invalidValue(valueMessages.nullNotTrue);
      return value ?? { NULL: true };
    case 'SS':
      return checkStringSet(member as string[]);
    case 'NS':
      return checkNumberSet(member as string[]);
    case 'BS':
      return checkBinarySet(member as string[]);
    case 'M':
      return checkMap(member as Record<string, unknown>, level + 1);
    default:
      return checkList(member as unknown[], level + 1);
  }
}

/**
 * Checks one value found inside `level` enclosing levels (1 for an item's attribute) and
 * returns it with its numbers canonicalized. Members set to `null` count as absent, as
 * DynamoDB's deserializer treats them; unknown members are ignored the same way.
 */
function checkValue(value: unknown, level: number, name: string | number): AttributeValue {
  // A list element is named by its index, spelled out only for the error.
  if (value === null || value === undefined) throw invalidValue(valueMessages.nullAttribute(String(name)));
  if (!isObjectRecord(value)) throw invalidValue(valueMessages.emptyValue);
  // The usual value has one member: found without building the list of member names.
  const only = soleOwnKey(value);
  if (only !== undefined) {
    const member = value[only];
    if (!knownTypes.has(only) || member === null || member === undefined) throw invalidValue(valueMessages.emptyValue);
    return checkTypedMember(only, member, level, value as AttributeValue);
  }
  const types = Object.keys(value).filter(
    (type) => knownTypes.has(type) && value[type] !== null && value[type] !== undefined,
  );
  if (types.length === 0) throw invalidValue(valueMessages.emptyValue);
  // DynamoDB validates every member it got before it complains that there are several.
  let checked: AttributeValue | undefined;
  for (const type of types) checked = checkTypedMember(type, value[type], level);
  if (types.length > 1) throw invalidValue(valueMessages.severalTypes);
  return checked as AttributeValue;
}

/** Options of {@link validateItemValues}; reserved for callers that need to vary the checks. */
export interface ValidateItemOptions {
  /**
   * Levels enclosing the item's attributes (default 1: the item is the first of the 32
   * levels). An item nested in another structure would pass more.
   */
  readonly enclosingLevels?: number;
}

/**
 * Checks every value of an item (or key) the way DynamoDB does on input and returns a
 * copy with numbers canonicalized (also inside NS, L and M): number syntax, precision and
 * range; sets non-empty and without duplicates (`"1"` and `"1.0"` are duplicates), their
 * elements in DynamoDB Local's order (see `set-order.ts`);
 * `NULL` only `true`; exactly one type tag; no empty map keys or attribute names;
 * at most 32 nesting levels; base64 binaries. Throws DynamoDB's `ValidationException`
 * (`SerializationException` for bad base64).
 *
 * The item, its maps and lists are new objects; a scalar value (`{ S: … }`, an `N`
 * already in stored form, `B`, `BOOL`, `NULL`) holding nothing else is the input's own
 * object, as nothing changes values in place.
 *
 * @example
 * validateItemValues({ pk: { S: 'a' }, n: { N: '01.50' } }) // → { pk: { S: 'a' }, n: { N: '1.5' } }
 */
export function validateItemValues(item: Item, options?: ValidateItemOptions): Item {
  const level = options?.enclosingLevels ?? 1;
  const checked: Item = {};
  // for…in with an own check visits what Object.keys lists, in its order, without the array.
  for (const name in item) {
    if (hasOwnProperty.call(item, name)) setOwnProperty(checked, name, checkMember(name, item[name], level));
  }
  return checked;
}

/**
 * Checks a value the request only compares (a legacy `Expected` value or
 * `AttributeValueList` entry) like {@link validateItemValues} and returns it canonicalized.
 * Like an expression attribute value it may use all 32 nesting levels (DynamoDB Local
 * 1.25.1 and 3.3.1 accept 32 there), but its errors are not wrapped.
 */
export function validateStandaloneValue(value: AttributeValue): AttributeValue {
  return checkValue(value, 0, '');
}

/**
 * Checks one value like {@link validateItemValues} and returns it canonicalized.
 *
 * With `path` (the `:name` of an `ExpressionAttributeValues` entry) errors take
 * DynamoDB's form for expression values,
 * `ExpressionAttributeValues contains invalid value: <reason> for key :name`, and the
 * value may use all 32 nesting levels. Without `path` the value is checked as an item
 * attribute would be and errors are unwrapped.
 */
export function validateAttributeValue(value: AttributeValue, path?: string): AttributeValue {
  if (path === undefined) return checkValue(value, 1, '');
  if (value === null || value === undefined) {
    throw invalidValue(valueMessages.expressionValue(valueMessages.nullExpressionValue, path));
  }
  try {
    return checkValue(value, 0, path);
  } catch (error) {
    if (error instanceof DynamoDBError && error.type === 'ValidationException') {
      throw invalidValue(valueMessages.expressionValue(error.message, path));
    }
    throw error;
  }
}
