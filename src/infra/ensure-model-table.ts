import { DescribeTableCommand, ResourceNotFoundException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/index.js';
import { createTableFromModel } from '../repository/create-table.js';

/**
 * Creates a model's table on an engine (the local one, `monotable serve`, DynamoDB Local) unless
 * it already exists — with the repository's own CreateTable request, which the tests hold equal
 * to the CloudFormation template. Returns whether it created the table. On AWS, deploy the CDK
 * construct or the CloudFormation template instead (they add point-in-time recovery).
 *
 * @example
 * await ensureModelTable(createLocalClient({ path: 'app.db' }), model);
 */
export async function ensureModelTable(
  client: DynamoDBClient,
  model: ModelDefinition,
  options: { tableName?: string } = {},
): Promise<boolean> {
  const tableName = options.tableName ?? model.table.name;
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (
      !(error instanceof ResourceNotFoundException) &&
      (error as { name?: string }).name !== 'ResourceNotFoundException'
    )
      throw error;
  }
  await createTableFromModel(client, model, { tableName });
  return true;
}
