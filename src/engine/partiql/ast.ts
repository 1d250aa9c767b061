/**
 * The statements DynamoDB's PartiQL accepts, as the parser produces them. Names are kept as
 * written (attribute names are case-sensitive); values stay unevaluated until parameters bind.
 */

/** `a`, `a.b`, `a[0].b`: a name, then map keys and list indexes. */
export interface PathExpression {
  readonly kind: 'path';
  readonly name: string;
  readonly steps: readonly (string | number)[];
}

export interface LiteralExpression {
  readonly kind: 'literal';
  /** `S`/`N`/`BOOL`/`NULL` as the wire writes them: `{ S: 'x' }`, `{ N: '1' }`… */
  readonly value: Readonly<Record<string, unknown>>;
}

/** A `?` placeholder: the `index`th element of `Parameters`. */
export interface ParameterExpression {
  readonly kind: 'parameter';
  readonly index: number;
}

export interface ListExpression {
  readonly kind: 'list';
  readonly items: readonly Expression[];
}

export interface MapExpression {
  readonly kind: 'map';
  readonly entries: readonly (readonly [string, Expression])[];
}

/** `<< … >>`: a string, number or binary set. */
export interface BagExpression {
  readonly kind: 'bag';
  readonly items: readonly Expression[];
}

export interface CallExpression {
  readonly kind: 'call';
  /** Lower-cased: `begins_with`, `size`, `list_append`, `exists`… */
  readonly name: string;
  readonly args: readonly Expression[];
}

export type BinaryOperator = '=' | '<>' | '<' | '<=' | '>' | '>=' | 'AND' | 'OR' | '+' | '-';

export interface BinaryExpression {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
}

export interface NotExpression {
  readonly kind: 'not';
  readonly operand: Expression;
}

export interface BetweenExpression {
  readonly kind: 'between';
  readonly operand: Expression;
  readonly low: Expression;
  readonly high: Expression;
}

export interface InExpression {
  readonly kind: 'in';
  readonly operand: Expression;
  readonly candidates: readonly Expression[];
}

/** `x IS [NOT] MISSING | NULL | STRING | …`; `type` upper-cased. */
export interface IsExpression {
  readonly kind: 'is';
  readonly operand: Expression;
  readonly type: string;
  readonly negated: boolean;
}

/** `EXISTS(SELECT …)`, a condition check inside ExecuteTransaction. */
export interface ExistsExpression {
  readonly kind: 'exists';
  readonly select: SelectStatement;
}

export type Expression =
  | PathExpression
  | LiteralExpression
  | ParameterExpression
  | ListExpression
  | MapExpression
  | BagExpression
  | CallExpression
  | BinaryExpression
  | NotExpression
  | BetweenExpression
  | InExpression
  | IsExpression
  | ExistsExpression;

/** `FROM "table"` or `FROM "table"."index"`. */
export interface Source {
  readonly table: string;
  readonly index: string | undefined;
}

export interface OrderTerm {
  readonly name: string;
  readonly descending: boolean;
}

export interface SelectStatement {
  readonly kind: 'select';
  /** `undefined` for `*`. */
  readonly projection: readonly PathExpression[] | undefined;
  readonly source: Source;
  readonly where: Expression | undefined;
  readonly orderBy: readonly OrderTerm[];
}

export interface InsertStatement {
  readonly kind: 'insert';
  readonly source: Source;
  readonly item: Expression;
}

export type UpdateAction =
  | {
      readonly kind: 'set';
      readonly path: PathExpression;
      readonly value: Expression;
      /** `line:column:length` of a function value's first argument, where DynamoDB places a refusal of it. */
      readonly position?: string;
    }
  | { readonly kind: 'remove'; readonly path: PathExpression };

/** `RETURNING ALL OLD *` → `ALL_OLD`, `MODIFIED NEW *` → `UPDATED_NEW`… (the ReturnValues it stands for). */
export type Returning = 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';

export interface UpdateStatement {
  readonly kind: 'update';
  readonly source: Source;
  readonly actions: readonly UpdateAction[];
  readonly where: Expression | undefined;
  readonly returning: Returning | undefined;
}

export interface DeleteStatement {
  readonly kind: 'delete';
  readonly source: Source;
  readonly where: Expression | undefined;
  readonly returning: Returning | undefined;
}

/** `EXISTS(SELECT …)` as a statement of its own: a condition check inside ExecuteTransaction. */
export interface ExistsStatement {
  readonly kind: 'exists';
  readonly source: Source;
  readonly select: SelectStatement;
}

export type Statement = SelectStatement | InsertStatement | UpdateStatement | DeleteStatement | ExistsStatement;

/** A parsed statement and how many `?` it holds. */
export interface ParsedStatement {
  readonly statement: Statement;
  readonly parameterCount: number;
}
