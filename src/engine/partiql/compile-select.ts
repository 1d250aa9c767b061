import type { IndexDefinition, StoredTableDefinition } from '../storage/storage.js';
import type { AttributeValue } from '../values/attribute-value.js';
import { compareValues } from '../values/compare-values.js';
import type { Expression, SelectStatement } from './ast.js';
import { unsupported } from './errors.js';
import { compileCondition, compilePath, ExpressionParameters } from './compile-expression.js';
import { conjunctsOf, equalityOf, isPlainName, namesIn } from './key-conditions.js';
import { isValueExpression } from './literal-values.js';

/** The item operation a SELECT runs as, with its request (without paging and capacity members). */
export interface CompiledSelect {
  readonly operation: 'GetItem' | 'Query' | 'Scan';
  readonly input: Record<string, unknown>;
  /** Whether projected items need flattening (a projection with nested paths). */
  readonly flattens: boolean;
  /**
   * A partition key fixed by `IN` or `OR` of equalities: one read per value, run in order
   * (DynamoDB's "decomposed read operations"); `operation` and `input` are the first one's.
   */
  readonly decomposed?: readonly CompiledSelect[];
}

/** DynamoDB's bound on `IN` values on the partition key. */
const MAXIMUM_PARTITION_VALUES = 50;

interface KeySchema {
  readonly partitionKey: string;
  readonly sortKey: string | undefined;
}

/**
 * A SELECT as a GetItem (every key attribute of the table fixed by equality, nothing else),
 * a Query (the partition key fixed by equality: sort-key conditions become the key
 * condition, the rest the filter) or otherwise a Scan filtered by the whole WHERE.
 */
export function compileSelect(
  select: SelectStatement,
  table: StoredTableDefinition,
  parameters: readonly AttributeValue[],
): CompiledSelect {
  const index = select.source.index === undefined ? undefined : indexOf(table, select.source.index);
  const keys: KeySchema = keySchemaOf(index ?? table);
  checkOrderBy(select, keys);
  const names = new ExpressionParameters(parameters);
  const base: Record<string, unknown> = { TableName: table.name };
  if (select.source.index !== undefined) base.IndexName = select.source.index;
  const flattens = select.projection?.some((path) => path.steps.length > 0) ?? false;
  // Nested paths are flattened from the whole item: a projection would renumber list elements.
  if (select.projection !== undefined && !flattens)
    base.ProjectionExpression = select.projection.map((path) => compilePath(path, names)).join(', ');

  const conjuncts = conjunctsOf(select.where);
  const plan =
    select.source.index === undefined || index !== undefined ? keyPlan(conjuncts, keys, parameters) : undefined;
  if (plan === undefined && (select.source.index === undefined || index !== undefined)) {
    const decomposed = decompose(select, conjuncts, keys.partitionKey, table, parameters);
    if (decomposed !== undefined) return decomposed;
  }
  if (plan === undefined) {
    if (select.orderBy.length > 0)
      throw unsupported(
        'Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.',
      );
    if (select.where !== undefined) base.FilterExpression = compileCondition(select.where, names);
    return { operation: 'Scan', input: { ...base, ...names.requestMembers() }, flattens };
  }
  if (
    index === undefined &&
    keys.sortKey !== undefined &&
    plan.sort?.kind === 'binary' &&
    plan.sort.operator === '=' &&
    plan.rest.length === 0 &&
    select.orderBy.length === 0
  ) {
    const sortValue = equalityOf(plan.sort, parameters);
    if (sortValue !== undefined) {
      const input = {
        ...base,
        Key: { [keys.partitionKey]: plan.partitionValue, [keys.sortKey]: sortValue.value },
        ...names.requestMembers(),
      };
      return { operation: 'GetItem', input, flattens };
    }
  }
  if (index === undefined && keys.sortKey === undefined && plan.rest.length === 0 && select.orderBy.length === 0) {
    return {
      operation: 'GetItem',
      input: { ...base, Key: { [keys.partitionKey]: plan.partitionValue }, ...names.requestMembers() },
      flattens,
    };
  }
  let keyCondition = `${names.name(keys.partitionKey)} = ${names.value(plan.partitionValue)}`;
  if (plan.sort !== undefined) keyCondition += ` AND ${compileCondition(plan.sort, names)}`;
  const input: Record<string, unknown> = { ...base, KeyConditionExpression: keyCondition };
  if (plan.rest.length > 0)
    input.FilterExpression = plan.rest.map((conjunct) => `(${compileCondition(conjunct, names)})`).join(' AND ');
  if (select.orderBy.find((term) => term.name === keys.sortKey)?.descending === true) input.ScanIndexForward = false;
  return { operation: 'Query', input: { ...input, ...names.requestMembers() }, flattens };
}

