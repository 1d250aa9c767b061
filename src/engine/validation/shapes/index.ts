import { operationRegistry } from '../../operations/index.js';
import type { StructureShape } from '../shape.js';

/** The request shape of every operation the engine answers, by `X-Amz-Target` name (from the operation registry). */
export const requestShapes: Readonly<Record<string, StructureShape>> = Object.fromEntries(
  Object.entries(operationRegistry).flatMap(([operation, spec]) =>
    spec.shape === undefined ? [] : [[operation, spec.shape]],
  ),
);
