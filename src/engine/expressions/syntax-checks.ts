import type { DocumentPath, PathElement } from './ast.js';
import type { ExpressionAttributes } from './expression-attributes.js';
import { invalidExpression, type ExpressionKind } from './expression-errors.js';
import type { SyntaxCall, SyntaxOperand, SyntaxPath, SyntaxPathElement, SyntaxValue } from './syntax-tree.js';
import type { AttributeValue } from '../values/attribute-value.js';

/** Every function call inside an operand (outer before inner), in source order. */
export function callsOf(operand: SyntaxOperand): SyntaxCall[] {
  if (operand.kind !== 'call') return [];
  return [operand, ...operand.args.flatMap(callsOf)];
}

/** `#name` → attribute name; throws DynamoDB's message for an undefined one. */
export function resolvePath(kind: ExpressionKind, path: SyntaxPath, attributes: ExpressionAttributes): DocumentPath {
  // A loop rather than `map` with a closure: every path of every expression comes here.
  const elements = path.elements;
  if (elements.length === 1) return [resolveElement(kind, elements[0], attributes)];
  const resolved: PathElement[] = [];
  for (const element of elements) resolved.push(resolveElement(kind, element, attributes));
  return resolved;
}

function resolveElement(
  kind: ExpressionKind,
  element: SyntaxPathElement,
  attributes: ExpressionAttributes,
): PathElement {
  if (element.kind === 'index') return Number(element.token.text);
  if (element.kind === 'identifier') return element.token.text;
  const name = attributes.resolveName(element.token.text);
  if (name === undefined) {
    throw invalidExpression(
      kind,
      `An expression attribute name used in the document path is not defined; attribute name: ${element.token.text}`,
    );
  }
  return name;
}

/** `:value` → value; throws DynamoDB's message for an undefined one. */
export function resolveValue(
  kind: ExpressionKind,
  value: SyntaxValue,
  attributes: ExpressionAttributes,
): AttributeValue {
  const resolved = attributes.resolveValue(value.token.text);
  if (resolved === undefined) {
    throw invalidExpression(
      kind,
      `An expression attribute value used in expression is not defined; attribute value: ${value.token.text}`,
    );
  }
  return resolved;
}

/** Whether two resolved paths are the same path. */
export function samePath(a: DocumentPath, b: DocumentPath): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
