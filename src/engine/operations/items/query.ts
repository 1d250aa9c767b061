import { query } from '../../reads/query.js';
import { query as queryShape } from '../../validation/shapes/query-scan-operations.js';
import { defineOperation } from '../operation.js';

/**
 * Query: its request shape and its handler, the first step of the read pipeline
 * (src/engine/reads/query.ts), whose answer may hold stored rows.
 */
export const queryOperation = defineOperation({
  name: 'Query',
  shape: queryShape,
  handler: query,
  answer: 'stored-rows',
});
