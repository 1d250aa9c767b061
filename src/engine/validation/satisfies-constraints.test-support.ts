import type { LengthConstraints, Shape, StringConstraints, StructureShape } from './shape.js';
import { patternRegExp } from './shape-pattern.js';

/*
 * The reference constraint check: whether a deserialized request meets every constraint of
 * its shape, written plainly, interpreting the shape on every value. The engine runs the
 * compiled check (compiled-request-check.ts), whose verdict must be this one; it must find
 * a violation exactly where the collector in constraints.ts finds one. The tests compare.
 */

export function stringSatisfies(text: string, constraints: StringConstraints): boolean {
  if (constraints.enum && !constraints.enum.includes(text)) return false;
  if (constraints.pattern !== undefined && !patternRegExp(constraints.pattern).test(text)) return false;
  return lengthSatisfies(text.length, constraints);
}

function lengthSatisfies(length: number, constraints: LengthConstraints): boolean {
  return !(
    (constraints.minLength !== undefined && length < constraints.minLength) ||
    (constraints.maxLength !== undefined && length > constraints.maxLength)
  );
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return Object.keys(value as object).length;
}

export function structureSatisfies(value: Record<string, unknown>, shape: StructureShape): boolean {
  for (const name in shape.members) {
    const member = shape.members[name];
    const memberValue = value[name];
    if (memberValue === undefined || memberValue === null) {
      if (member.required) return false;
    } else if (!valueSatisfies(memberValue, member.shape)) {
      return false;
    }
  }
  return true;
}

/** Whether a deserialized, present value meets every constraint of its shape. */
export function valueSatisfies(value: unknown, shape: Shape): boolean {
  switch (shape.kind) {
    case 'string':
      return stringSatisfies(value as string, shape);
    case 'number':
      return !(
        (shape.min !== undefined && (value as number) < shape.min) ||
        (shape.max !== undefined && (value as number) > shape.max)
      );
    case 'list': {
      const elements = value as unknown[];
      if (!lengthSatisfies(elements.length, shape)) return false;
      for (const element of elements) {
        if (element === null || element === undefined || !valueSatisfies(element, shape.member)) return false;
      }
      return true;
    }
    case 'map': {
      const entries = value as Record<string, unknown>;
      if (!lengthSatisfies(lengthOf(entries), shape)) return false;
      for (const key of Object.keys(entries)) {
        const entry = entries[key];
        if (shape.keys && !stringSatisfies(key, shape.keys)) return false;
        if (entry === null || entry === undefined) {
          if (shape.value.kind === 'attributeValue') continue;
          return false;
        }
        if (shape.values && !lengthSatisfies(lengthOf(entry), shape.values)) return false;
        if (!valueSatisfies(entry, shape.value)) return false;
      }
      return true;
    }
    case 'structure':
      return structureSatisfies(value as Record<string, unknown>, shape);
    default:
      // Booleans, blobs and attribute values carry no constraints of their own.
      return true;
  }
}
