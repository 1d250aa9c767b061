import { deserializeAttributeValueAt, deserializeValue } from './deserialize.js';
import { patternRegExp, valueSatisfies } from './satisfies-constraints.js';
import type { LengthConstraints, Shape, StringConstraints, StructureShape } from './shape.js';
import { soleOwnKey } from '../values/sole-own-key.js';
import { DEEPEST_WALKED_ATTRIBUTE_LEVEL } from './walk-depth.js';

/*
 * The request-shape check compiled once per shape into closures: one pass that
 * deserializes a request in place exactly as `deserializeValue` does and, on the way,
 * notes whether every constraint holds (as `structureSatisfies` answers). Interpreting the
 * shape on every call (a switch per value, a member list per structure, `Object.keys` per
 * map) cost more than the checks themselves.
 *
 * Exactness comes from delegation: whenever a value is not of the JSON type its shape
 * expects, the closure hands it to the reference `deserializeValue`, which throws
 * DynamoDB's message (or converts, as for `"yes"` to a Boolean). Constraints are judged on
 * the converted value, as the reference judges the deserialized request. A broken
 * constraint only clears a flag: serialization errors anywhere in the request still come
 * first, and the caller then collects the violation messages with the reference collector.
 */

type Position = 'field' | 'element';

/**
 * `hasOwnProperty.call(record, key)` inside `for…in`: V8 answers it from the loop's enum
 * cache, while `Object.hasOwn` there costs a full lookup per key.
 */
const hasOwnProperty = Object.prototype.hasOwnProperty;

/** What one request's check found so far: per call, so no check can see another's. */
interface CheckState {
  /** Whether every constraint seen so far held. */
  allSatisfied: boolean;
}

/** Deserializes `value` in place and returns it converted; clears `state.allSatisfied` on a broken constraint. */
type CompiledCheck = (value: unknown, position: Position, state: CheckState) => unknown;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `lengthOf` of satisfies-constraints.ts: strings and lists by length, maps by member count. */
function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return Object.keys(value as object).length;
}

type LengthPredicate = (length: number) => boolean;

function compileLengthPredicate(constraints: LengthConstraints): LengthPredicate | undefined {
  const { minLength, maxLength } = constraints;
  if (minLength === undefined && maxLength === undefined) return undefined;
  const minimum = minLength ?? 0;
  const maximum = maxLength ?? Number.POSITIVE_INFINITY;
  return (length) => length >= minimum && length <= maximum;
}

type StringPredicate = (text: string) => boolean;

/** `stringSatisfies(text, constraints)` with the constraints bound; undefined when there are none. */
function compileStringPredicate(constraints: StringConstraints): StringPredicate | undefined {
  const allowed = constraints.enum ? new Set(constraints.enum) : undefined;
  const pattern = constraints.pattern === undefined ? undefined : patternRegExp(constraints.pattern);
  const length = compileLengthPredicate(constraints);
  if (allowed === undefined && pattern === undefined && length === undefined) return undefined;
  return (text) =>
    (allowed === undefined || allowed.has(text)) &&
    (pattern === undefined || pattern.test(text)) &&
    (length === undefined || length(text.length));
}

function compileString(shape: Shape & { kind: 'string' }): CompiledCheck {
  const satisfies = compileStringPredicate(shape);
  return (value, position, state) => {
    if (typeof value !== 'string') return deserializeValue(value, shape, position);
    if (satisfies !== undefined && !satisfies(value)) state.allSatisfied = false;
    return value;
  };
}

function compileNumber(shape: Shape & { kind: 'number' }): CompiledCheck {
  const minimum = shape.min ?? Number.NEGATIVE_INFINITY;
  const maximum = shape.max ?? Number.POSITIVE_INFINITY;
  return (value, position, state) => {
    const number = (typeof value === 'number' ? Math.floor(value) : deserializeValue(value, shape, position)) as number;
    if (number < minimum || number > maximum) state.allSatisfied = false;
    return number;
  };
}

function compileBoolean(shape: Shape & { kind: 'boolean' }): CompiledCheck {
  return (value, position) => (typeof value === 'boolean' ? value : deserializeValue(value, shape, position));
}

function compileList(shape: Shape & { kind: 'list' }): CompiledCheck {
  const element = compileShape(shape.member);
  const length = compileLengthPredicate(shape);
  return (value, position, state) => {
    if (!Array.isArray(value)) return deserializeValue(value, shape, position);
    if (length !== undefined && !length(value.length)) state.allSatisfied = false;
    for (let index = 0; index < value.length; index++) {
      const entry: unknown = value[index];
      // A null element stays (the collector names it); undefined is deserialized, and fails.
      if (entry === null) {
        state.allSatisfied = false;
        continue;
      }
      const converted = element(entry, 'element', state);
      if (converted !== entry) value[index] = converted;
    }
    return value;
  };
}

