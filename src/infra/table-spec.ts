import type { ModelDefinition, TableDefinition } from '../model/index.js';
import type { PhysicalIndex, PhysicalKeyAttribute } from '../model/physical-keys.js';
import { dynamoDbNamePattern } from '../model/table.js';
import type { StreamHandlerDeclaration, StreamViewType } from '../model/table-stream.js';
import { physicalTable } from '../model/physical-table.js';
import { InfrastructureModelError } from './errors.js';

/** A key attribute: template keys are strings; attribute-keyed indexes declare S, N or B. */
export type KeyAttributeSpec = PhysicalKeyAttribute;

/** A GSI: 1–4 partition attributes, 0–4 sort attributes (more than one each: multi-attribute keys). */
export type GlobalIndexSpec = PhysicalIndex;

/** A stream handler of the model: its Lambda function and the event source mapping that feeds it. */
export interface StreamHandlerSpec {
  /** The model's name for it (`jobStatusCounters`). */
  readonly name: string;
  /** PascalCase of the name, for logical IDs and construct IDs (`JobStatusCounters`). */
  readonly id: string;
  readonly entry: string;
  readonly handler: string;
  readonly memorySize: number;
  readonly timeoutSeconds: number;
  readonly mapping: Omit<StreamHandlerDeclaration, 'entry' | 'handler' | 'memorySize' | 'timeoutSeconds'> & {
    readonly startingPosition: 'TRIM_HORIZON' | 'LATEST';
  };
}

/** The table's stream: view type and handlers (none when the model declares none). */
export interface StreamSpec {
  readonly viewType: StreamViewType;
  readonly handlers: readonly StreamHandlerSpec[];
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
  /** Every key attribute once, in declaration order (AttributeDefinitions). */
  readonly keyAttributes: readonly KeyAttributeSpec[];
  readonly stream?: StreamSpec;
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
  const physical = physicalTable(table, tableName);
  return {
    tableName,
    partitionKey: physical.partitionKey,
    sortKey: physical.sortKey,
    billing: physical.billing,
    ...(physical.timeToLiveAttribute ? { timeToLiveAttribute: physical.timeToLiveAttribute } : {}),
    pointInTimeRecovery: physical.pointInTimeRecovery,
    globalIndexes: physical.indexes,
    keyAttributes: physical.attributes,
    ...(physical.stream ? { stream: streamSpec(physical.stream.viewType, physical.stream.handlers ?? {}) } : {}),
  };
}

function streamSpec(
  viewType: StreamViewType,
  handlers: Readonly<Record<string, StreamHandlerDeclaration>>,
): StreamSpec {
  return {
    viewType,
    handlers: Object.entries(handlers).map(([name, declared]) => {
      const { entry, handler, memorySize, timeoutSeconds, ...mapping } = declared;
      return {
        name,
        id: pascalCase(name),
        entry,
        handler: handler ?? 'handler',
        memorySize: memorySize ?? 256,
        timeoutSeconds: timeoutSeconds ?? 30,
        mapping: { ...mapping, startingPosition: mapping.startingPosition ?? 'TRIM_HORIZON' },
      };
    }),
  };
}

/** Every key attribute of the table and its indexes, once each, in declaration order (as CDK lists them). */
export function keyAttributes(spec: TableSpec): KeyAttributeSpec[] {
  return [...spec.keyAttributes];
}

/** A PascalCase identifier from a table name: `research-jobs` → `ResearchJobs`. */
export function pascalCase(name: string): string {
  const words = name.split(/[^a-zA-Z0-9]+/).filter(Boolean);
  const joined = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  return /^[A-Za-z]/.test(joined) ? joined : `T${joined}`;
}
