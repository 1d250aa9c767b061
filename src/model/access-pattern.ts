import { ModelDefinitionError } from './errors.js';
import { parseKeyTemplate, type KeyPartValue, type KeyTemplate, type Placeholders } from './key-template.js';

/**
 * A sort-key condition of an access pattern, in key-condition terms. Each side is a key template
 * (`FINDING#{findingId}`, or a constant such as `''` for "the whole partition").
 */
export type SortKeyCondition =
  | { readonly equals: string }
  | { readonly beginsWith: string }
  | { readonly between: readonly [string, string] }
  | { readonly lt: string }
  | { readonly lte: string }
  | { readonly gt: string }
  | { readonly gte: string };

export type SortKeyOperator = 'equals' | 'beginsWith' | 'between' | 'lt' | 'lte' | 'gt' | 'gte';

/**
 * An access pattern as declared: a name (the key of the record), what it is for, the entities it
 * returns, where it reads (the table, or an index) and its key condition. `filter` and `scan`
 * exist only so that the design check can refuse them with a reason.
 *
 * @example
 * const listJobsByStatus = {
 *   description: 'List jobs by status, newest first',
 *   entities: ['job'],
 *   index: 'gsi1',
 *   key: { pk: 'STATUS#{status}' },
 *   order: 'descending',
 * } as const;
 */
export interface AccessPatternConfig<EntityName extends string = string, IndexName extends string = string> {
  readonly description: string;
  readonly entities: readonly EntityName[];
  /** Omit to read the table itself. */
  readonly index?: IndexName;
  /**
   * The key condition; a pattern without one would need a Scan and is refused. On a template index
   * (or the table) `{ pk, sk? }` with key templates; on an attribute-keyed index
   * `{ attributes: { tenantId: 'equals', status: 'equals', createdAt: 'gte' } }`, see
   * {@link AttributeKeyCondition}.
   */
  readonly key?: { readonly pk: string; readonly sk?: SortKeyCondition } | AttributeKeyCondition;
  /** Sort-key order of results; default ascending. */
  readonly order?: 'ascending' | 'descending';
  /** A FilterExpression standing in for a key: declared so the design check can refuse it. */
  readonly filter?: string;
  /** An explicit Scan: declared so the design check can refuse it. */
  readonly scan?: boolean;
  /**
   * Read strongly consistent by default (`ConsistentRead: true`), for read-after-write flows
   * such as polling a job right after creating it. DynamoDB's reads are eventually consistent
   * unless asked, and a strongly consistent read costs twice the capacity, so declare it only
   * where the flow needs it. Only the table serves it: DynamoDB answers a consistent read of a
   * global secondary index with a ValidationException, so the design check refuses it on an
   * index. A caller's `{ consistent }` overrides it per read.
   */
  readonly consistentRead?: boolean;
}

/**
 * Refuses a declared `filter` that is not a FilterExpression string (a condition written as
 * an object, say), which the design check and the rendered docs could only show as
 * `[object Object]`. Types catch it in TypeScript; a model written in JavaScript (or cast)
 * reaches this check.
 */
export function checkFilterDeclaration(patternName: string, config: AccessPatternConfig): void {
  const filter: unknown = config.filter;
  if (filter === undefined || (typeof filter === 'string' && filter.trim() !== '')) return;
  const given =
    filter === null
      ? 'null'
      : Array.isArray(filter)
        ? 'an array'
        : typeof filter === 'string'
          ? 'an empty string'
          : typeof filter === 'object'
            ? 'an object'
            : `a ${typeof filter}`;
  throw new ModelDefinitionError(
    `access pattern '${patternName}'`,
    `filter must be a FilterExpression string such as 'status = :open', not ${given} (a filter is declared only so that the design check can refuse it)`,
  );
}

/**
 * Refuses a declared `consistentRead` that is not a boolean (`'yes'`, `1`), which a model written
 * in JavaScript (or cast) could otherwise pass, read as "on" by some code and "off" by other.
 */
export function checkConsistentReadDeclaration(patternName: string, config: AccessPatternConfig): void {
  const consistentRead: unknown = config.consistentRead;
  if (consistentRead === undefined || typeof consistentRead === 'boolean') return;
  throw new ModelDefinitionError(
    `access pattern '${patternName}'`,
    `consistentRead must be true or false, not ${consistentRead === null ? 'null' : `a ${typeof consistentRead}`}`,
  );
}

