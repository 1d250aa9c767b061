import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/model.js';
import { indexKeySchema } from '../model/physical-keys.js';
import { physicalTable } from '../model/physical-table.js';

/**
 * The CreateTable input of a model's table: string table keys, its GSIs (template or attribute
 * keys, see `physicalKeys`) with their projections, its billing mode, its stream (when the table
 * declares one). Pure. (TTL and point-in-time recovery are separate API calls; see
 * {@link createTableFromModel}.)
 *
 * @example
 * buildCreateTableInput(model, 'research-test').GlobalSecondaryIndexes?.[0].IndexName // 'gsi1'
 */
export function buildCreateTableInput(model: ModelDefinition, tableName = model.table.name): CreateTableCommandInput {
  const table = physicalTable(model.table, tableName);
  const provisioned = table.billing.mode === 'PROVISIONED' ? table.billing : undefined;
  const throughput = provisioned
    ? {
        ProvisionedThroughput: {
          ReadCapacityUnits: provisioned.readCapacityUnits,
          WriteCapacityUnits: provisioned.writeCapacityUnits,
        },
      }
    : {};
  const indexes = table.indexes.map((index) => ({
    IndexName: index.name,
    KeySchema: indexKeySchema(index),
    Projection:
      index.projection.type === 'INCLUDE'
        ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection.attributes] }
        : { ProjectionType: index.projection.type },
    ...throughput,
  }));
  return {
    TableName: table.tableName,
    AttributeDefinitions: table.attributes.map((attribute) => ({
      AttributeName: attribute.name,
      AttributeType: attribute.type,
    })),
    KeySchema: [
      { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
    ],
    ...(indexes.length > 0 ? { GlobalSecondaryIndexes: indexes } : {}),
    BillingMode: table.billing.mode,
    ...throughput,
    ...(table.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream.viewType } } : {}),
  };
}
