import type { AttributeValue } from '../values/attribute-value.js';

/**
 * The one AST shared by the five expression kinds. Names and values are already resolved
 * (`#n` → attribute name, `:v` → value), so evaluation needs no substitution maps.
 */

/** An attribute name or map key (string), or a list index (number). */
export type PathElement = string | number;

/** `a.b[3].c` → `['a', 'b', 3, 'c']`. The first element is always a string. */
export type DocumentPath = readonly PathElement[];

export type Operand =
  | { readonly kind: 'path'; readonly path: DocumentPath }
  | { readonly kind: 'value'; readonly value: AttributeValue }
  | { readonly kind: 'size'; readonly operand: Operand };

export type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type ConditionFunctionName =
  | 'attribute_exists'
  | 'attribute_not_exists'
  | 'attribute_type'
  | 'begins_with'
  | 'contains';

export type ConditionNode =
  | { readonly kind: 'and' | 'or'; readonly left: ConditionNode; readonly right: ConditionNode }
  | { readonly kind: 'not'; readonly operand: ConditionNode }
  | { readonly kind: 'compare'; readonly comparator: Comparator; readonly left: Operand; readonly right: Operand }
  | { readonly kind: 'between'; readonly operand: Operand; readonly lower: Operand; readonly upper: Operand }
  | { readonly kind: 'in'; readonly operand: Operand; readonly candidates: readonly Operand[] }
  | { readonly kind: 'function'; readonly name: ConditionFunctionName; readonly args: readonly Operand[] };

/** The right-hand side of a SET action. */
export type UpdateValue =
  | { readonly kind: 'path'; readonly path: DocumentPath }
  | { readonly kind: 'value'; readonly value: AttributeValue }
  | { readonly kind: 'if_not_exists'; readonly path: DocumentPath; readonly fallback: UpdateValue }
  | { readonly kind: 'list_append'; readonly first: UpdateValue; readonly second: UpdateValue }
  | { readonly kind: 'plus' | 'minus'; readonly left: UpdateValue; readonly right: UpdateValue };

export type UpdateAction =
  | { readonly kind: 'set'; readonly path: DocumentPath; readonly value: UpdateValue }
  | { readonly kind: 'remove'; readonly path: DocumentPath }
  | { readonly kind: 'add'; readonly path: DocumentPath; readonly value: AttributeValue }
  | { readonly kind: 'delete'; readonly path: DocumentPath; readonly value: AttributeValue };

/** A whole UpdateExpression (or legacy AttributeUpdates): its actions in source order. */
export interface UpdateNode {
  readonly actions: readonly UpdateAction[];
  /** From the legacy `AttributeUpdates`: ADD may append lists, type errors use the legacy message. */
  readonly legacy?: boolean;
}
