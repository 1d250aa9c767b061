import { createTableFromModel } from '../../src/repository/create-table.js';
import { model } from './model.js';
export { model, jobStatuses } from './model.js';
export { JobRepository } from './repositories/job-repository.js';
/**
 * Creates the research-jobs table from the model (keys, GSI1, billing mode, TTL) under `tableName`.
 *
 * @example
 * await createTable(client, 'research-jobs');
 */
export async function createTable(client, tableName) {
    await createTableFromModel(client, model, { tableName });
}
//# sourceMappingURL=index.js.map