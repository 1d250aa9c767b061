import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { ModelDefinition } from '../../model/index.js';
import { tableSpec, type KeyAttributeSpec } from '../table-spec.js';

export interface MonotableTableProps {
  readonly model: ModelDefinition;
  /** Physical table name; default the model's. */
  readonly tableName?: string;
  /** Default RETAIN: data outlives stacks. */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * A model's table as a CDK construct, read from the model at synth time (no generated code to
 * keep in step). Needs `aws-cdk-lib` and `constructs`, optional peer dependencies of monotable.
 *
 * @example
 * import { model } from '../src/model.js';
 * const { table } = new MonotableTable(this, 'Data', { model });
 * table.grantReadWriteData(handler);
 */
export class MonotableTable extends Construct {
  readonly table: dynamodb.Table;

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
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    for (const index of spec.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        // One attribute: CDK's classic props; several: multi-attribute keys (aws-cdk-lib >= 2.226.0).
        ...(index.partitionKeys.length === 1 ? { partitionKey: keyAttribute(index.partitionKeys[0]) } : { partitionKeys: index.partitionKeys.map(keyAttribute) }),
        ...(index.sortKeys.length === 1 ? { sortKey: keyAttribute(index.sortKeys[0]) } : {}),
        ...(index.sortKeys.length > 1 ? { sortKeys: index.sortKeys.map(keyAttribute) } : {}),
        projectionType: dynamodb.ProjectionType[index.projection.type],
        ...(index.projection.type === 'INCLUDE' ? { nonKeyAttributes: [...index.projection.attributes] } : {}),
        ...(provisioned ? { readCapacity: provisioned.readCapacityUnits, writeCapacity: provisioned.writeCapacityUnits } : {}),
      });
    }
  }
}

function keyAttribute(attribute: KeyAttributeSpec): dynamodb.Attribute {
  return { name: attribute.name, type: dynamodb.AttributeType[cdkAttributeTypes[attribute.type]] };
}

/** DynamoDB's scalar type letters as CDK's `AttributeType` member names. */
export const cdkAttributeTypes = { S: 'STRING', N: 'NUMBER', B: 'BINARY' } as const;
