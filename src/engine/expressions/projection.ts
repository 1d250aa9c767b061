import type { DocumentPath } from './ast.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { parseSyntax } from './parse-expression.js';
import { checkProjectionPathsDisjoint } from './projection-path-overlap.js';
import { checkProjectionStructure } from './check-structure.js';
import { resolvePath } from './syntax-checks.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import { setOwnProperty } from '../values/own-property.js';
import type { SyntaxPath } from './syntax-tree.js';

const PROJECTION = 'ProjectionExpression';

/** A ProjectionExpression parsed and put through the checks of its text alone (syntax, structure). */
export interface PreparedProjection {
  readonly paths: readonly SyntaxPath[];
}

/** Parses a ProjectionExpression and runs its text-only checks. */
export function prepareProjection(text: string): PreparedProjection {
  const paths = parseSyntax(PROJECTION, text, (parser) => parser.parseProjectionExpression());
  checkProjectionStructure(paths);
  return { paths };
}

/** The projection's document paths for this request's names (resolved, then checked disjoint). */
export function checkProjection(prepared: PreparedProjection, attributes: ExpressionAttributes): DocumentPath[] {
  const resolved = prepared.paths.map((path) => resolvePath(PROJECTION, path, attributes));
  checkProjectionPathsDisjoint(PROJECTION, resolved);
  return resolved;
}

/**
 * Parses a ProjectionExpression into its document paths (names resolved). The engine takes
 * the same steps through its prepared expressions (prepared-expressions.ts).
 */
export function parseProjectionExpression(text: string, attributes: ExpressionAttributes): DocumentPath[] {
  return checkProjection(prepareProjection(text), attributes);
}

/**
 * The item reduced to `paths`, shaped as DynamoDB returns it: nested maps keep only the
 * selected keys, selected list elements are gathered in index order into a shorter list,
 * missing paths are skipped.
 */
export function projectItem(item: Item, paths: readonly DocumentPath[]): Item {
  const result: Record<string, AttributeValue> = {};
  // Made only for a projection that selects list elements (see listSelection).
  let selections: Selections | undefined;
  for (const path of paths) {
    const [first, ...rest] = path;
    if (typeof first !== 'string' || !Object.hasOwn(item, first)) continue;
    if (selections === undefined && hasListIndex(rest)) selections = new WeakMap();
    const projected = projectValue(item[first], rest, result[first], selections as Selections);
    if (projected !== undefined) setOwnProperty(result, first, projected);
  }
  return result;
}

function hasListIndex(path: DocumentPath): boolean {
  for (let index = 0; index < path.length; index++) if (typeof path[index] === 'number') return true;
  return false;
}

/** Merges the part of `value` at `rest` into `existing` (what earlier paths selected). */
function projectValue(
  value: AttributeValue,
  rest: DocumentPath,
  existing: AttributeValue | undefined,
  selections: Selections,
): AttributeValue | undefined {
  if (rest.length === 0) return value;
  const [step, ...tail] = rest;
  if (typeof step === 'number') {
    if (!('L' in value) || step >= value.L.length) return existing;
    const selected = new Map<number, AttributeValue>(
      existing && 'L' in existing ? listSelection(existing, selections) : [],
    );
    const inner = projectValue(value.L[step], tail, selected.get(step), selections);
    if (inner === undefined) return existing;
    selected.set(step, inner);
    return withSelection(
      [...selected.entries()].sort((a, b) => a[0] - b[0]),
      selections,
    );
  }
  if (!('M' in value) || !Object.hasOwn(value.M, step)) return existing;
  const base = existing && 'M' in existing ? existing.M : {};
  const inner = projectValue(value.M[step], tail, base[step], selections);
  if (inner === undefined) return existing;
  return { M: { ...base, [step]: inner } };
}

/**
 * The lists one projection built, each with the source index its elements came from, so
 * that a later path into the same list (`l[3].a, l[1], l[3].b`) merges and orders
 * correctly. Per call: the lists are the call's own.
 */
type Selections = WeakMap<AttributeValue, number[]>;

function listSelection(
  list: AttributeValue & { L: AttributeValue[] },
  selections: Selections,
): [number, AttributeValue][] {
  const indexes = selections.get(list) ?? list.L.map((_, index) => index);
  return list.L.map((element, position) => [indexes[position], element]);
}

function withSelection(entries: [number, AttributeValue][], selections: Selections): AttributeValue {
  const list: AttributeValue = { L: entries.map(([, element]) => element) };
  selections.set(
    list,
    entries.map(([index]) => index),
  );
  return list;
}
