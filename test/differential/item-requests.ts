import { attributePool, ExpressionBuilder, randomCondition, randomProjection, randomUpdate } from './expressions.js';
import type { Random } from './random.js';
import type { KEY_VALUES, TableModel } from './table-model.js';
import { keyValue, randomItem, randomKey, randomValue, type Item } from './values.js';

/** One request to send to both endpoints. */
export interface Request {
  readonly op: string;
  readonly request: Record<string, unknown>;
}

function capacityMembers(random: Random): Record<string, unknown> {
  const mode = random.weighted([
    [5, undefined],
    [2, 'TOTAL'],
    [2, 'INDEXES'],
    [1, 'NONE'],
  ] as const);
  return mode ? { ReturnConsumedCapacity: mode } : {};
}

function collectionMetricsMembers(random: Random): Record<string, unknown> {
  return random.chance(0.15) ? { ReturnItemCollectionMetrics: random.pick(['SIZE', 'NONE']) } : {};
}

/** A key for a request: usually well-formed, sometimes missing a part, typed wrong or with an extra attribute. */
export function requestKey(random: Random, table: TableModel): Item {
  const key = randomKey(random, table);
  if (!random.chance(0.04)) return key;
  const flaw = random.pick(['missing', 'wrong-type', 'extra', 'empty']);
  if (flaw === 'missing') delete key[table.range ? table.range.name : table.hash.name];
  else if (flaw === 'wrong-type') key[table.hash.name] = table.hash.type === 'S' ? { N: '1' } : { S: 'a' };
  else if (flaw === 'extra') key.a = { S: 'x' };
  else key[table.hash.name] = { [table.hash.type === 'N' ? 'S' : table.hash.type]: '' };
  return key;
}

/** A condition for a write: usually one that depends on whether the item exists, else a random one. */
function writeCondition(random: Random, builder: ExpressionBuilder, table: TableModel): string {
  const pool = attributePool(table);
  return random.weighted([
    [3, () => `attribute_not_exists(${builder.name(table.hash.name)})`],
    [2, () => `attribute_exists(${builder.name(table.hash.name)})`],
    [5, () => randomCondition(random, builder, pool, 1)],
  ] as const)();
}

function withCondition(
  random: Random,
  table: TableModel,
  builder: ExpressionBuilder,
  p: number,
): Record<string, unknown> {
  if (!random.chance(p)) return {};
  return {
    ConditionExpression: writeCondition(random, builder, table),
    ...(random.chance(0.3) ? { ReturnValuesOnConditionCheckFailure: random.pick(['ALL_OLD', 'NONE']) } : {}),
  };
}

export function putItem(random: Random, table: TableModel): Request {
  const builder = new ExpressionBuilder(random);
  const condition = withCondition(random, table, builder, 0.35);
  return {
    op: 'PutItem',
    request: {
      TableName: table.name,
      Item: randomItem(random, table),
      ...condition,
      ...(random.chance(0.4) ? { ReturnValues: random.pick(['ALL_OLD', 'NONE']) } : {}),
      ...builder.members(),
      ...capacityMembers(random),
      ...collectionMetricsMembers(random),
    },
  };
}

export function updateItem(random: Random, table: TableModel): Request {
  const builder = new ExpressionBuilder(random);
  const update = randomUpdate(random, builder, attributePool(table), table);
  const condition = withCondition(random, table, builder, 0.3);
  return {
    op: 'UpdateItem',
    request: {
      TableName: table.name,
      Key: requestKey(random, table),
      UpdateExpression: update,
      ...condition,
      ...(random.chance(0.6)
        ? { ReturnValues: random.pick(['NONE', 'ALL_OLD', 'UPDATED_OLD', 'ALL_NEW', 'UPDATED_NEW']) }
        : {}),
      ...builder.members(),
      ...capacityMembers(random),
      ...collectionMetricsMembers(random),
    },
  };
}

export function deleteItem(random: Random, table: TableModel): Request {
  const builder = new ExpressionBuilder(random);
  const condition = withCondition(random, table, builder, 0.35);
  return {
    op: 'DeleteItem',
    request: {
      TableName: table.name,
      Key: requestKey(random, table),
      ...condition,
      ...(random.chance(0.4) ? { ReturnValues: random.pick(['ALL_OLD', 'NONE']) } : {}),
      ...builder.members(),
      ...capacityMembers(random),
      ...collectionMetricsMembers(random),
    },
  };
}