/** One SELECT per partition value of `pk IN [...]` or `pk = a OR pk = b`, each with the other conjuncts. */
function decompose(
  select: SelectStatement,
  conjuncts: readonly Expression[],
  partitionKey: string,
  table: StoredTableDefinition,
  parameters: readonly AttributeValue[],
): CompiledSelect | undefined {
  for (const [position, conjunct] of conjuncts.entries()) {
    const values = partitionValuesOf(conjunct, partitionKey, parameters);
    if (values === undefined) continue;
    if (values.length > MAXIMUM_PARTITION_VALUES)
      throw unsupported('Too many decomposed read operations for a given query.');
    const partitionOrder = select.orderBy.find((term) => term.name === partitionKey);
    // Reads run in partition-key order, so their items come out in ORDER BY order. Without
    // the partition key in ORDER BY they run in the order written, as DynamoDB Local does.
    if (partitionOrder !== undefined) values.sort((a, b) => (partitionOrder.descending ? -1 : 1) * compareValues(a, b));
    const rest = conjuncts.filter((_, other) => other !== position);
    const parts = values.map((value) => {
      const equality: Expression = {
        kind: 'binary',
        operator: '=',
        left: { kind: 'path', name: partitionKey, steps: [] },
        right: { kind: 'literal', value },
      };
      const where = rest.reduce<Expression>(
        (left, right) => ({ kind: 'binary', operator: 'AND', left, right }),
        equality,
      );
      return compileSelect({ ...select, where }, table, parameters);
    });
    if (parts.some((part) => part.operation === 'Scan')) return undefined;
    const first = parts[0] as CompiledSelect;
    return { operation: first.operation, input: first.input, flattens: first.flattens, decomposed: parts };
  }
  return undefined;
}

/** The values `pk IN [...]` or an OR of `pk = value` fixes, distinct, in order. */
function partitionValuesOf(
  conjunct: Expression,
  partitionKey: string,
  parameters: readonly AttributeValue[],
): AttributeValue[] | undefined {
  let candidates: Expression[];
  if (conjunct.kind === 'in' && isPlainName(conjunct.operand) && conjunct.operand.name === partitionKey) {
    candidates = [...conjunct.candidates];
    if (candidates.length === 0 || !candidates.every(isValueExpression)) return undefined;
    const values = candidates.map(
      (candidate) =>
        equalityOf({ kind: 'binary', operator: '=', left: conjunct.operand, right: candidate }, parameters)
          ?.value as AttributeValue,
    );
    return distinct(values);
  }
  if (conjunct.kind !== 'binary' || conjunct.operator !== 'OR') return undefined;
  const values: AttributeValue[] = [];
  const visit = (expression: Expression): boolean => {
    if (expression.kind === 'binary' && expression.operator === 'OR')
      return visit(expression.left) && visit(expression.right);
    const equality = equalityOf(expression, parameters);
    if (equality === undefined || equality.name !== partitionKey) return false;
    values.push(equality.value);
    return true;
  };
  return visit(conjunct) ? distinct(values) : undefined;
}

