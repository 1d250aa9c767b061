import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ModelDefinition } from '../model/index.js';
import { createTableFromModel } from '../repository/create-table.js';

/**
 * Creates a model's table on an engine (the local one, `monotable serve`, DynamoDB Local) unless
 * it already exists — with the repository's own CreateTable request, which the tests hold equal
 * to the CloudFormation template. Returns whether it created the table. An existing table is
 * compared with the model: one that differs (an index the model gained, a projection, TTL, the
 * stream…) fails with `TableDriftError` listing every difference, unless `ifExists: 'ignore'`.
 * On AWS, deploy the CDK construct or the CloudFormation template instead (they add
 * point-in-time recovery).
 *
 * @example
 * await ensureModelTable(createLocalClient({ path: 'app.db' }), model);
 */
export async function ensureModelTable(
  client: DynamoDBClient,
  model: ModelDefinition,
  options: { readonly tableName?: string; readonly ifExists?: 'check' | 'ignore' } = {},
): Promise<boolean> {
  return createTableFromModel(client, model, {
    tableName: options.tableName ?? model.table.name,
    ifExists: options.ifExists ?? 'check',
  });
}
