import * as crypto from 'node:crypto';
import { CanonicalJsonWriter } from './canonical-json.js';

// One-shot hashing (Node 20.12 on) skips building a Hash object, a few µs on every SDK transaction.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, outputEncoding: 'hex') => string }).hash;

/**
 * The hash a token is remembered with: the actions only (ReturnConsumedCapacity may change
 * on a retry), written as canonical JSON by `writer` (the engine's; by default a new one).
 */
export function requestHash(transactItems: unknown, writer: CanonicalJsonWriter = new CanonicalJsonWriter()): string {
  const json = writer.write(transactItems);
  if (json === undefined) throw new TypeError('The actions have no JSON form');
  return oneShotHash ? oneShotHash('sha256', json, 'hex') : crypto.createHash('sha256').update(json).digest('hex');
}