/**
 * A key condition on an index keyed on item attributes: each key attribute the pattern constrains,
 * with its operator. Every partition attribute takes `'equals'`; sort attributes go left to right
 * with `'equals'` on all but the last, which may take a range (`'lt'`, `'lte'`, `'gt'`, `'gte'`,
 * `'between'`) or `'beginsWith'` — DynamoDB's rule, which the design check enforces. The values
 * come from the query's parameters of the same names (`between` takes `[low, high]`).
 *
 * @example
 * const key = { attributes: { tenantId: 'equals', status: 'equals', createdAt: 'gte' } } as const;
 * // db.query('listTickets', { tenantId: 't1', status: 'open', createdAt: '2026-01-01' })
 */
export interface AttributeKeyCondition {
  readonly attributes: Readonly<Record<string, SortKeyOperator>>;
}

/** One constrained key attribute of an {@link AttributeKeyCondition}, in declaration order. */
export interface AttributeConditionPart {
  readonly name: string;
  readonly operator: SortKeyOperator;
}

/** True when a pattern's key condition is on item attributes rather than key templates. */
export function isAttributeKeyCondition(key: AccessPatternConfig['key']): key is AttributeKeyCondition {
  return key !== undefined && 'attributes' in key;
}

/** The constrained attributes of a pattern on an attribute-keyed index (undefined otherwise). */
export function parseAttributeCondition(config: AccessPatternConfig): AttributeConditionPart[] | undefined {
  if (!isAttributeKeyCondition(config.key)) return undefined;
  return Object.entries(config.key.attributes).map(([name, operator]) => ({ name, operator }));
}

/** A pattern's key condition with its templates parsed. */
export interface ParsedKeyCondition {
  readonly pk: KeyTemplate;
  readonly sk?: { readonly operator: SortKeyOperator; readonly templates: readonly KeyTemplate[] };
}

/** Parses the key condition of a pattern (undefined when it has none). */
export function parseKeyCondition(config: AccessPatternConfig, separator: string): ParsedKeyCondition | undefined {
  if (!config.key || isAttributeKeyCondition(config.key)) return undefined;
  const pk = parseKeyTemplate(config.key.pk, separator);
  const sk = config.key.sk;
  if (!sk) return { pk };
  const [operator, operand] = Object.entries(sk)[0] as [SortKeyOperator, string | readonly [string, string]];
  const sources = Array.isArray(operand) ? operand : [operand as string];
  // An empty begins_with prefix (the guide's `SK begins_with ""`) selects the whole partition.
  const templates = sources.map((source) =>
    source === '' ? emptyTemplate(separator) : parseKeyTemplate(source, separator),
  );
  return { pk, sk: { operator, templates } };
}

function emptyTemplate(separator: string): KeyTemplate {
  return { source: '', separator, parts: [], placeholders: [], prefix: '' };
}

type SortKeySources<S> = S extends { readonly between: readonly [infer A extends string, infer B extends string] }
  ? A | B
  : S extends Readonly<Record<string, infer T extends string>>
    ? T
    : never;

/** The placeholder names of a pattern's key condition. */
export type PatternParamNames<P> = P extends { readonly key: { readonly pk: infer PK extends string } }
  ? Placeholders<PK> | (P extends { readonly key: { readonly sk: infer S } } ? Placeholders<SortKeySources<S>> : never)
  : never;

/** A value of a key attribute of an attribute-keyed index. */
export type KeyAttributeValue = string | number | Uint8Array;

type AttributeParams<Attributes, Item> = {
  -readonly [K in keyof Attributes & string]: Attributes[K] extends 'between'
    ? readonly [AttributeValueOf<Item, K>, AttributeValueOf<Item, K>]
    : Attributes[K] extends 'beginsWith'
      ? // A prefix is any string (or bytes), not necessarily a value the attribute may hold.
        AttributeValueOf<Item, K> extends Uint8Array
        ? Uint8Array
        : string
      : AttributeValueOf<Item, K>;
};
type AttributeValueOf<Item, K> = K extends keyof Item ? NonNullable<Item[K]> : KeyAttributeValue;

/**
 * The parameters a pattern needs, typed from the attributes of its first entity where the names
 * match (`{ status: 'queued' | 'running' | … }`), otherwise any key part value. On an
 * attribute-keyed index, one parameter per constrained attribute (`[low, high]` for `between`).
 */
export type PatternParams<P, Item> = P extends { readonly key: { readonly attributes: infer Attributes } }
  ? AttributeParams<Attributes, Item>
  : {
      -readonly [K in PatternParamNames<P>]: K extends keyof Item ? NonNullable<Item[K]> : KeyPartValue;
    };
