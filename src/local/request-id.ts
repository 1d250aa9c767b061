import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ID_LENGTH = 52;
const IDS_PER_POOL = 256;
/**
 * The first pool is small: it is built by code V8 has not compiled yet, where filling 256 ids
 * took a millisecond of a server's start (docs/performance.md, "Starting the command line",
 * bench section h). Later pools are full size.
 */
const IDS_IN_FIRST_POOL = 8;
/** The id character for each random byte (`byte % 36`). */
const CHARACTER_OF_BYTE = Uint8Array.from({ length: 256 }, (_, byte) => ALPHABET.charCodeAt(byte % ALPHABET.length));
const poolBytes = new Uint8Array(ID_LENGTH * IDS_PER_POOL);
let poolFill = poolBytes.subarray(0, ID_LENGTH * IDS_IN_FIRST_POOL);
let pool = '';
let offset = 0;

/**
 * A request id shaped like DynamoDB's: 52 characters of `[A-Z0-9]`, unique in practice.
 * Ids are cut from a pooled random string built 256 ids at a time (docs/performance.md).
 */
export function newRequestId(): string {
  if (offset + ID_LENGTH > pool.length) {
    randomFillSync(poolFill);
    for (let index = 0; index < poolFill.length; index++) poolFill[index] = CHARACTER_OF_BYTE[poolFill[index]];
    pool = Buffer.from(poolFill.buffer, poolFill.byteOffset, poolFill.byteLength).toString('latin1');
    offset = 0;
    poolFill = poolBytes;
  }
  const id = pool.slice(offset, offset + ID_LENGTH);
  offset += ID_LENGTH;
  return id;
}
