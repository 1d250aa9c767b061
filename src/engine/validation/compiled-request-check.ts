import {
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
import type { LengthConstraints, Shape, StringConstraints, StructureShape } from './shape.js';
import { patternRegExp } from './shape-pattern.js';
import { checkTopAttributeValue } from './compiled-attribute-value-check.js';

/*
 * The request-shape check, the engine's one implementation of DynamoDB's JSON
 * deserialization and of the constraints' verdict, compiled once per shape into closures:
 * one pass that deserializes a request in place and, on the way, notes whether every
 * constraint holds. Interpreting the shape on every call (a switch per value, a member list
 * per structure, `Object.keys` per map) cost more than the checks themselves. The plain
 * reference it must agree with, value for value, is test code (deserialize.test-support.ts,
 * satisfies-constraints.test-support.ts); the tests compare the two.
 *
 * A value not of the JSON type its shape expects goes to json-type-mismatch.ts, which
 * throws DynamoDB's message (or converts, as for `"yes"` to a Boolean). Constraints are
 * judged on the converted value. A broken constraint only clears the call's flag:
 * serialization errors anywhere in the request still come first, and the caller then has
 * the collector (constraints.ts) word every violation.
 */

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

/** Strings and lists by length, maps by member count (as the collector counts them). */
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
  // Negated comparisons: a length that is no number (a prototype's odd member) breaks no bound, as in the reference.
  return (length) => !(length < minimum || length > maximum);
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
  return (value, _position, state) => {
    if (typeof value !== 'string') return deserializeString(value);
    if (satisfies !== undefined && !satisfies(value)) state.allSatisfied = false;
    return value;
  };
}

function compileNumber(shape: Shape & { kind: 'number' }): CompiledCheck {
  const minimum = shape.min ?? Number.NEGATIVE_INFINITY;
  const maximum = shape.max ?? Number.POSITIVE_INFINITY;
  return (value, _position, state) => {
    const number = (typeof value === 'number' ? Math.floor(value) : deserializeNumber(value, shape.javaType)) as number;
    if (number < minimum || number > maximum) state.allSatisfied = false;
    return number;
  };
}

function compileBoolean(): CompiledCheck {
  return (value) => (typeof value === 'boolean' ? value : deserializeBoolean(value));
}

function compileList(shape: Shape & { kind: 'list' }): CompiledCheck {
  const element = compileShape(shape.member);
  const length = compileLengthPredicate(shape);
  return (value, position, state) => {
    if (!Array.isArray(value)) return failNotList(value, position);
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
    if (!isObject(value)) return failNotMap(value, shape, position);
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
  /** The member's verdict alone, for a value found on the prototype (never converted). */
  readonly satisfies: Satisfies;
}

function compileStructure(shape: StructureShape): CompiledCheck {
  const members: CompiledMember[] = Object.entries(shape.members).map(([name, member]) => ({
    name,
    shape: member.shape,
    required: member.required === true,
    check: compileShape(member.shape),
    satisfies: compileSatisfies(member.shape),
  }));
  return (value, position, state) => {
    if (!isObject(value)) return failNotStructure(value, shape, position);
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
        } else if (!member.satisfies(inherited)) {
          state.allSatisfied = false;
        }
      }
    }
    return value;
  };
}

/** Whether a value meets every constraint of its shape, judged without converting it. */
type Satisfies = (value: unknown) => boolean;

const alwaysSatisfied: Satisfies = () => true;

/**
 * The verdict of a shape's constraints on a value taken as it is (a member inherited from
 * the request's prototype, which the deserializer skips but the constraint check sees):
 * built from the same predicates as the check.
 */
function compileSatisfies(shape: Shape): Satisfies {
  switch (shape.kind) {
    case 'string': {
      const satisfies = compileStringPredicate(shape);
      return satisfies === undefined ? alwaysSatisfied : (value) => satisfies(value as string);
    }
    case 'number': {
      const minimum = shape.min ?? Number.NEGATIVE_INFINITY;
      const maximum = shape.max ?? Number.POSITIVE_INFINITY;
      return (value) => !((value as number) < minimum || (value as number) > maximum);
    }
    case 'list': {
      const length = compileLengthPredicate(shape);
      const element = compileSatisfies(shape.member);
      return (value) => {
        const elements = value as unknown[];
        if (length !== undefined && !length(elements.length)) return false;
        for (const entry of elements) if (entry === null || entry === undefined || !element(entry)) return false;
        return true;
      };
    }
    case 'map': {
      const length = compileLengthPredicate(shape);
      const keys = shape.keys === undefined ? undefined : compileStringPredicate(shape.keys);
      const valueLength = shape.values === undefined ? undefined : compileLengthPredicate(shape.values);
      const entrySatisfies = compileSatisfies(shape.value);
      const nullAllowed = shape.value.kind === 'attributeValue';
      return (value) => {
        const entries = value as Record<string, unknown>;
        if (length !== undefined && !length(lengthOf(entries))) return false;
        for (const key of Object.keys(entries)) {
          const entry = entries[key];
          if (keys !== undefined && !keys(key)) return false;
          if (entry === null || entry === undefined) {
            if (nullAllowed) continue;
            return false;
          }
          if (valueLength !== undefined && !valueLength(lengthOf(entry))) return false;
          if (!entrySatisfies(entry)) return false;
        }
        return true;
      };
    }
    case 'structure': {
      const members = Object.entries(shape.members).map(
        ([name, member]) => [name, member.required === true, compileSatisfies(member.shape)] as const,
      );
      return (value) => {
        const record = value as Record<string, unknown>;
        for (const [name, required, satisfies] of members) {
          const memberValue = record[name];
          if (memberValue === undefined || memberValue === null) {
            if (required) return false;
          } else if (!satisfies(memberValue)) {
            return false;
          }
        }
        return true;
      };
    }
    default:
      // Booleans, blobs and attribute values carry no constraints of their own.
      return alwaysSatisfied;
  }
}

function compileShape(shape: Shape): CompiledCheck {
  switch (shape.kind) {
    case 'string':
      return compileString(shape);
    case 'number':
      return compileNumber(shape);
    case 'boolean':
      return compileBoolean();
    case 'blob':
      // Rare in requests: decodes the base64 to check it.
      return (value) => deserializeBlob(value);
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
