import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ID_LENGTH = 52;
const IDS_PER_POOL = 256;
/** The id character for each random byte (`byte % 36`). */
const CHARACTER_OF_BYTE = Uint8Array.from({ length: 256 }, (_, byte) => ALPHABET.charCodeAt(byte % ALPHABET.length));
const poolBytes = new Uint8Array(ID_LENGTH * IDS_PER_POOL);
const poolText = Buffer.from(poolBytes.buffer, poolBytes.byteOffset, poolBytes.byteLength);
let pool = '';
let offset = 0;

/**
 * A request id shaped like DynamoDB's: 52 characters of `[A-Z0-9]`, unique in practice.
 * Ids are cut from a pooled random string built 256 ids at a time (docs/performance.md).
 */
export function newRequestId(): string {
  if (offset + ID_LENGTH > pool.length) {
    randomFillSync(poolBytes);
    for (let index = 0; index < poolBytes.length; index++) poolBytes[index] = CHARACTER_OF_BYTE[poolBytes[index]];
    pool = poolText.toString('latin1');
    offset = 0;
  }
  const id = pool.slice(offset, offset + ID_LENGTH);
  offset += ID_LENGTH;
  return id;
}
