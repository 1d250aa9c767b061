import type { Random } from './random.js';
import { INDEX_KEY_CANDIDATES, PLAIN_ATTRIBUTES, type TableModel } from './table-model.js';
import { randomNumber, randomScalar, randomString, randomValue, type AttributeValue } from './values.js';

/** Attribute names in the pool that are DynamoDB reserved words (must go through `#name`). */
const RESERVED = new Set(['list', 'map']);
const TYPE_NAMES = ['S', 'N', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', 'L', 'M'];

/**
 * Collects `ExpressionAttributeNames`/`Values` while expressions are written, so that
 * every placeholder is defined and used (unless an error case is wanted on purpose).
 */
export class ExpressionBuilder {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private nameCount = 0;
  private valueCount = 0;

  constructor(private readonly random: Random) {}

  /** One path element: raw, or through `#name` (always for reserved words, bar a rare error case). */
  name(attribute: string): string {
    const raw = RESERVED.has(attribute) ? this.random.chance(0.02) : this.random.chance(0.5);
    if (raw) return attribute;
    const existing = Object.entries(this.names).find(([, value]) => value === attribute);
    if (existing && this.random.chance(0.7)) return existing[0];
    const placeholder = `#n${this.nameCount++}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }

  value(value: AttributeValue): string {
    const placeholder = `:v${this.valueCount++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** `ExpressionAttributeNames`/`Values` members for the request (absent when empty). */
  members(): Record<string, unknown> {
    if (this.random.chance(0.03)) this.values[`:unused${this.valueCount++}`] = { S: 'u' };
    if (this.random.chance(0.02)) this.names[`#unused${this.nameCount++}`] = 'a';
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** Top-level attribute names an expression may touch on this table. */
export function attributePool(table: TableModel): string[] {
  const pool = new Set<string>([
    table.hash.name,
    ...(table.range ? [table.range.name] : []),
    ...INDEX_KEY_CANDIDATES,
    ...PLAIN_ATTRIBUTES,
  ]);
  return [...pool];
}

/** A document path, usually top-level, sometimes into `map`/`list`. */
export function randomPath(random: Random, builder: ExpressionBuilder, pool: readonly string[]): string {
  const shape = random.weighted([
    [6, 'top'],
    [2, 'map'],
    [2, 'list'],
    [1, 'deep'],
  ] as const);
  if (shape === 'top') return builder.name(random.pick(pool));
  if (shape === 'map') return `${builder.name('map')}.${builder.name(random.pick(['x', 'y', 'z', 'a']))}`;
  if (shape === 'list') return `${builder.name('list')}[${random.int(0, 3)}]`;
  return random.chance(0.5)
    ? `${builder.name('map')}.${builder.name('x')}[${random.int(0, 1)}]`
    : `${builder.name('list')}[${random.int(0, 1)}].${builder.name(random.pick(['x', 'y']))}`;
}

function comparisonOperand(random: Random): AttributeValue {
  return random.weighted([
    [4, () => ({ N: randomNumber(random) })],
    [4, () => ({ S: randomString(random) })],
    [1, () => randomScalar(random, 'B')],
    [1, () => randomValue(random, 1)],
  ] as const)();
}

/** A random condition (ConditionExpression or FilterExpression), nested up to `depth`. */
export function randomCondition(
  random: Random,
  builder: ExpressionBuilder,
  pool: readonly string[],
  depth = 2,
): string {
  const path = () => randomPath(random, builder, pool);
  const kind = random.weighted([
    [5, 'compare'],
    [2, 'exists'],
    [2, 'not_exists'],
    [1, 'between'],
    [1, 'in'],
    [1, 'type'],
    [1, 'begins'],
    [1, 'contains'],
    [1, 'size'],
    [1, 'path_compare'],
    [depth > 0 ? 2 : 0, 'and'],
    [depth > 0 ? 2 : 0, 'or'],
    [depth > 0 ? 1 : 0, 'not'],
  ] as const);
  const comparator = () => random.pick(['=', '<>', '<', '<=', '>', '>=']);
  switch (kind) {
    case 'compare':
      return `${path()} ${comparator()} ${builder.value(comparisonOperand(random))}`;
    case 'path_compare':
      return `${path()} ${comparator()} ${path()}`;
    case 'exists':
      return `attribute_exists(${path()})`;
    case 'not_exists':
      return `attribute_not_exists(${path()})`;
    case 'between': {
      const type = random.pick(['N', 'S'] as const);
      return `${path()} BETWEEN ${builder.value(randomScalar(random, type))} AND ${builder.value(randomScalar(random, type))}`;
    }
    case 'in': {
      const operands = Array.from({ length: random.int(1, 3) }, () => builder.value(comparisonOperand(random)));
      return `${path()} IN (${operands.join(', ')})`;
    }
    case 'type':
      return `attribute_type(${path()}, ${builder.value({ S: random.pick(TYPE_NAMES) })})`;
    case 'begins':
      return `begins_with(${path()}, ${builder.value(random.chance(0.85) ? { S: random.pick(['a', 'ab', '', 'é']) } : randomScalar(random, 'B'))})`;
    case 'contains':
      return `contains(${path()}, ${builder.value(random.chance(0.8) ? comparisonOperand(random) : { S: 'a' })})`;
    case 'size':
      return `size(${path()}) ${comparator()} ${builder.value({ N: String(random.int(0, 4)) })}`;
    case 'and':
      return `${randomCondition(random, builder, pool, depth - 1)} AND ${randomCondition(random, builder, pool, depth - 1)}`;
    case 'or':
      return `(${randomCondition(random, builder, pool, depth - 1)} OR ${randomCondition(random, builder, pool, depth - 1)})`;
    default:
      return `NOT (${randomCondition(random, builder, pool, depth - 1)})`;
  }
}

/** A random ProjectionExpression of 1–3 paths. */
export function randomProjection(random: Random, builder: ExpressionBuilder, pool: readonly string[]): string {
  return Array.from({ length: random.int(1, 3) }, () => randomPath(random, builder, pool)).join(', ');
}

/**
 * A random UpdateExpression: mostly on distinct attributes; sometimes on a key attribute,
 * on overlapping paths or with an operand of the wrong type, which DynamoDB rejects.
 */
export function randomUpdate(
  random: Random,
  builder: ExpressionBuilder,
  pool: readonly string[],
  table: TableModel,
): string {
  const nonKey = pool.filter((name) => name !== table.hash.name && name !== table.range?.name);
  const targets = random.subset(random.chance(0.05) ? pool : nonKey, 1, 4);
  const clauses: Record<'SET' | 'REMOVE' | 'ADD' | 'DELETE', string[]> = { SET: [], REMOVE: [], ADD: [], DELETE: [] };
  for (const target of targets) {
    const nested = random.chance(0.2) && (target === 'map' || target === 'list');
    const path = nested
      ? target === 'map'
        ? `${builder.name('map')}.${builder.name(random.pick(['x', 'y']))}`
        : `${builder.name('list')}[${random.int(0, 3)}]`
      : builder.name(target);
    const action = random.weighted([
      [6, 'set'],
      [2, 'remove'],
      [2, 'add'],
      [1, 'delete'],
    ] as const);
    if (action === 'remove') clauses.REMOVE.push(path);
    else if (action === 'add') {
      const operand =
        target === 'tags' || random.chance(0.2)
          ? { SS: random.subset(['a', 'b', 'e'], 1, 2) }
          : { N: randomNumber(random) };
      clauses.ADD.push(`${path} ${builder.value(operand)}`);
    } else if (action === 'delete') {
      clauses.DELETE.push(
        `${path} ${builder.value(random.chance(0.7) ? { SS: random.subset(['a', 'b'], 1, 2) } : { NS: ['1'] })}`,
      );
    } else clauses.SET.push(`${path} = ${randomSetValue(random, builder, path)}`);
  }
  return (Object.keys(clauses) as (keyof typeof clauses)[])
    .filter((clause) => clauses[clause].length > 0)
    .map((clause) => `${clause} ${clauses[clause].join(', ')}`)
    .join(' ');
}

function randomSetValue(random: Random, builder: ExpressionBuilder, path: string): string {
  const form = random.weighted([
    [6, 'value'],
    [2, 'plus'],
    [1, 'minus'],
    [2, 'if_not_exists'],
    [2, 'list_append'],
  ] as const);
  switch (form) {
    case 'value':
      return builder.value(randomValue(random, 2));
    case 'plus':
      return `${path} + ${builder.value({ N: randomNumber(random) })}`;
    case 'minus':
      return `${builder.value({ N: randomNumber(random) })} - ${path}`;
    case 'if_not_exists':
      return `if_not_exists(${path}, ${builder.value(random.chance(0.7) ? { N: randomNumber(random) } : randomValue(random, 1))})`;
    default: {
      const list = builder.value({ L: Array.from({ length: random.int(0, 2) }, () => randomValue(random, 0)) });
      return random.chance(0.5)
        ? `list_append(${path}, ${list})`
        : `list_append(${list}, if_not_exists(${path}, ${builder.value({ L: [] })}))`;
    }
  }
}
