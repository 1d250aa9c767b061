import {
  batchGetItem,
  batchWriteItem,
  deleteItem,
  getItem,
  putItem,
  transactGetItems,
  transactWriteItems,
  updateItem,
  type Request,
} from './item-requests.js';
import { Random } from './random.js';
import { query, scan, type Step } from './read-requests.js';
import { createTableRequest, randomTable, type TableModel } from './table-model.js';

/** A seed's whole run: one random table and the operations sent to it, in order. */
export interface Scenario {
  readonly seed: number;
  readonly table: TableModel;
  readonly steps: readonly Step[];
}

type Generator = (random: Random, table: TableModel) => Request | Step;

const OPERATIONS: readonly (readonly [number, Generator])[] = [
  [6, putItem],
  [5, updateItem],
  [2, deleteItem],
  [3, getItem],
  [4, query],
  [2, scan],
  [2, batchWriteItem],
  [2, batchGetItem],
  [2, transactWriteItems],
  [1, transactGetItems],
];

/** Writes only, so the table has items before reads start. */
const FILL: readonly (readonly [number, Generator])[] = [
  [3, putItem],
  [1, batchWriteItem],
];

/**
 * The scenario of a seed. It depends on the seed alone (never on answers), so a seed
 * replays exactly. `tableName` must be unique on the DynamoDB Local it runs against.
 */
export function generateScenario(seed: number, stepCount: number, tableName: string): Scenario {
  const random = new Random(seed);
  const table = randomTable(random, tableName);
  const steps: Step[] = [{ op: 'CreateTable', request: createTableRequest(table) }];
  for (let i = 0; i < stepCount; i++) {
    steps.push(random.weighted(i < 6 ? FILL : OPERATIONS)(random, table));
  }
  // A final full scan of the table and of each index compares the end states.
  steps.push({ op: 'Scan', request: { TableName: table.name }, mode: 'scan' });
  for (const index of table.indexes) {
    steps.push({ op: 'Scan', request: { TableName: table.name, IndexName: index.name }, mode: 'scan' });
  }
  steps.push({ op: 'DescribeTable', request: { TableName: table.name } });
  return { seed, table, steps };
}
