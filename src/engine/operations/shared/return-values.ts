import { validationError } from '../../errors.js';
import { projectItem, type DocumentPath } from '../../expressions/index.js';
import type { Item } from '../../values/attribute-value.js';

export type ReturnValuesMode = 'NONE' | 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';

/**
 * PutItem and DeleteItem only know the old item, so they only accept `NONE` and
 * `ALL_OLD` (an unknown value never gets here: the request shape rejects it).
 */
export function checkReturnValuesOldOnly(mode: string | undefined): void {
  if (mode !== undefined && mode !== 'NONE' && mode !== 'ALL_OLD') {
    throw validationError('ReturnValues can only be ALL_OLD or NONE');
  }
}

/**
 * The `Attributes` member of an UpdateItem answer: whole items for `ALL_*`, only the
 * updated paths (still nested) for `UPDATED_*`. `undefined` when there is nothing to return.
 */
export function updateReturnAttributes(
  mode: string | undefined,
  before: Item | undefined,
  after: Item | undefined,
  updatedPaths: readonly DocumentPath[],
): Item | undefined {
  let attributes: Item | undefined;
  switch (mode) {
    case 'ALL_OLD':
      attributes = before;
      break;
    case 'ALL_NEW':
      attributes = after;
      break;
    case 'UPDATED_OLD':
      attributes = before && projectItem(before, [...updatedPaths]);
      break;
    case 'UPDATED_NEW':
      attributes = after && projectItem(after, [...updatedPaths]);
      break;
    default:
      return undefined;
  }
  return attributes && Object.keys(attributes).length > 0 ? attributes : undefined;
}
