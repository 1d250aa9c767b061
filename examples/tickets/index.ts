import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableFromModel } from '../../src/repository/create-table.js';
import { model } from './model.js';

export { model, ticketStatuses, type TicketStatus } from './model.js';
export {
  TicketRepository,
  type Comment,
  type Notification,
  type Page,
  type Project,
  type Ticket,
  type TicketRepositoryOptions,
} from './repositories/ticket-repository.js';

/**
 * Creates the tickets table from the model (keys, GSI1, GSI2, billing mode, TTL) under `tableName`.
 *
 * @example
 * await createTable(client, 'tickets');
 */
export async function createTable(client: DynamoDBClient, tableName = model.table.name): Promise<void> {
  await createTableFromModel(client, model, { tableName });
}
