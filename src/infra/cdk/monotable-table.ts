import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { ModelDefinition } from '../../model/index.js';
import { tableSpec, type KeyAttributeSpec, type StreamHandlerSpec } from '../table-spec.js';

export interface MonotableTableProps {
  readonly model: ModelDefinition;
  /** Physical table name; default the model's. */
  readonly tableName?: string;
  /** Default RETAIN: data outlives stacks. */
  readonly removalPolicy?: RemovalPolicy;
  /** Where each stream handler's module is, relative to the directory `cdk` runs in; default the model's `entry`. */
  readonly handlerEntries?: Readonly<Record<string, string>>;
}

/**
 * A model's table as a CDK construct, read from the model at synth time (no generated code to
 * keep in step): keys, billing, TTL, point-in-time recovery, indexes, stream, and a
 * `NodejsFunction` fed by a `DynamoEventSource` for each stream handler the model declares (as
 * `monotable infra cdk` generates them). Needs `aws-cdk-lib` and `constructs`, optional peer
 * dependencies of monotable.
 *
 * @example
 * import { model } from '../src/model.js';
 * const { table } = new MonotableTable(this, 'Data', { model });
 * table.grantReadWriteData(handler);
 */
export class MonotableTable extends Construct {
  readonly table: dynamodb.Table;
  /** The Lambda functions of the model's stream handlers, by handler name. */
  readonly streamHandlers: Readonly<Record<string, NodejsFunction>>;

  constructor(scope: Construct, id: string, props: MonotableTableProps) {
    super(scope, id);
    const spec = tableSpec(props.model, props.tableName ? { tableName: props.tableName } : {});
    const provisioned = spec.billing.mode === 'PROVISIONED' ? spec.billing : undefined;
    this.table = new dynamodb.Table(this, 'Table', {
      tableName: spec.tableName,
      partitionKey: keyAttribute(spec.partitionKey),
      sortKey: keyAttribute(spec.sortKey),
      ...(provisioned
        ? {
            billingMode: dynamodb.BillingMode.PROVISIONED,
            readCapacity: provisioned.readCapacityUnits,
            writeCapacity: provisioned.writeCapacityUnits,
          }
        : { billingMode: dynamodb.BillingMode.PAY_PER_REQUEST }),
      ...(spec.timeToLiveAttribute ? { timeToLiveAttribute: spec.timeToLiveAttribute } : {}),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: spec.pointInTimeRecovery },
      ...(spec.stream ? { stream: dynamodb.StreamViewType[spec.stream.viewType] } : {}),
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    for (const index of spec.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        // One attribute: CDK's classic props; several: multi-attribute keys (aws-cdk-lib >= 2.226.0).
        ...(index.partitionKeys.length === 1
          ? { partitionKey: keyAttribute(index.partitionKeys[0]) }
          : { partitionKeys: index.partitionKeys.map(keyAttribute) }),
        ...(index.sortKeys.length === 1 ? { sortKey: keyAttribute(index.sortKeys[0]) } : {}),
        ...(index.sortKeys.length > 1 ? { sortKeys: index.sortKeys.map(keyAttribute) } : {}),
        projectionType: dynamodb.ProjectionType[index.projection.type],
        ...(index.projection.type === 'INCLUDE' ? { nonKeyAttributes: [...index.projection.attributes] } : {}),
        ...(provisioned
          ? { readCapacity: provisioned.readCapacityUnits, writeCapacity: provisioned.writeCapacityUnits }
          : {}),
      });
    }
    const handlers: Record<string, NodejsFunction> = {};
    for (const handler of spec.stream?.handlers ?? [])
      handlers[handler.name] = this.addStreamHandler(handler, props.handlerEntries?.[handler.name]);
    this.streamHandlers = handlers;
  }

  private addStreamHandler(handler: StreamHandlerSpec, entry: string | undefined): NodejsFunction {
    const fn = new NodejsFunction(this, `${handler.id}Handler`, {
      entry: entry ?? handler.entry,
      handler: handler.handler,
      runtime: lambda.Runtime.NODEJS_24_X,
      memorySize: handler.memorySize,
      timeout: Duration.seconds(handler.timeoutSeconds),
      environment: { TABLE_NAME: this.table.tableName },
    });
    this.table.grantReadWriteData(fn);
    const mapping = handler.mapping;
    const patterns =
      mapping.filterCriteria?.Filters?.flatMap((filter) =>
        filter.Pattern === undefined ? [] : [{ pattern: filter.Pattern }],
      ) ?? [];
    fn.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: lambda.StartingPosition[mapping.startingPosition],
        batchSize: mapping.batchSize ?? 100,
        ...(mapping.maximumBatchingWindowInSeconds !== undefined
          ? { maxBatchingWindow: Duration.seconds(mapping.maximumBatchingWindowInSeconds) }
          : {}),
        ...(mapping.bisectBatchOnFunctionError !== undefined
          ? { bisectBatchOnError: mapping.bisectBatchOnFunctionError }
          : {}),
        ...(mapping.maximumRetryAttempts !== undefined ? { retryAttempts: mapping.maximumRetryAttempts } : {}),
        // -1 (never) is the default, and a Duration cannot say it.
        ...(mapping.maximumRecordAgeInSeconds !== undefined && mapping.maximumRecordAgeInSeconds !== -1
          ? { maxRecordAge: Duration.seconds(mapping.maximumRecordAgeInSeconds) }
          : {}),
        ...(mapping.parallelizationFactor !== undefined
          ? { parallelizationFactor: mapping.parallelizationFactor }
          : {}),
        ...(mapping.functionResponseTypes?.includes('ReportBatchItemFailures')
          ? { reportBatchItemFailures: true }
          : {}),
        ...(patterns.length > 0 ? { filters: patterns } : {}),
      }),
    );
    return fn;
  }
}

function keyAttribute(attribute: KeyAttributeSpec): dynamodb.Attribute {
  return { name: attribute.name, type: dynamodb.AttributeType[cdkAttributeTypes[attribute.type]] };
}

/** DynamoDB's scalar type letters as CDK's `AttributeType` member names. */
export const cdkAttributeTypes = { S: 'STRING', N: 'NUMBER', B: 'BINARY' } as const;
