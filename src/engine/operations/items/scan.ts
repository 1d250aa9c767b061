import { scan } from '../../reads/scan.js';
import { scan as scanShape } from '../../validation/shapes/query-scan-operations.js';
import { defineOperation } from '../operation.js';

/**
 * Scan: its request shape and its handler, the first step of the read pipeline
 * (src/engine/reads/scan.ts), whose answer may hold stored rows.
 */
export const scanOperation = defineOperation({ name: 'Scan', shape: scanShape, handler: scan, answer: 'stored-rows' });
