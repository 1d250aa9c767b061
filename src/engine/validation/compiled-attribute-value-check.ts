import {
  attributeValueStructure,
  deserializeBlob,
  deserializeBoolean,
  deserializeString,
  failNotList,
  failNotMap,
  failNotStructure,
  isObject,
  type Position,
} from './json-type-mismatch.js';
import type { Shape } from './shape.js';
import { soleOwnKey } from '../values/sole-own-key.js';
import { DEEPEST_WALKED_ATTRIBUTE_LEVEL } from './walk-depth.js';

/*
 * The request-shape check's part for attribute values (compiled-request-check.ts): their
 * deserialization in place, written out once, since every attribute value of every request
 * goes through it.
 */

/** See compiled-request-check.ts: answered from the loop's enum cache inside `for…in`. */
const hasOwnProperty = Object.prototype.hasOwnProperty;

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
  return checkAttributeValueInFull(value, position, depth);
}

/**
 * An attribute value of any other form: several members, none, or one of another JSON
 * type than its tag wants. With one member, that one alone is deserialized; with several,
 * every known member in the order of `attributeValueStructure` (which decides the problem
 * reported first). Its members are one level deeper.
 */
function checkAttributeValueInFull(value: unknown, position: Position, depth: number): unknown {
  if (!isObject(value)) return failNotStructure(value, attributeValueStructure, position);
  let only: string | undefined;
  let count = 0;
  for (const key in value) {
    if (!hasOwnProperty.call(value, key)) continue;
    only = key;
    if (++count > 1) break;
  }
  if (count === 0) return value;
  if (count === 1) {
    if (Object.hasOwn(ATTRIBUTE_MEMBER_CHECKS, only as string)) checkAttributeMember(value, only as string, depth + 1);
    return value;
  }
  for (const name of ATTRIBUTE_MEMBER_NAMES) {
    if (Object.hasOwn(value, name)) checkAttributeMember(value, name, depth + 1);
  }
  return value;
}

/** A member of an attribute value, found inside `depth` attribute values; an explicit null is an absent member. */
function checkAttributeMember(value: Record<string, unknown>, name: string, depth: number): void {
  const member = value[name];
  if (member === null) {
    delete value[name];
    return;
  }
  const converted = ATTRIBUTE_MEMBER_CHECKS[name](member, depth);
  if (converted !== member) value[name] = converted;
}

type AttributeMemberCheck = (member: unknown, depth: number) => unknown;

/** A set's elements: null ones stay, the others deserialized as elements. */
function setOf(element: (value: unknown) => unknown): AttributeMemberCheck {
  return (member) => {
    if (!Array.isArray(member)) return failNotList(member, 'field');
    for (let index = 0; index < member.length; index++) {
      const entry: unknown = member[index];
      if (entry === null) continue;
      const converted = element(entry);
      if (converted !== entry) member[index] = converted;
    }
    return member;
  };
}

const stringMember: AttributeMemberCheck = (member) =>
  typeof member === 'string' ? member : deserializeString(member);
const booleanMember: AttributeMemberCheck = (member) =>
  typeof member === 'boolean' ? member : deserializeBoolean(member);
const attributeMapShape = attributeValueStructure.members.M.shape as Shape & { kind: 'map' };

/** The deserializer of each attribute value member, by tag (`attributeValueStructure`'s shapes). */
const ATTRIBUTE_MEMBER_CHECKS: Readonly<Record<string, AttributeMemberCheck>> = {
  S: stringMember,
  N: stringMember,
  B: (member) => deserializeBlob(member),
  SS: setOf(deserializeString),
  NS: setOf(deserializeString),
  BS: setOf(deserializeBlob),
  M: (member, depth) => {
    if (!isObject(member)) return failNotMap(member, attributeMapShape, 'field');
    checkAttributeMap(member, depth);
    return member;
  },
  L: (member, depth) => {
    if (!Array.isArray(member)) return failNotList(member, 'field');
    checkAttributeList(member, depth);
    return member;
  },
  NULL: booleanMember,
  BOOL: booleanMember,
};

const ATTRIBUTE_MEMBER_NAMES: readonly string[] = Object.keys(attributeValueStructure.members);

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
export function checkTopAttributeValue(value: unknown, position: Position): unknown {
  return checkAttributeValue(value, position, 0);
}