export function getItem(random: Random, table: TableModel): Request {
  const builder = new ExpressionBuilder(random);
  const projection = random.chance(0.35)
    ? { ProjectionExpression: randomProjection(random, builder, attributePool(table)) }
    : {};
  return {
    op: 'GetItem',
    request: {
      TableName: table.name,
      Key: requestKey(random, table),
      ...projection,
      ...(random.chance(0.3) ? { ConsistentRead: random.chance(0.5) } : {}),
      ...builder.members(),
      ...capacityMembers(random),
    },
  };
}

/** Distinct keys (one duplicate now and then, which DynamoDB rejects). */
function distinctKeys(random: Random, table: TableModel, count: number): Item[] {
  const keys = new Map<string, Item>();
  for (let attempt = 0; attempt < count * 4 && keys.size < count; attempt++) {
    const key = randomKey(random, table);
    keys.set(JSON.stringify(key), key);
  }
  const list = [...keys.values()];
  if (random.chance(0.05)) list.push(list[0]);
  return list;
}

export function batchWriteItem(random: Random, table: TableModel): Request {
  const requests = distinctKeys(random, table, random.int(1, 6)).map((key) =>
    random.chance(0.7)
      ? { PutRequest: { Item: { ...randomItem(random, table), ...key } } }
      : { DeleteRequest: { Key: key } },
  );
  return {
    op: 'BatchWriteItem',
    request: {
      RequestItems: { [table.name]: requests },
      ...capacityMembers(random),
      ...collectionMetricsMembers(random),
    },
  };
}

export function batchGetItem(random: Random, table: TableModel): Request {
  const builder = new ExpressionBuilder(random);
  const projection = random.chance(0.3)
    ? { ProjectionExpression: randomProjection(random, builder, attributePool(table)) }
    : {};
  const members = builder.members();
  return {
    op: 'BatchGetItem',
    request: {
      RequestItems: {
        [table.name]: {
          Keys: distinctKeys(random, table, random.int(1, 6)),
          ...projection,
          ...members,
          ...(random.chance(0.3) ? { ConsistentRead: random.chance(0.5) } : {}),
        },
      },
      ...capacityMembers(random),
    },
  };
}

export function transactWriteItems(random: Random, table: TableModel): Request {
  const actions = distinctKeys(random, table, random.int(1, 4)).map((key) => {
    const builder = new ExpressionBuilder(random);
    const kind = random.weighted([
      [3, 'Put'],
      [3, 'Update'],
      [2, 'Delete'],
      [2, 'ConditionCheck'],
    ] as const);
    const condition = withCondition(random, table, builder, kind === 'ConditionCheck' ? 1 : 0.35);
    const body: Record<string, unknown> = { TableName: table.name };
    if (kind === 'Put') body.Item = { ...randomItem(random, table), ...key };
    else body.Key = key;
    if (kind === 'Update') body.UpdateExpression = randomUpdate(random, builder, attributePool(table), table);
    return { [kind]: { ...body, ...condition, ...builder.members() } };
  });
  return {
    op: 'TransactWriteItems',
    request: { TransactItems: actions, ...capacityMembers(random), ...collectionMetricsMembers(random) },
  };
}

export function transactGetItems(random: Random, table: TableModel): Request {
  const gets = distinctKeys(random, table, random.int(1, 4)).map((key) => {
    const builder = new ExpressionBuilder(random);
    const projection = random.chance(0.3)
      ? { ProjectionExpression: randomProjection(random, builder, attributePool(table)) }
      : {};
    return { Get: { TableName: table.name, Key: key, ...projection, ...builder.members() } };
  });
  return { op: 'TransactGetItems', request: { TransactItems: gets, ...capacityMembers(random) } };
}

/** A value drawn from the key pool of a key attribute's type (exported for the read generator). */
export function poolValue(random: Random, type: keyof typeof KEY_VALUES): Record<string, unknown> {
  return random.chance(0.97) ? keyValue(random, type) : randomValue(random, 0);
}
