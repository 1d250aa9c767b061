import { validationError } from '../../errors.js';
import type { Item } from '../../values/attribute-value.js';

/** A SELECT page's continuation: the LastEvaluatedKey of the Query or Scan it ran, opaque to the caller. */
export function nextTokenOf(lastEvaluatedKey: Item): string {
  return Buffer.from(JSON.stringify({ v: 1, k: lastEvaluatedKey })).toString('base64');
}

/** The ExclusiveStartKey a NextToken stands for; `Invalid NextToken` for anything this engine did not issue. */
export function exclusiveStartKeyOf(nextToken: string): Item {
  try {
    const decoded = JSON.parse(Buffer.from(nextToken, 'base64').toString('utf8')) as { v?: unknown; k?: unknown };
    if (decoded.v === 1 && decoded.k !== null && typeof decoded.k === 'object' && !Array.isArray(decoded.k)) return decoded.k as Item;
  } catch {
    /* answered below */
  }
  throw validationError('Invalid NextToken');
}