function distinct(values: readonly AttributeValue[]): AttributeValue[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const text = JSON.stringify(value);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

function indexOf(table: StoredTableDefinition, name: string): IndexDefinition | undefined {
  return (
    table.globalIndexes.find((index) => index.name === name) ?? table.localIndexes.find((index) => index.name === name)
  );
}

/** No attribute has an empty name, so a WHERE never fixes this key. */
const UNFIXABLE_KEY: KeySchema = { partitionKey: '', sortKey: undefined };

/**
 * The key a statement's WHERE must fix to read as a Query. An index keyed on several
 * attributes is read by a Scan: PartiQL's mapping onto such keys is not established.
 */
function keySchemaOf(target: StoredTableDefinition | IndexDefinition): KeySchema {
  if ('partitionKey' in target) return { partitionKey: target.partitionKey.name, sortKey: target.sortKey?.name };
  if (target.partitionKeys.length !== 1 || target.sortKeys.length > 1) return UNFIXABLE_KEY;
  return { partitionKey: target.partitionKeys[0].name, sortKey: target.sortKeys[0]?.name };
}

function checkOrderBy(select: SelectStatement, keys: KeySchema): void {
  if (select.orderBy.length === 0) return;
  if (select.where === undefined)
    throw unsupported('Must have WHERE clause in the statement when using ORDER BY clause.');
  for (const term of select.orderBy) {
    if (term.name !== keys.partitionKey && term.name !== keys.sortKey) {
      throw unsupported(`Variable reference ${term.name} in ORDER BY clause must be part of the primary key`);
    }
  }
}

interface KeyPlan {
  readonly partitionValue: AttributeValue;
  readonly sort: Expression | undefined;
  readonly rest: readonly Expression[];
}

const SORT_OPERATORS = new Set(['=', '<', '<=', '>', '>=']);

/** The partition-key equality and sort-key condition of a WHERE, when it is a Query; `undefined` for a Scan. */
function keyPlan(
  conjuncts: readonly Expression[],
  keys: KeySchema,
  parameters: readonly AttributeValue[],
): KeyPlan | undefined {
  let partitionValue: AttributeValue | undefined;
  let sort: Expression | undefined;
  const rest: Expression[] = [];
  for (const conjunct of conjuncts) {
    const equality = equalityOf(conjunct, parameters);
    if (equality !== undefined && equality.name === keys.partitionKey && partitionValue === undefined) {
      partitionValue = equality.value;
    } else if (sort === undefined && keys.sortKey !== undefined && isSortCondition(conjunct, keys.sortKey)) {
      sort = conjunct;
    } else {
      rest.push(conjunct);
    }
  }
  if (partitionValue === undefined) return undefined;
  // A filter may not name the key attributes of what a Query reads: such a WHERE reads as a Scan.
  for (const conjunct of rest) {
    const names = namesIn(conjunct);
    if (names.has(keys.partitionKey) || (keys.sortKey !== undefined && names.has(keys.sortKey))) return undefined;
  }
  return { partitionValue, sort, rest };
}

function isSortCondition(conjunct: Expression, sortKey: string): boolean {
  const isSortKey = (operand: Expression): boolean => isPlainName(operand) && operand.name === sortKey;
  if (conjunct.kind === 'binary' && SORT_OPERATORS.has(conjunct.operator)) {
    return isSortKey(conjunct.left) && isValueExpression(conjunct.right);
  }
  if (conjunct.kind === 'between')
    return isSortKey(conjunct.operand) && isValueExpression(conjunct.low) && isValueExpression(conjunct.high);
  if (conjunct.kind === 'call' && conjunct.name === 'begins_with') {
    return (
      conjunct.args.length === 2 &&
      isSortKey(conjunct.args[0] as Expression) &&
      isValueExpression(conjunct.args[1] as Expression)
    );
  }
  return false;
}
