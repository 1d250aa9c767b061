import * as sdk from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { operationRegistry } from '../../../engine/operations/registry.js';
import { operationSchemaFrom } from '../sdk-protocol.js';
import { isItemOperation } from './direct-conversion.js';

/** Smithy's tag of an operation schema tuple (`[9, namespace, name, traits, input, output]`). */
const OPERATION_TUPLE = 9;

function operationSchemasOfSdk() {
  return Object.entries(sdk)
    .filter(([name, value]) => name.endsWith('$') && Array.isArray(value) && value[0] === OPERATION_TUPLE)
    .map(([, tuple]) => operationSchemaFrom(tuple as readonly unknown[]));
}

describe('isItemOperation: the item operations, read from the SDK schema', () => {
  // Among the operations the engine answers: others may hold attribute values too
  // (ExportTableToPointInTime), but their answer is UnknownOperationException either way.
  it('are the thirteen operations of the engine whose requests hold attribute values', () => {
    const schemas = operationSchemasOfSdk().filter((schema) => operationRegistry.has(schema.name));
    expect(schemas.length).toBe(26);
    expect(
      schemas
        .filter(isItemOperation)
        .map((schema) => schema.name)
        .sort(),
    ).toEqual(
      [
        'BatchExecuteStatement',
        'BatchGetItem',
        'BatchWriteItem',
        'DeleteItem',
        'ExecuteStatement',
        'ExecuteTransaction',
        'GetItem',
        'PutItem',
        'Query',
        'Scan',
        'TransactGetItems',
        'TransactWriteItems',
        'UpdateItem',
      ].sort(),
    );
  });
});
