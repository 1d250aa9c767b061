import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableFromModel } from '../../src/repository/create-table.js';
import { model } from './model.js';

export { model, dialogueStatuses, perspectiveStatuses, tensionStatuses, tensionEventTypes } from './model.js';
export {
  DialogueRepository,
  DialogueNotOpenError,
  ContentionError,
  type DialogueDb,
} from './repositories/dialogue-repository.js';

/**
 * Creates the dialogue table from the model under `tableName`.
 *
 * @example
 * await createTable(client, 'blue_dialogue');
 */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await createTableFromModel(client, model, { tableName });
}
