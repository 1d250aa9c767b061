import { validationError } from '../errors.js';
import { renderValue } from './render-value.js';
import { patternRegExp } from './shape-pattern.js';
import type { LengthConstraints, Shape, StringConstraints, StructureShape } from './shape.js';

/** Coral lists at most this many violations. */
const maximumReportedViolations = 10;

/** Member names in paths are lowerCamelCase: `KeySchema` → `keySchema`. */
function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return Object.keys(value as object).length;
}

const texts = {
  notNull: 'Member must not be null',
  enum: (values: readonly string[]) => `Member must satisfy enum value set: [${values.join(', ')}]`,
  pattern: (pattern: string) => `Member must satisfy regular expression pattern: ${pattern}`,
  minLength: (length: number) => `Member must have length greater than or equal to ${length}`,
  maxLength: (length: number) => `Member must have length less than or equal to ${length}`,
  min: (value: number) => `Member must have value greater than or equal to ${value}`,
  max: (value: number) => `Member must have value less than or equal to ${value}`,
};

/** The constraints of `StringConstraints` that `text` breaks, in DynamoDB's order. */
function brokenStringConstraints(text: string, constraints: StringConstraints): string[] {
  const broken: string[] = [];
  if (constraints.enum && !constraints.enum.includes(text)) broken.push(texts.enum(constraints.enum));
  if (constraints.pattern !== undefined && !patternRegExp(constraints.pattern).test(text)) {
    broken.push(texts.pattern(constraints.pattern));
  }
  if (constraints.minLength !== undefined && text.length < constraints.minLength)
    broken.push(texts.minLength(constraints.minLength));
  if (constraints.maxLength !== undefined && text.length > constraints.maxLength)
    broken.push(texts.maxLength(constraints.maxLength));
  return broken;
}

function brokenLengthConstraints(length: number, constraints: LengthConstraints): string[] {
  const broken: string[] = [];
  if (constraints.minLength !== undefined && length < constraints.minLength)
    broken.push(texts.minLength(constraints.minLength));
  if (constraints.maxLength !== undefined && length > constraints.maxLength)
    broken.push(texts.maxLength(constraints.maxLength));
  return broken;
}

/** Inside `Map … must satisfy constraint: [...]` DynamoDB lists every constraint of the kind, upper bound first. */
function describeMapConstraints(constraints: StringConstraints): string {
  const described: string[] = [];
  if (constraints.maxLength !== undefined) described.push(texts.maxLength(constraints.maxLength));
  if (constraints.minLength !== undefined) described.push(texts.minLength(constraints.minLength));
  if (constraints.pattern !== undefined) described.push(texts.pattern(constraints.pattern));
  return `[${described.join(', ')}]`;
}

/** A member's path twice: in lowerCamelCase (`keySchema.1.member`) and in the API's names (`KeySchema.1.member`). */
interface MemberPath {
  readonly camel: string;
  readonly api: string;
}

function join(path: MemberPath, camel: string, api: string = camel): MemberPath {
  return { camel: `${path.camel}.${camel}`, api: `${path.api}.${api}` };
}

class ViolationCollector {
  readonly violations: string[] = [];

  /**
   * Coral quotes the value at its lowerCamelCase path (`Value 'ab' at 'tableName'`); the
   * members marked `valueLeftOut` are named by the API's own member names, without their
   * value (`Value at 'Limit'`).
   */
  add(value: unknown, shape: Shape, path: MemberPath, constraint: string): void {
    if (this.violations.length >= maximumReportedViolations) return;
    const leftOut =
      value !== null &&
      value !== undefined &&
      (shape.kind === 'number' || shape.kind === 'list') &&
      shape.valueLeftOut === true;
    const shown = leftOut ? `Value at '${path.api}'` : `Value ${renderValue(value, shape)} at '${path.camel}'`;
    this.violations.push(`${shown} failed to satisfy constraint: ${constraint}`);
  }

  checkStructure(value: Record<string, unknown>, shape: StructureShape, path: MemberPath): void {
    for (const [name, member] of Object.entries(shape.members)) {
      const memberPath =
        path.camel === '' ? { camel: lowerFirst(name), api: name } : join(path, lowerFirst(name), name);
      const memberValue = value[name];
      if (memberValue === undefined || memberValue === null) {
        if (member.required) this.add(null, member.shape, memberPath, texts.notNull);
        continue;
      }
      this.check(memberValue, member.shape, memberPath);
    }
  }

  check(value: unknown, shape: Shape, path: MemberPath): void {
    switch (shape.kind) {
      case 'string':
        for (const broken of brokenStringConstraints(value as string, shape)) this.add(value, shape, path, broken);
        return;
      case 'number':
        if (shape.min !== undefined && (value as number) < shape.min)
          this.add(value, shape, path, texts.min(shape.min));
        if (shape.max !== undefined && (value as number) > shape.max)
          this.add(value, shape, path, texts.max(shape.max));
        return;
      case 'list': {
        const elements = value as unknown[];
        for (const broken of brokenLengthConstraints(elements.length, shape)) this.add(value, shape, path, broken);
        elements.forEach((element, index) => {
          const elementPath = join(path, `${index + 1}.member`);
          // A null element is never a valid request member; without this check it would
          // reach the operations, which rightly assume every element is present.
          if (element === null || element === undefined) this.add(null, shape.member, elementPath, texts.notNull);
          else this.check(element, shape.member, elementPath);
        });
        return;
      }
      case 'map':
        this.checkMap(value as Record<string, unknown>, shape, path);
        return;
      case 'structure':
        this.checkStructure(value as Record<string, unknown>, shape, path);
        return;
      default:
        // Booleans, blobs and attribute values carry no constraints of their own.
        return;
    }
  }

  private checkMap(value: Record<string, unknown>, shape: Shape & { kind: 'map' }, path: MemberPath): void {
    for (const broken of brokenLengthConstraints(lengthOf(value), shape)) this.add(value, shape, path, broken);
    for (const [key, entry] of Object.entries(value)) {
      if (shape.keys && brokenStringConstraints(key, shape.keys).length > 0) {
        this.add(value, shape, path, `Map keys must satisfy constraint: ${describeMapConstraints(shape.keys)}`);
      }
      if (shape.values && entry !== null && brokenLengthConstraints(lengthOf(entry), shape.values).length > 0) {
        this.add(value, shape, path, `Map value must satisfy constraint: ${describeMapConstraints(shape.values)}`);
      }
    }
    for (const [key, entry] of Object.entries(value)) {
      const entryPath = join(path, `${key}.member`);
      if (entry !== null && entry !== undefined) this.check(entry, shape.value, entryPath);
      // A null attribute value is named by the values module with DynamoDB's own message;
      // any other null entry (a table's write requests, its keys) is a null member.
      else if (shape.value.kind !== 'attributeValue') this.add(null, shape.value, entryPath, texts.notNull);
    }
  }
}

/**
 * Checks a deserialized request against its shape and throws DynamoDB's aggregated
 * constraint error: `1 validation error detected: Value 'ab' at 'tableName' failed to
 * satisfy constraint: Member must have length greater than or equal to 3`, or
 * `N validation errors detected: <first>; <second>…`.
 */
export function checkConstraints(input: Record<string, unknown>, shape: StructureShape): void {
  const collector = new ViolationCollector();
  collector.checkStructure(input, shape, { camel: '', api: '' });
  const count = collector.violations.length;
  if (count === 0) return;
  throw validationError(
    `${count} validation error${count === 1 ? '' : 's'} detected: ${collector.violations.join('; ')}`,
  );
}
