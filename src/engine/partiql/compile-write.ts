import type { StoredTableDefinition } from '../storage/storage.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import type {
  DeleteStatement,
  Expression,
  InsertStatement,
  PathExpression,
  UpdateAction,
  UpdateStatement,
} from './ast.js';
import { MANDATORY_KEY_EQUALITY, unsupported } from './errors.js';
import { compileCondition, compileOperand, compilePath, ExpressionParameters } from './compile-expression.js';
import { conjunctsOf, equalityOf } from './key-conditions.js';
import { isValueExpression, valueOf } from './literal-values.js';

/** The item operation a write statement runs as. */
export interface CompiledWrite {
  readonly operation: 'PutItem' | 'UpdateItem' | 'DeleteItem';
  readonly input: Record<string, unknown>;
}

const keyAttributesOf = (table: StoredTableDefinition) =>
  table.sortKey === undefined ? [table.partitionKey] : [table.partitionKey, table.sortKey];

/** INSERT as a PutItem that must not find an item with the key (DynamoDB refuses to overwrite). */
export function compileInsert(
  insert: InsertStatement,
  table: StoredTableDefinition,
  parameters: readonly AttributeValue[],
): CompiledWrite {
  const value = valueOf(insert.item, parameters) as Record<string, unknown>;
  if (value.M === undefined) {
    throw unsupported(
      'Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.',
    );
  }
  const item = value.M as Item;
  for (const key of keyAttributesOf(table)) {
    const keyValue = item[key.name] as Record<string, unknown> | undefined;
    if (keyValue === undefined) throw unsupported(`Key attribute should be present in the item: Key ${key.name}`);
    if (keyValue[key.type] === undefined) {
      throw unsupported(`Key attribute's data type should match its data type in table's schema: Key ${key.name}`);
    }
  }
  return {
    operation: 'PutItem',
    input: {
      TableName: table.name,
      Item: item,
      ConditionExpression: 'attribute_not_exists(#0)',
      ExpressionAttributeNames: { '#0': table.partitionKey.name },
    },
  };
}

/** The primary key a WHERE fixes by equality on every key attribute, and the conditions left. */
export function itemKeyOf(
  where: Expression | undefined,
  table: StoredTableDefinition,
  parameters: readonly AttributeValue[],
): { readonly key: Item; readonly rest: readonly Expression[] } {
  const key: Item = {};
  const rest: Expression[] = [];
  const keyNames = new Set(keyAttributesOf(table).map((attribute) => attribute.name));
  for (const conjunct of conjunctsOf(where)) {
    const equality = equalityOf(conjunct, parameters);
    if (equality !== undefined && keyNames.has(equality.name)) {
      if (key[equality.name] !== undefined) {
        throw unsupported(
          `Multiple conditions on same key ${equality.name}. Only single item Update/Insert/Delete are supported`,
        );
      }
      key[equality.name] = equality.value;
    } else {
      rest.push(conjunct);
    }
  }
  for (const name of keyNames) if (key[name] === undefined) throw unsupported(MANDATORY_KEY_EQUALITY);
  return { key, rest };
}

/**
 * UPDATE as an UpdateItem of the item its WHERE names, under `attribute_exists` of the key
 * and the WHERE's other conditions: UPDATE never creates an item.
 */
export function compileUpdate(
  update: UpdateStatement,
  table: StoredTableDefinition,
  parameters: readonly AttributeValue[],
): CompiledWrite {
  const { key, rest } = itemKeyOf(update.where, table, parameters);
  const names = new ExpressionParameters(parameters);
  let condition = `attribute_exists(${names.name(table.partitionKey.name)})`;
  for (const conjunct of rest) condition += ` AND (${compileCondition(conjunct, names)})`;
  const input: Record<string, unknown> = {
    TableName: table.name,
    Key: key,
    UpdateExpression: updateExpressionOf(update.actions, names),
    ConditionExpression: condition,
  };
  if (update.returning !== undefined) input.ReturnValues = update.returning;
  return { operation: 'UpdateItem', input: { ...input, ...names.requestMembers() } };
}

