import { UpdateContinuousBackupsCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/index.js';
import { createTableFromModel } from '../repository/create-table.js';

/**
 * Creates a model's table on an engine (the local one, `monotable serve`, DynamoDB Local) unless
 * it already exists — with the repository's own CreateTable request, which the tests hold equal
 * to the CloudFormation template — then turns point-in-time recovery on when the model asks for
 * it (models do by default; CreateTable cannot say it), so that `migrate plan` right after has
 * nothing to do. Returns whether it created the table. An existing table is compared with the
 * model: one that differs (an index the model gained, a projection, TTL, the stream…) fails with
 * `TableDriftError` listing every difference, unless `ifExists: 'ignore'`. On AWS, deploy the
 * CDK construct or the CloudFormation template instead.
 *
 * @example
 * await ensureModelTable(createLocalClient({ path: 'app.db' }), model);
 */
export async function ensureModelTable(
  client: DynamoDBClient,
  model: ModelDefinition,
  options: { readonly tableName?: string; readonly ifExists?: 'check' | 'ignore' } = {},
): Promise<boolean> {
  const tableName = options.tableName ?? model.table.name;
  const created = await createTableFromModel(client, model, { tableName, ifExists: options.ifExists ?? 'check' });
  if (created && model.table.pointInTimeRecovery) await enablePointInTimeRecovery(client, tableName);
  return created;
}

/** UpdateContinuousBackups on; an endpoint without the operation (DynamoDB Local) is left as it is. */
async function enablePointInTimeRecovery(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(
      new UpdateContinuousBackupsCommand({
        TableName: tableName,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'UnknownOperationException') throw error;
  }
}
