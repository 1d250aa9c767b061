import type { Token } from './tokenizer.js';

/**
 * What the parser produces before names, values and functions are checked: every leaf
 * keeps its token, so the semantic checks can report DynamoDB's messages in DynamoDB's
 * order (syntax first, then redundant parentheses, function names, reserved words, …).
 */

export type SyntaxPathElement =
  | { readonly kind: 'identifier'; readonly token: Token }
  | { readonly kind: 'name'; readonly token: Token }
  | { readonly kind: 'index'; readonly token: Token };

export interface SyntaxPath {
  readonly kind: 'path';
  readonly elements: readonly SyntaxPathElement[];
}

export interface SyntaxValue {
  readonly kind: 'value';
  readonly token: Token;
}

export interface SyntaxCall {
  readonly kind: 'call';
  readonly name: Token;
  readonly args: readonly SyntaxOperand[];
}

export type SyntaxOperand = SyntaxPath | SyntaxValue | SyntaxCall;

export type SyntaxCondition =
  | { readonly kind: 'and' | 'or'; readonly left: SyntaxCondition; readonly right: SyntaxCondition }
  | { readonly kind: 'not'; readonly operand: SyntaxCondition }
  | {
      readonly kind: 'compare';
      readonly comparator: string;
      readonly left: SyntaxOperand;
      readonly right: SyntaxOperand;
    }
  | {
      readonly kind: 'between';
      readonly operand: SyntaxOperand;
      readonly lower: SyntaxOperand;
      readonly upper: SyntaxOperand;
    }
  | { readonly kind: 'in'; readonly operand: SyntaxOperand; readonly candidates: readonly SyntaxOperand[] }
  | { readonly kind: 'function'; readonly call: SyntaxCall };

/** The right-hand side of a SET action: an operand, or two joined by `+` / `-`. */
export type SyntaxSetValue =
  | SyntaxOperand
  | {
      readonly kind: 'arithmetic';
      readonly operator: '+' | '-';
      readonly left: SyntaxOperand;
      readonly right: SyntaxOperand;
    };

export type SyntaxUpdateAction =
  | { readonly kind: 'set'; readonly path: SyntaxPath; readonly value: SyntaxSetValue }
  | { readonly kind: 'remove'; readonly path: SyntaxPath }
  | { readonly kind: 'add' | 'delete'; readonly path: SyntaxPath; readonly value: SyntaxValue };

export interface SyntaxUpdateClause {
  readonly keyword: 'SET' | 'REMOVE' | 'ADD' | 'DELETE';
  readonly actions: readonly SyntaxUpdateAction[];
}

/** Facts the parser notices on the way that DynamoDB reports before other semantic errors. */
export interface ParseNotes {
  redundantParentheses: boolean;
}
