import type { ModelDefinition } from '../model/index.js';
import {
  pascalCase,
  tableSpec,
  type GlobalIndexSpec,
  type KeyAttributeSpec,
  type StreamHandlerSpec,
  type TableSpec,
} from './table-spec.js';

export interface CdkSourceOptions {
  /** Name of the construct class; default `<Table>Table` (`ResearchJobsTable`). */
  readonly className?: string;
  /** Shown in the header so readers know what to regenerate from. */
  readonly modelModule?: string;
}

/**
 * TypeScript source of a CDK construct declaring a model's table — the guide's shape:
 * string keys, the model's billing, TTL attribute, point-in-time recovery, each GSI with its
 * projection, its stream — and of a stack holding it with the table's name and ARN (and stream
 * ARN) as outputs. Each stream handler the model declares becomes a `NodejsFunction` (its
 * `entry` bundled by CDK, the table's name in `TABLE_NAME`, read-write access to the table) fed
 * by a `DynamoEventSource` with the declared settings. The source needs only `aws-cdk-lib` and
 * `constructs`.
 *
 * @example
 * writeFileSync('infra/lib/data-stack.ts', cdkConstructSource(model, { modelModule: 'src/model.ts' }));
 * // in the CDK app: new ResearchJobsDataStack(app, 'ResearchData');
 */
export function cdkConstructSource(model: ModelDefinition, options: CdkSourceOptions = {}): string {
  const spec = tableSpec(model);
  const base = pascalCase(spec.tableName);
  const className = options.className ?? `${base}Table`;
  const stackName = `${className.replace(/Table$/, '')}DataStack`;
  const from = options.modelModule ? ` (${options.modelModule})` : '';
  const handlers = spec.stream?.handlers ?? [];
  const lambdaImports = handlers.length
    ? `import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
`
    : '';
  const handlerProps = handlers.length
    ? `  /** Where each stream handler's module is, relative to the directory \`cdk\` runs in; default the model's \`entry\`. */
  readonly handlerEntries?: { ${handlers.map((handler) => `readonly ${handler.name}?: string`).join('; ')} };
`
    : '';
  const handlerMembers = handlers.length
    ? `  /** The Lambda functions of the table's stream handlers. */
  readonly streamHandlers: { ${handlers.map((handler) => `readonly ${handler.name}: NodejsFunction`).join('; ')} };
`
    : '';
  return `// The DynamoDB table ${spec.tableName}, as declared by its monotable model${from}.
// Regenerate with \`monotable infra cdk\` after changing the model rather than editing by hand.
import { CfnOutput, ${handlers.length ? 'Duration, ' : ''}RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
${lambdaImports}import { Construct } from 'constructs';

export interface ${className}Props {
  /** Physical table name; default ${quote(spec.tableName)}. */
  readonly tableName?: string;
  /** What happens to the table when it leaves the stack; default RETAIN (data outlives stacks). */
  readonly removalPolicy?: RemovalPolicy;
${handlerProps}}

/** The ${spec.tableName} table: ${describe(spec)}. */
export class ${className} extends Construct {
  readonly table: dynamodb.Table;
${handlerMembers}
  constructor(scope: Construct, id: string, props: ${className}Props = {}) {
    super(scope, id);
    this.table = new dynamodb.Table(this, 'Table', {
      tableName: props.tableName ?? ${quote(spec.tableName)},
      partitionKey: ${keyAttribute(spec.partitionKey)},
      sortKey: ${keyAttribute(spec.sortKey)},
${billing(spec)}${spec.timeToLiveAttribute ? `      timeToLiveAttribute: ${quote(spec.timeToLiveAttribute)},\n` : ''}      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: ${spec.pointInTimeRecovery} },
${spec.stream ? `      stream: dynamodb.StreamViewType.${spec.stream.viewType},\n` : ''}      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
${spec.globalIndexes.map((index) => globalIndex(index, spec)).join('')}${handlers.map(streamHandler).join('')}${
  handlers.length ? `    this.streamHandlers = { ${handlers.map((handler) => handler.name).join(', ')} };\n` : ''
}  }
}

/** A stack holding the ${spec.tableName} table, exporting its name and ARN. */
export class ${stackName} extends Stack {
  readonly data: ${className};

  constructor(scope: Construct, id: string, props: StackProps & ${className}Props = {}) {
    super(scope, id, props);
    this.data = new ${className}(this, 'Data', props);
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'TableArn', { value: this.data.table.tableArn });
${spec.stream ? "    new CfnOutput(this, 'StreamArn', { value: this.data.table.tableStreamArn! });\n" : ''}  }
}
`;
}

