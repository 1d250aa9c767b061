import type { ModelDefinition } from '../model/index.js';
import { indexKeySchema } from '../model/physical-keys.js';
import {
  keyAttributes,
  pascalCase,
  tableSpec,
  type GlobalIndexSpec,
  type StreamHandlerSpec,
  type TableSpec,
} from './table-spec.js';

/** A CloudFormation template (JSON). */
export interface CloudFormationTemplate {
  readonly AWSTemplateFormatVersion: '2010-09-09';
  readonly Description: string;
  readonly Parameters: Record<string, Record<string, unknown>>;
  /** Present when a resource is conditional (a stream handler's mapping, created once its function is given). */
  readonly Conditions?: Record<string, Record<string, unknown>>;
  readonly Resources: Record<
    string,
    {
      Type: string;
      Condition?: string;
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
      Properties: Record<string, unknown>;
    }
  >;
  readonly Outputs: Record<string, Record<string, unknown>>;
}

/**
 * The `AWS::DynamoDB::Table` properties of a table spec — exactly what `aws-cdk-lib`'s `Table`
 * synthesizes for the same declaration (the tests hold the two together).
 */
export function tableProperties(spec: TableSpec): Record<string, unknown> {
  const provisioned =
    spec.billing.mode === 'PROVISIONED'
      ? { ReadCapacityUnits: spec.billing.readCapacityUnits, WriteCapacityUnits: spec.billing.writeCapacityUnits }
      : undefined;
  return {
    KeySchema: [
      { AttributeName: spec.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: spec.sortKey.name, KeyType: 'RANGE' },
    ],
    AttributeDefinitions: keyAttributes(spec).map((attribute) => ({
      AttributeName: attribute.name,
      AttributeType: attribute.type,
    })),
    // PROVISIONED is CloudFormation's default, and CDK leaves it implicit.
    ...(provisioned ? { ProvisionedThroughput: provisioned } : { BillingMode: 'PAY_PER_REQUEST' }),
    ...(spec.globalIndexes.length > 0
      ? { GlobalSecondaryIndexes: spec.globalIndexes.map((index) => globalIndexProperties(index, provisioned)) }
      : {}),
    PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: spec.pointInTimeRecovery },
    ...(spec.timeToLiveAttribute
      ? { TimeToLiveSpecification: { AttributeName: spec.timeToLiveAttribute, Enabled: true } }
      : {}),
    ...(spec.stream ? { StreamSpecification: { StreamViewType: spec.stream.viewType } } : {}),
  };
}

/**
 * The `AWS::Lambda::EventSourceMapping` properties of a stream handler, without its
 * `EventSourceArn` and `FunctionName` — exactly what CDK's `DynamoEventSource` synthesizes for
 * the same settings (the tests hold the two together).
 */
export function eventSourceMappingProperties(handler: StreamHandlerSpec): Record<string, unknown> {
  const mapping = handler.mapping;
  const patterns =
    mapping.filterCriteria?.Filters?.flatMap((filter) =>
      filter.Pattern === undefined ? [] : [{ Pattern: filter.Pattern }],
    ) ?? [];
  return {
    StartingPosition: mapping.startingPosition,
    BatchSize: mapping.batchSize ?? 100,
    ...(mapping.maximumBatchingWindowInSeconds !== undefined
      ? { MaximumBatchingWindowInSeconds: mapping.maximumBatchingWindowInSeconds }
      : {}),
    ...(mapping.bisectBatchOnFunctionError !== undefined
      ? { BisectBatchOnFunctionError: mapping.bisectBatchOnFunctionError }
      : {}),
    ...(mapping.maximumRetryAttempts !== undefined ? { MaximumRetryAttempts: mapping.maximumRetryAttempts } : {}),
    // -1 (never) is the default, and CDK cannot say it.
    ...(mapping.maximumRecordAgeInSeconds !== undefined && mapping.maximumRecordAgeInSeconds !== -1
      ? { MaximumRecordAgeInSeconds: mapping.maximumRecordAgeInSeconds }
      : {}),
    ...(mapping.parallelizationFactor !== undefined ? { ParallelizationFactor: mapping.parallelizationFactor } : {}),
    ...(mapping.functionResponseTypes?.length ? { FunctionResponseTypes: [...mapping.functionResponseTypes] } : {}),
    ...(patterns.length > 0 ? { FilterCriteria: { Filters: patterns } } : {}),
  };
}