/** DELETE as a DeleteItem; an absent item is no error, whatever the WHERE's other conditions. */
export function compileDelete(
  statement: DeleteStatement,
  table: StoredTableDefinition,
  parameters: readonly AttributeValue[],
): CompiledWrite {
  const { key, rest } = itemKeyOf(statement.where, table, parameters);
  const input: Record<string, unknown> = { TableName: table.name, Key: key };
  const names = new ExpressionParameters(parameters);
  if (rest.length > 0) {
    const conditions = rest.map((conjunct) => `(${compileCondition(conjunct, names)})`).join(' AND ');
    const absent = `attribute_not_exists(${names.name(table.partitionKey.name)})`;
    input.ConditionExpression = rest.length === 1 ? `${absent} OR ${conditions}` : `${absent} OR (${conditions})`;
  }
  if (statement.returning !== undefined) input.ReturnValues = statement.returning;
  return { operation: 'DeleteItem', input: { ...input, ...names.requestMembers() } };
}

function updateExpressionOf(actions: readonly UpdateAction[], names: ExpressionParameters): string {
  const sets: string[] = [];
  const adds: string[] = [];
  const deletes: string[] = [];
  const removes: string[] = [];
  for (const action of actions) {
    const path = compilePath(action.path, names);
    if (action.kind === 'remove') {
      removes.push(path);
      continue;
    }
    const value = action.value;
    if (value.kind === 'call' && (value.name === 'set_add' || value.name === 'set_delete')) {
      const operand = setOperand(value.name, value.args, action.path, names, action.position);
      (value.name === 'set_add' ? adds : deletes).push(`${path} ${operand}`);
      continue;
    }
    sets.push(`${path} = ${compileUpdateValue(value, names)}`);
  }
  const clauses: string[] = [];
  if (sets.length > 0) clauses.push(`SET ${sets.join(', ')}`);
  if (adds.length > 0) clauses.push(`ADD ${adds.join(', ')}`);
  if (deletes.length > 0) clauses.push(`DELETE ${deletes.join(', ')}`);
  if (removes.length > 0) clauses.push(`REMOVE ${removes.join(', ')}`);
  return clauses.join(' ');
}

function setOperand(
  name: string,
  args: readonly Expression[],
  target: PathExpression,
  names: ExpressionParameters,
  position: string | undefined,
): string {
  const label = name.slice(4).toUpperCase();
  const notASet = `The second argument to SET_${label} must be a value with type SET${position === undefined ? '' : ` at ${position}`}`;
  if (args.length !== 2) throw unsupported(`SET_${label} must have exactly two arguments`);
  const [first, second] = args as [Expression, Expression];
  if (
    first.kind !== 'path' ||
    JSON.stringify([first.name, first.steps]) !== JSON.stringify([target.name, target.steps])
  ) {
    throw unsupported(`The first argument to SET_${label} must equal the assignment value`);
  }
  if (!isValueExpression(second)) throw unsupported(notASet);
  const value = valueOf(second, names.parameters) as Record<string, unknown>;
  if (value.SS === undefined && value.NS === undefined && value.BS === undefined) {
    throw unsupported(notASet);
  }
  return names.value(value as AttributeValue);
}

/** A SET value: a value, a path, `a + b`, `a - b`, `list_append(a, b)`, `if_not_exists(a, b)`. */
function compileUpdateValue(value: Expression, names: ExpressionParameters): string {
  if (value.kind === 'binary' && (value.operator === '+' || value.operator === '-')) {
    return `${compileUpdateValue(value.left, names)} ${value.operator} ${compileUpdateValue(value.right, names)}`;
  }
  if (value.kind === 'call') {
    if (value.name !== 'list_append' && value.name !== 'if_not_exists')
      throw unsupported(`Unrecognized function: ${value.name}`);
    if (value.args.length !== 2) throw unsupported(`Incorrect number of arguments for function: ${value.name}`);
    return `${value.name}(${value.args.map((arg) => compileUpdateValue(arg, names)).join(', ')})`;
  }
  if (value.kind === 'is') throw unsupported('IS operator is not supported in update expressions');
  return compileOperand(value, names);
}
