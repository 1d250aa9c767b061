import type { StreamSpecificationInput } from '../streams/stream-specification.js';
/** Wire shapes of the table-level requests (already checked against the request shape). */

export interface AttributeDefinitionInput {
  readonly AttributeName: string;
  readonly AttributeType: 'S' | 'N' | 'B';
}

export interface KeySchemaElementInput {
  readonly AttributeName: string;
  readonly KeyType: 'HASH' | 'RANGE';
}

export interface ProjectionInput {
  readonly ProjectionType?: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  readonly NonKeyAttributes?: readonly string[];
}

export interface ProvisionedThroughputInput {
  readonly ReadCapacityUnits: number;
  readonly WriteCapacityUnits: number;
}

export interface IndexInput {
  readonly IndexName: string;
  readonly KeySchema: readonly KeySchemaElementInput[];
  readonly Projection: ProjectionInput;
  readonly ProvisionedThroughput?: ProvisionedThroughputInput;
}

export interface TagInput {
  readonly Key: string;
  readonly Value: string;
}

export type BillingMode = 'PROVISIONED' | 'PAY_PER_REQUEST';

/** The members of CreateTable that define the table's schema, indexes and capacity. */
export interface TableSchemaInput {
  readonly AttributeDefinitions: readonly AttributeDefinitionInput[];
  readonly KeySchema: readonly KeySchemaElementInput[];
  readonly BillingMode?: BillingMode;
  readonly ProvisionedThroughput?: ProvisionedThroughputInput;
  readonly LocalSecondaryIndexes?: readonly IndexInput[];
  readonly GlobalSecondaryIndexes?: readonly IndexInput[];
}

/** What a new table's description is made from: CreateTable without its tags. */
export interface NewTableInput extends TableSchemaInput {
  readonly TableName: string;
  readonly DeletionProtectionEnabled?: boolean;
}

export interface CreateTableInput extends NewTableInput {
  readonly Tags?: readonly TagInput[];
  readonly StreamSpecification?: StreamSpecificationInput;
}
