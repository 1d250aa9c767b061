import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A request id shaped like DynamoDB's: 52 characters of `[A-Z0-9]`. Bytes come from a
 * pooled random buffer because one `randomBytes` call per request shows up in profiles.
 */
export function newRequestId(): string {
  if (offset + 52 > pool.length) {
    pool = randomBytes(52 * 256);
    offset = 0;
  }
  let id = '';
  for (let i = 0; i < 52; i++) id += ALPHABET[pool[offset + i] % 36];
  offset += 52;
  return id;
}
