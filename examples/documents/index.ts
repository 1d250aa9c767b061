import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableFromModel } from '../../src/repository/create-table.js';
import { model } from './model.js';

export { model, documentKinds, documentStatuses, linkTypes } from './model.js';
export {
  DocumentRepository,
  DocumentNotFoundError,
  NumberingContentionError,
  type DocumentKind,
  type DocumentRef,
  type LinkType,
} from './repositories/document-repository.js';

/**
 * Creates the documents table (with its backlink index) from the model under `tableName`.
 *
 * @example
 * await createTable(client, 'blue_documents');
 */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await createTableFromModel(client, model, { tableName });
}
