import { attributePool, ExpressionBuilder, randomCondition, randomProjection } from './expressions.js';
import { poolValue, type Request } from './item-requests.js';
import type { Random } from './random.js';
import type { IndexModel, KeyAttribute, TableModel } from './table-model.js';
import { keyValue, randomKey, type Item } from './values.js';

/**
 * How the runner sends a read:
 * - `single`: one request, compared exactly;
 * - `pages`: follows `LastEvaluatedKey` on each endpoint, every page compared exactly (Query order is contract);
 * - `scan`: follows `LastEvaluatedKey`, the union of all pages compared as a multiset with summed counts
 *   (the order of a table's partitions is not part of DynamoDB's contract);
 * - `segments`: like `scan`, but our engine runs every segment `0…segments-1` of a parallel scan while
 *   DynamoDB Local (which ignores `Segment`) runs the plain scan; the unions must agree.
 */
export type ReadMode = 'single' | 'pages' | 'scan' | 'segments';

export interface Step extends Request {
  readonly mode?: ReadMode;
  readonly segments?: number;
}

interface ReadTarget {
  readonly index?: IndexModel;
  readonly hash: KeyAttribute;
  readonly range?: KeyAttribute;
}

function readTarget(random: Random, table: TableModel): ReadTarget {
  if (table.indexes.length === 0 || random.chance(0.5)) return { hash: table.hash, range: table.range };
  const index = random.pick(table.indexes);
  return { index, hash: index.hash, range: index.range };
}

function readMembers(
  random: Random,
  table: TableModel,
  target: ReadTarget,
  builder: ExpressionBuilder,
  filterPool: string[],
) {
  const members: Record<string, unknown> = { TableName: table.name };
  if (target.index) members.IndexName = target.index.name;
  if (random.chance(0.3)) members.FilterExpression = randomCondition(random, builder, filterPool, 1);
  const select = random.weighted([
    [8, undefined],
    [2, 'COUNT'],
    [1, 'ALL_ATTRIBUTES'],
    [1, 'ALL_PROJECTED_ATTRIBUTES'],
    [1, 'SPECIFIC_ATTRIBUTES'],
  ] as const);
  if (select) members.Select = select;
  if (select === 'SPECIFIC_ATTRIBUTES' || (!select && random.chance(0.3))) {
    members.ProjectionExpression = randomProjection(random, builder, attributePool(table));
  }
  if (random.chance(0.4)) members.Limit = random.int(1, 4);
  if (random.chance(0.2)) members.ConsistentRead = target.index?.kind === 'GSI' ? random.chance(0.2) : true;
  const capacity = random.weighted([
    [5, undefined],
    [2, 'TOTAL'],
    [2, 'INDEXES'],
  ] as const);
  if (capacity) members.ReturnConsumedCapacity = capacity;
  return members;
}

/** Non-key attributes of the target, so filters are mostly valid (DynamoDB rejects key attributes in a Query filter). */
function queryFilterPool(table: TableModel, target: ReadTarget): string[] {
  return attributePool(table).filter((name) => name !== target.hash.name && name !== target.range?.name);
}

function sortCondition(random: Random, builder: ExpressionBuilder, range: KeyAttribute): string {
  const name = builder.name(range.name);
  const value = () => builder.value(poolValue(random, range.type));
  const form = random.pick(['=', '<', '<=', '>', '>=', 'BETWEEN', 'begins_with']);
  if (form === 'BETWEEN') {
    const [low, high] = [value(), value()];
    return `${name} BETWEEN ${low} AND ${high}`;
  }
  if (form === 'begins_with') {
    // begins_with on a number key is an error DynamoDB reports; keep it rare.
    if (range.type === 'N' && random.chance(0.8)) return `${name} >= ${value()}`;
    return `begins_with(${name}, ${range.type === 'N' ? value() : builder.value(keyValue(random, range.type))})`;
  }
  return `${name} ${form} ${value()}`;
}

export function query(random: Random, table: TableModel): Step {
  const builder = new ExpressionBuilder(random);
  const target = readTarget(random, table);
  const partition = poolValue(random, target.hash.type);
  let keyCondition = `${builder.name(target.hash.name)} = ${builder.value(partition)}`;
  if (target.range && random.chance(0.6)) {
    const sort = sortCondition(random, builder, target.range);
    keyCondition = random.chance(0.5) ? `${keyCondition} AND ${sort}` : `${sort} AND ${keyCondition}`;
  }
  const filterPool = random.chance(0.9) ? queryFilterPool(table, target) : attributePool(table);
  const members = readMembers(random, table, target, builder, filterPool);
  members.KeyConditionExpression = keyCondition;
  if (random.chance(0.3)) members.ScanIndexForward = false;
  if (random.chance(0.05)) members.ExclusiveStartKey = startKey(random, table, target, partition);
  const mode: ReadMode = members.Limit !== undefined && random.chance(0.7) ? 'pages' : 'single';
  return { op: 'Query', request: { ...members, ...builder.members() }, mode };
}

/** A random ExclusiveStartKey inside the queried partition: the table key, plus the index key on an index. */
function startKey(random: Random, table: TableModel, target: ReadTarget, partition: Record<string, unknown>): Item {
  const key = randomKey(random, table);
  if (target.index) {
    key[target.index.hash.name] = partition;
    if (target.index.range) key[target.index.range.name] = keyValue(random, target.index.range.type);
  } else key[table.hash.name] = partition;
  return key;
}

export function scan(random: Random, table: TableModel): Step {
  const builder = new ExpressionBuilder(random);
  const target = readTarget(random, table);
  const members = readMembers(random, table, target, builder, attributePool(table));
  const segments = random.chance(0.12) ? random.int(1, 4) : undefined;
  return {
    op: 'Scan',
    request: { ...members, ...builder.members() },
    mode: segments ? 'segments' : 'scan',
    segments,
  };
}
