import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ID_LENGTH = 52;
const IDS_PER_POOL = 256;
let pool = '';
let offset = 0;

/**
 * A request id shaped like DynamoDB's: 52 characters of `[A-Z0-9]`. Ids are cut from a
 * pooled random string, built 256 ids at a time: one `randomBytes` call, or one string
 * built character by character, per request shows up in profiles.
 */
export function newRequestId(): string {
  if (offset + ID_LENGTH > pool.length) {
    const bytes = randomBytes(ID_LENGTH * IDS_PER_POOL);
    for (let i = 0; i < bytes.length; i++) bytes[i] = ALPHABET.charCodeAt(bytes[i] % 36);
    pool = bytes.toString('latin1');
    offset = 0;
  }
  const id = pool.slice(offset, offset + ID_LENGTH);
  offset += ID_LENGTH;
  return id;
}