function describe(spec: TableSpec): string {
  const parts = [
    `${spec.partitionKey.name}/${spec.sortKey.name} strings`,
    spec.billing.mode === 'PAY_PER_REQUEST' ? 'on-demand' : 'provisioned capacity',
    ...(spec.timeToLiveAttribute ? [`TTL on ${spec.timeToLiveAttribute}`] : []),
    ...(spec.stream
      ? [
          `stream ${spec.stream.viewType}${spec.stream.handlers.length ? ` (handlers ${spec.stream.handlers.map((handler) => handler.name).join(', ')})` : ''}`,
        ]
      : []),
    spec.pointInTimeRecovery ? 'point-in-time recovery' : 'no point-in-time recovery',
    ...spec.globalIndexes.map(
      (index) =>
        `GSI ${index.name}${index.partitionKeys.length + index.sortKeys.length > 2 ? ' (multi-attribute key)' : ''}`,
    ),
  ];
  return parts.join(', ');
}

function billing(spec: TableSpec): string {
  if (spec.billing.mode === 'PAY_PER_REQUEST') return '      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,\n';
  return (
    '      billingMode: dynamodb.BillingMode.PROVISIONED,\n' +
    `      readCapacity: ${spec.billing.readCapacityUnits},\n` +
    `      writeCapacity: ${spec.billing.writeCapacityUnits},\n`
  );
}

function globalIndex(index: GlobalIndexSpec, spec: TableSpec): string {
  const lines = [
    `indexName: ${quote(index.name)},`,
    index.partitionKeys.length === 1
      ? `partitionKey: ${keyAttribute(index.partitionKeys[0])},`
      : `partitionKeys: [${index.partitionKeys.map(keyAttribute).join(', ')}],`,
    ...(index.sortKeys.length === 1 ? [`sortKey: ${keyAttribute(index.sortKeys[0])},`] : []),
    ...(index.sortKeys.length > 1 ? [`sortKeys: [${index.sortKeys.map(keyAttribute).join(', ')}],`] : []),
    `projectionType: dynamodb.ProjectionType.${index.projection.type},`,
    ...(index.projection.type === 'INCLUDE'
      ? [`nonKeyAttributes: [${index.projection.attributes.map(quote).join(', ')}],`]
      : []),
    ...(spec.billing.mode === 'PROVISIONED'
      ? [`readCapacity: ${spec.billing.readCapacityUnits},`, `writeCapacity: ${spec.billing.writeCapacityUnits},`]
      : []),
  ];
  return `    this.table.addGlobalSecondaryIndex({\n${lines.map((line) => `      ${line}\n`).join('')}    });\n`;
}

/** A stream handler: its function, its access to the table, and the event source mapping. */
function streamHandler(handler: StreamHandlerSpec): string {
  const mapping = handler.mapping;
  const patterns =
    mapping.filterCriteria?.Filters?.flatMap((filter) => (filter.Pattern === undefined ? [] : [filter.Pattern])) ?? [];
  const settings = [
    `startingPosition: lambda.StartingPosition.${mapping.startingPosition},`,
    `batchSize: ${mapping.batchSize ?? 100},`,
    ...(mapping.maximumBatchingWindowInSeconds !== undefined
      ? [`maxBatchingWindow: Duration.seconds(${mapping.maximumBatchingWindowInSeconds}),`]
      : []),
    ...(mapping.bisectBatchOnFunctionError !== undefined
      ? [`bisectBatchOnError: ${mapping.bisectBatchOnFunctionError},`]
      : []),
    ...(mapping.maximumRetryAttempts !== undefined ? [`retryAttempts: ${mapping.maximumRetryAttempts},`] : []),
    ...(mapping.maximumRecordAgeInSeconds !== undefined && mapping.maximumRecordAgeInSeconds !== -1
      ? [`maxRecordAge: Duration.seconds(${mapping.maximumRecordAgeInSeconds}),`]
      : []),
    ...(mapping.parallelizationFactor !== undefined
      ? [`parallelizationFactor: ${mapping.parallelizationFactor},`]
      : []),
    ...(mapping.functionResponseTypes?.includes('ReportBatchItemFailures') ? ['reportBatchItemFailures: true,'] : []),
    ...(patterns.length > 0
      ? [`filters: [${patterns.map((pattern) => `{ pattern: ${quote(pattern)} }`).join(', ')}],`]
      : []),
  ];
  const name = handler.name;
  return `    const ${name} = new NodejsFunction(this, ${quote(`${handler.id}Handler`)}, {
      entry: props.handlerEntries?.${name} ?? ${quote(handler.entry)},
      handler: ${quote(handler.handler)},
      runtime: lambda.Runtime.NODEJS_24_X,
      memorySize: ${handler.memorySize},
      timeout: Duration.seconds(${handler.timeoutSeconds}),
      environment: { TABLE_NAME: this.table.tableName },
    });
    this.table.grantReadWriteData(${name});
    ${name}.addEventSource(
      new DynamoEventSource(this.table, {
${settings.map((line) => `        ${line}\n`).join('')}      }),
    );
`;
}

function keyAttribute(attribute: KeyAttributeSpec): string {
  const type = { S: 'STRING', N: 'NUMBER', B: 'BINARY' }[attribute.type];
  return `{ name: ${quote(attribute.name)}, type: dynamodb.AttributeType.${type} }`;
}

/** A single-quoted TypeScript string literal. */
function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}