function globalIndexProperties(
  index: GlobalIndexSpec,
  provisioned: Record<string, number> | undefined,
): Record<string, unknown> {
  return {
    IndexName: index.name,
    // A multi-attribute key lists every partition attribute (HASH), then every sort attribute (RANGE).
    KeySchema: indexKeySchema(index),
    Projection:
      index.projection.type === 'INCLUDE'
        ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.attributes] }
        : { ProjectionType: index.projection.type },
    ...(provisioned ? { ProvisionedThroughput: provisioned } : {}),
  };
}

/**
 * Plain CloudFormation for a model's table, for users without CDK. The physical name is a
 * parameter (defaulting to the model's), so one template serves several stages; the table is
 * retained when the stack is deleted, as CDK does by default. A table with a stream exports
 * its `StreamArn`; each declared stream handler gets an event source mapping from the stream to
 * a function deployed apart, whose ARN (or name) is the `<Handler>FunctionArn` parameter (the
 * function's role needs `dynamodb:DescribeStream`, `GetRecords`, `GetShardIterator` and
 * `ListStreams` on the stream). The parameter is empty by default and the mapping is created
 * only once it is given, so the table deploys before its functions exist. The CDK construct
 * builds the function too.
 *
 * @example
 * const template = cloudFormationTemplate(model);
 * writeFileSync('table.json', JSON.stringify(template, null, 2));
 * // aws cloudformation deploy --template-file table.json --stack-name research-data
 * // later, with the function: … --parameter-overrides JobStatusCountersFunctionArn=<its ARN>
 */
export function cloudFormationTemplate(model: ModelDefinition): CloudFormationTemplate {
  const spec = tableSpec(model);
  const logicalId = `${pascalCase(spec.tableName)}Table`;
  const handlers = spec.stream?.handlers ?? [];
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `DynamoDB table ${spec.tableName}, as declared by its monotable model`,
    Parameters: {
      TableName: {
        Type: 'String',
        Default: spec.tableName,
        AllowedPattern: '[a-zA-Z0-9_.-]{3,255}',
        Description: 'Physical name of the table',
      },
      ...Object.fromEntries(
        handlers.map((handler) => [
          functionParameter(handler),
          {
            Type: 'String',
            Default: '',
            Description: `ARN or name of the Lambda function of stream handler ${handler.name} (${handler.entry}, export ${handler.handler}); empty: no event source mapping`,
          },
        ]),
      ),
    },
    ...(handlers.length > 0
      ? {
          Conditions: Object.fromEntries(
            handlers.map((handler) => [
              functionCondition(handler),
              { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: functionParameter(handler) }, ''] }] },
            ]),
          ),
        }
      : {}),
    Resources: {
      [logicalId]: {
        Type: 'AWS::DynamoDB::Table',
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: { TableName: { Ref: 'TableName' }, ...tableProperties(spec) },
      },
      ...Object.fromEntries(
        handlers.map((handler) => [
          `${handler.id}EventSourceMapping`,
          {
            Type: 'AWS::Lambda::EventSourceMapping',
            Condition: functionCondition(handler),
            Properties: {
              EventSourceArn: { 'Fn::GetAtt': [logicalId, 'StreamArn'] },
              FunctionName: { Ref: functionParameter(handler) },
              ...eventSourceMappingProperties(handler),
            },
          },
        ]),
      ),
    },
    Outputs: {
      TableName: { Description: 'Name of the table', Value: { Ref: logicalId } },
      TableArn: { Description: 'ARN of the table', Value: { 'Fn::GetAtt': [logicalId, 'Arn'] } },
      ...(spec.stream
        ? { StreamArn: { Description: 'ARN of the table stream', Value: { 'Fn::GetAtt': [logicalId, 'StreamArn'] } } }
        : {}),
    },
  };
}

/** The template parameter naming a stream handler's function. */
function functionParameter(handler: StreamHandlerSpec): string {
  return `${handler.id}FunctionArn`;
}

/** The condition that holds once that parameter is given: only then is the mapping created. */
function functionCondition(handler: StreamHandlerSpec): string {
  return `Has${handler.id}Function`;
}
