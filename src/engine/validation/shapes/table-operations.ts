import { boolean, integer, list, optional, required, structure, type StructureShape } from '../shape.js';
import {
  attributeDefinitions,
  billingMode,
  indexName,
  keySchema,
  onDemandThroughput,
  projection,
  provisionedThroughput,
  sseSpecification,
  streamSpecification,
  tableClass,
  tableName,
  tags,
} from './common.js';

const globalSecondaryIndex = structure('GlobalSecondaryIndex', {
  IndexName: required(indexName()),
  KeySchema: required(keySchema()),
  Projection: required(projection()),
  ProvisionedThroughput: optional(provisionedThroughput()),
  OnDemandThroughput: optional(onDemandThroughput()),
});

const localSecondaryIndex = structure('LocalSecondaryIndex', {
  IndexName: required(indexName()),
  KeySchema: required(keySchema({ maxLength: 2 })),
  Projection: required(projection()),
});

export const createTable: StructureShape = structure('CreateTableInput', {
  AttributeDefinitions: required(attributeDefinitions()),
  TableName: required(tableName()),
  BillingMode: billingMode(),
  ProvisionedThroughput: provisionedThroughput(),
  KeySchema: required(keySchema({ maxLength: 2 })),
  LocalSecondaryIndexes: list(localSecondaryIndex),
  GlobalSecondaryIndexes: list(globalSecondaryIndex),
  StreamSpecification: streamSpecification(),
  SSESpecification: sseSpecification(),
  Tags: tags(),
  TableClass: tableClass(),
  DeletionProtectionEnabled: boolean(),
  OnDemandThroughput: onDemandThroughput(),
});

const globalSecondaryIndexUpdate = structure('GlobalSecondaryIndexUpdate', {
  Update: structure('UpdateGlobalSecondaryIndexAction', {
    IndexName: required(indexName()),
    ProvisionedThroughput: provisionedThroughput(),
    OnDemandThroughput: onDemandThroughput(),
  }),
  Create: structure('CreateGlobalSecondaryIndexAction', {
    Projection: required(projection()),
    IndexName: required(indexName()),
    ProvisionedThroughput: provisionedThroughput(),
    KeySchema: required(keySchema()),
    OnDemandThroughput: onDemandThroughput(),
  }),
  Delete: structure('DeleteGlobalSecondaryIndexAction', { IndexName: required(indexName()) }),
});

export const updateTable: StructureShape = structure('UpdateTableInput', {
  AttributeDefinitions: attributeDefinitions(),
  TableName: required(tableName()),
  ProvisionedThroughput: provisionedThroughput(),
  BillingMode: billingMode(),
  GlobalSecondaryIndexUpdates: list(globalSecondaryIndexUpdate),
  StreamSpecification: streamSpecification(),
  SSESpecification: sseSpecification(),
  TableClass: tableClass(),
  DeletionProtectionEnabled: boolean(),
  OnDemandThroughput: onDemandThroughput(),
});

export const deleteTable: StructureShape = structure('DeleteTableInput', { TableName: required(tableName()) });

export const describeTable: StructureShape = structure('DescribeTableInput', { TableName: required(tableName()) });

export const listTables: StructureShape = structure('ListTablesInput', {
  Limit: integer({ min: 1, max: 100 }),
  ExclusiveStartTableName: tableName(),
});
