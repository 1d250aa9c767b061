import { dynamoDbNamePattern, type IndexProjection, type ModelDefinition, type TableDefinition } from '../model/index.js';
import { InfrastructureModelError } from './errors.js';

/** A key attribute: monotable models key everything with strings. */
export interface KeyAttributeSpec {
  readonly name: string;
  readonly type: 'S';
}

export interface GlobalIndexSpec {
  readonly name: string;
  readonly partitionKey: KeyAttributeSpec;
  readonly sortKey?: KeyAttributeSpec;
  readonly projection: IndexProjection;
}

/**
 * The physical table a model declares, in one normalized shape from which the CDK construct
 * and the CloudFormation template are both derived, so the two can only agree.
 */
export interface TableSpec {
  readonly tableName: string;
  readonly partitionKey: KeyAttributeSpec;
  readonly sortKey: KeyAttributeSpec;
  readonly billing: TableDefinition['billingMode'];
  readonly timeToLiveAttribute?: string;
  readonly pointInTimeRecovery: boolean;
  readonly globalIndexes: readonly GlobalIndexSpec[];
}

/**
 * Reads the table of a model (or a table definition) as a `TableSpec`.
 *
 * @example
 * const spec = tableSpec(model);
 * spec.globalIndexes.map((index) => index.name); // ['gsi1']
 */
export function tableSpec(source: ModelDefinition | TableDefinition, options: { tableName?: string } = {}): TableSpec {
  const table = 'kind' in source && source.kind === 'model' ? source.table : (source as TableDefinition);
  const tableName = options.tableName ?? table.name;
  if (!dynamoDbNamePattern.test(tableName)) {
    throw new InfrastructureModelError(tableName, 'a table name is 3-255 characters of [a-zA-Z0-9_.-]');
  }
  if (table.billingMode.mode === 'PROVISIONED') {
    const { readCapacityUnits, writeCapacityUnits } = table.billingMode;
    if (!(readCapacityUnits >= 1 && writeCapacityUnits >= 1)) {
      throw new InfrastructureModelError(tableName, 'provisioned capacity needs at least 1 read and 1 write unit');
    }
  }
  const globalIndexes = Object.entries(table.indexes).map(
    ([name, index]): GlobalIndexSpec => ({
      name,
      partitionKey: { name: index.partitionKey, type: 'S' },
      ...(index.sortKey ? { sortKey: { name: index.sortKey, type: 'S' as const } } : {}),
      projection: index.projection,
    }),
  );
  return {
    tableName,
    partitionKey: { name: table.partitionKey, type: 'S' },
    sortKey: { name: table.sortKey, type: 'S' },
    billing: table.billingMode,
    ...(table.timeToLiveAttribute ? { timeToLiveAttribute: table.timeToLiveAttribute } : {}),
    pointInTimeRecovery: table.pointInTimeRecovery,
    globalIndexes,
  };
}

/** Every key attribute of the table and its indexes, once each, in declaration order (as CDK lists them). */
export function keyAttributes(spec: TableSpec): KeyAttributeSpec[] {
  const seen = new Map<string, KeyAttributeSpec>();
  const add = (attribute: KeyAttributeSpec | undefined) => {
    if (attribute && !seen.has(attribute.name)) seen.set(attribute.name, attribute);
  };
  add(spec.partitionKey);
  add(spec.sortKey);
  for (const index of spec.globalIndexes) {
    add(index.partitionKey);
    add(index.sortKey);
  }
  return [...seen.values()];
}

/** A PascalCase identifier from a table name: `research-jobs` → `ResearchJobs`. */
export function pascalCase(name: string): string {
  const words = name.split(/[^a-zA-Z0-9]+/).filter(Boolean);
  const joined = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  return /^[A-Za-z]/.test(joined) ? joined : `T${joined}`;
}