function compileMap(shape: Shape & { kind: 'map' }): CompiledCheck {
  const entryCheck = compileShape(shape.value);
  const length = compileLengthPredicate(shape);
  const keys = shape.keys === undefined ? undefined : compileStringPredicate(shape.keys);
  const valueLength = shape.values === undefined ? undefined : compileLengthPredicate(shape.values);
  // A null attribute value is the values module's to name; any other null entry is a violation.
  const nullAllowed = shape.value.kind === 'attributeValue';
  return (value, position, state) => {
    if (!isObject(value)) return deserializeValue(value, shape, position);
    let count = 0;
    // for…in with an own check visits what Object.keys lists, in its order, without the array.
    for (const key in value) {
      if (!hasOwnProperty.call(value, key)) continue;
      count++;
      if (keys !== undefined && !keys(key)) state.allSatisfied = false;
      const entry = value[key];
      if (entry === null) {
        if (!nullAllowed) state.allSatisfied = false;
        continue;
      }
      const converted = entryCheck(entry, 'element', state);
      if (converted !== entry) value[key] = converted;
      if (valueLength !== undefined && !valueLength(lengthOf(converted))) state.allSatisfied = false;
    }
    if (length !== undefined && !length(count)) state.allSatisfied = false;
    return value;
  };
}

interface CompiledMember {
  readonly name: string;
  readonly shape: Shape;
  readonly required: boolean;
  readonly check: CompiledCheck;
}

function compileStructure(shape: StructureShape): CompiledCheck {
  const members: CompiledMember[] = Object.entries(shape.members).map(([name, member]) => ({
    name,
    shape: member.shape,
    required: member.required === true,
    check: compileShape(member.shape),
  }));
  return (value, position, state) => {
    if (!isObject(value)) return deserializeValue(value, shape, position);
    for (let index = 0; index < members.length; index++) {
      const member = members[index];
      const name = member.name;
      if (Object.hasOwn(value, name)) {
        const memberValue = value[name];
        // An explicit null is the same as an absent member.
        if (memberValue === null) {
          delete value[name];
          if (member.required) state.allSatisfied = false;
          continue;
        }
        const converted = member.check(memberValue, 'field', state);
        if (converted !== memberValue) value[name] = converted;
      } else {
        // The reference deserializer skips inherited members but its constraint check sees them.
        const inherited = value[name];
        if (inherited === undefined || inherited === null) {
          if (member.required) state.allSatisfied = false;
        } else if (!valueSatisfies(inherited, member.shape)) {
          state.allSatisfied = false;
        }
      }
    }
    return value;
  };
}

/**
 * Attribute values carry no constraints of their own; their usual form (one type tag with
 * a value of the right JSON type) needs no conversion, so only the rest reaches the
 * reference deserializer.
 */
/**
 * `depth` counts the attribute values enclosing this one; past
 * {@link DEEPEST_WALKED_ATTRIBUTE_LEVEL} the walk stops (walk-depth.ts says why that is safe).
 */
function checkAttributeValue(value: unknown, position: Position, depth = 0): unknown {
  if (depth >= DEEPEST_WALKED_ATTRIBUTE_LEVEL) return value;
  if (isObject(value)) {
    const only = soleOwnKey(value);
    if (only !== undefined) {
      const member = value[only];
      switch (only) {
        case 'S':
        case 'N':
          if (typeof member === 'string') return value;
          break;
        case 'BOOL':
        case 'NULL':
          if (typeof member === 'boolean') return value;
          break;
        case 'M':
          if (isObject(member)) {
            checkAttributeMap(member, depth + 1);
            return value;
          }
          break;
        case 'L':
          if (Array.isArray(member)) {
            checkAttributeList(member, depth + 1);
            return value;
          }
          break;
      }
    }
  }
  return deserializeAttributeValueAt(value, position, depth);
}

/** `M` of an attribute value: a map of attribute values whose null entries stay. */
function checkAttributeMap(members: Record<string, unknown>, depth: number): void {
  for (const key in members) {
    if (!hasOwnProperty.call(members, key)) continue;
    const entry = members[key];
    if (entry === null) continue;
    const converted = checkAttributeValue(entry, 'element', depth);
    if (converted !== entry) members[key] = converted;
  }
}

/** `L` of an attribute value: a list of attribute values whose null elements stay. */
function checkAttributeList(elements: unknown[], depth: number): void {
  for (let index = 0; index < elements.length; index++) {
    const element: unknown = elements[index];
    if (element === null) continue;
    const converted = checkAttributeValue(element, 'element', depth);
    if (converted !== element) elements[index] = converted;
  }
}

/** As a compiled check: a top-level attribute value (an item's attribute, a key member, …). */
function checkTopAttributeValue(value: unknown, position: Position): unknown {
  return checkAttributeValue(value, position, 0);
}

function compileShape(shape: Shape): CompiledCheck {
  switch (shape.kind) {
    case 'string':
      return compileString(shape);
    case 'number':
      return compileNumber(shape);
    case 'boolean':
      return compileBoolean(shape);
    case 'blob':
      // Rare in requests: the reference decodes the base64 to check it.
      return (value, position) => deserializeValue(value, shape, position);
    case 'list':
      return compileList(shape);
    case 'map':
      return compileMap(shape);
    case 'structure':
      return compileStructure(shape);
    case 'attributeValue':
      return checkTopAttributeValue;
  }
}

/** A request shape's compiled check: deserializes in place, throws `SerializationException`, answers whether every constraint holds. */
export type RequestCheck = (request: Record<string, unknown>) => boolean;

/**
 * Compiles the whole-request check of `shape`. The answer `false` means some constraint is
 * broken; `checkConstraints` then words every violation.
 */
export function compileRequestCheck(shape: StructureShape): RequestCheck {
  const check = compileStructure(shape);
  return (request) => {
    const state: CheckState = { allSatisfied: true };
    check(request, 'field', state);
    return state.allSatisfied;
  };
}
