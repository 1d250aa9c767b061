import { validationError } from '../../errors.js';
import type { Item } from '../../values/attribute-value.js';

/** Where a SELECT continues: which of its reads (decomposed reads run in order) and after which key. */
export interface Continuation {
  readonly read: number;
  readonly exclusiveStartKey: Item | undefined;
}

/** A SELECT page's continuation, opaque to the caller. */
export function nextTokenOf(continuation: Continuation): string {
  return Buffer.from(
    JSON.stringify({ v: 1, q: continuation.read, k: continuation.exclusiveStartKey ?? null }),
  ).toString('base64');
}

/** The continuation a NextToken stands for; `Invalid NextToken` for anything this engine did not issue. */
export function continuationOf(nextToken: string): Continuation {
  try {
    const decoded = JSON.parse(Buffer.from(nextToken, 'base64').toString('utf8')) as {
      v?: unknown;
      q?: unknown;
      k?: unknown;
    };
    const key = decoded.k;
    const keyValid = key === null || (typeof key === 'object' && !Array.isArray(key));
    if (decoded.v === 1 && Number.isInteger(decoded.q) && (decoded.q as number) >= 0 && keyValid) {
      return { read: decoded.q as number, exclusiveStartKey: (key ?? undefined) as Item | undefined };
    }
  } catch {
    /* answered below */
  }
  throw validationError('Invalid NextToken');
}
