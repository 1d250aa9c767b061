import { deleteTable as deleteTableShape } from '../../validation/shapes/table-operations.js';
import { tableNotFound, validationError } from '../../errors.js';
import { defineOperation, type OperationHandler } from '../operation.js';
import { renderDescription, storedDescription } from './table-description.js';

/** DeleteTable: drops the table and its indexes; answers the description as it was (DELETING). */
export const deleteTable: OperationHandler = (context, input: { TableName: string }) => {
  const storage = context.storage;
  return storage.writeTransaction(() => {
    const definition = storage.getTable(input.TableName);
    if (!definition) throw tableNotFound(input.TableName);
    if (storedDescription(definition).DeletionProtectionEnabled) {
      throw validationError(
        'Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.',
      );
    }
    const description = renderDescription(context, definition, { tableStatus: 'DELETING' });
    storage.deleteTable(input.TableName);
    return { TableDescription: description };
  });
};

/** DeleteTable: its request shape and its handler (operations/registry.ts lists every definition). */
export const deleteTableOperation = defineOperation({
  name: 'DeleteTable',
  shape: deleteTableShape,
  handler: deleteTable,
});
