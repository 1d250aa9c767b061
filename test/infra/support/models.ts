import { z } from 'zod';
import { defineEntity, defineModel, defineTable, type ModelDefinition } from '../../../src/model/index.js';
import { model as researchJobs } from '../../../examples/research-jobs/model.js';
import { ticketModel } from '../../repository/fixtures/ticket-model.js';

const provisionedTable = defineTable({
  name: 'inventory.v2',
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: {
    byOwner: { partitionKey: 'ownerKey', projection: { type: 'KEYS_ONLY' } },
    bySku: { partitionKey: 'skuKey', sortKey: 'SK', projection: { type: 'INCLUDE', attributes: ['name', 'price'] } },
  },
  billingMode: { mode: 'PROVISIONED', readCapacityUnits: 3, writeCapacityUnits: 7 },
  pointInTimeRecovery: false,
  stream: {
    viewType: 'KEYS_ONLY',
    handlers: {
      // Every setting away from its default.
      audit: {
        entry: 'test/infra/support/audit-handler.ts',
        handler: 'audit',
        batchSize: 10,
        startingPosition: 'LATEST',
        maximumBatchingWindowInSeconds: 5,
        bisectBatchOnFunctionError: true,
        maximumRetryAttempts: 3,
        maximumRecordAgeInSeconds: 3600,
        parallelizationFactor: 2,
        functionResponseTypes: ['ReportBatchItemFailures'],
        filterCriteria: { Filters: [{ Pattern: '{"eventName":["REMOVE"]}' }, { Pattern: '{"eventName":["INSERT"]}' }] },
        memorySize: 512,
        timeoutSeconds: 60,
      },
    },
  },
});
const part = defineEntity(provisionedTable, {
  name: 'part',
  attributes: { id: z.string(), owner: z.string(), sku: z.string(), name: z.string(), price: z.number() },
  key: { pk: 'PART#{id}', sk: 'META' },
  indexes: { byOwner: { pk: 'OWNER#{owner}' }, bySku: { pk: 'SKU#{sku}', sk: 'META' } },
});
const provisioned = defineModel({
  table: provisionedTable,
  entities: [part],
  accessPatterns: {
    getPart: { description: 'Get part', entities: ['part'], key: { pk: 'PART#{id}', sk: { equals: 'META' } } },
  },
});

const bareTable = defineTable({ name: 'bare' });
const note = defineEntity(bareTable, {
  name: 'note',
  attributes: { id: z.string() },
  key: { pk: 'NOTE#{id}', sk: 'NOTE' },
});
const bare = defineModel({
  table: bareTable,
  entities: [note],
  accessPatterns: {
    getNote: { description: 'Get note', entities: ['note'], key: { pk: 'NOTE#{id}', sk: { equals: 'NOTE' } } },
  },
});

/** Models covering the shapes infrastructure must express. */
export const models: Record<string, ModelDefinition> = {
  "research jobs (the guide's shape, a NEW_AND_OLD_IMAGES stream and its counters handler)": researchJobs,
  'provisioned, custom key names, KEYS_ONLY and INCLUDE projections, no PITR, a KEYS_ONLY stream with every handler setting':
    provisioned,
  'no index, no TTL': bare,
  'multi-attribute GSI keys (2 + 2, N sort attribute) beside a template index': ticketModel(),
};

/** True when a model has an index with more than one partition or sort attribute (DynamoDB Local 3.3+ only). */
export function hasMultiAttributeKeys(model: ModelDefinition): boolean {
  return Object.values(model.table.indexes).some(
    (index) => Array.isArray(index.partitionKey) && (index.partitionKey.length > 1 || (index.sortKey ?? []).length > 1),
  );
}
