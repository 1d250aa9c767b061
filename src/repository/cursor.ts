import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidCursorError } from './errors.js';

/**
 * Opaque pagination cursors: `base64url(JSON state)` + `.` + a truncated HMAC-SHA256 of the state
 * and of the listing it belongs to. A cursor that was edited is reported as tampered; one replayed
 * against another pattern, other parameters or another table as belonging to another listing.
 * With the default secret the MAC only detects accidents; pass `cursorSecret` to make cursors
 * unforgeable by clients.
 */
const VERSION = 'c1';

export interface CursorCodec {
  encode(listing: string, state: unknown): string;
  decode(listing: string, cursor: string): unknown;
}

/**
 * @example
 * const cursors = createCursorCodec('secret');
 * const cursor = cursors.encode('listJobsByStatus {"status":"running"}', lastEvaluatedKey);
 * cursors.decode('listJobsByStatus {"status":"running"}', cursor); // lastEvaluatedKey
 */
export function createCursorCodec(secret: string): CursorCodec {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest().subarray(0, 16);
  const listingTag = (listing: string) => createHash('sha256').update(listing).digest('base64url').slice(0, 11);
  return {
    encode(listing, state) {
      const payload = Buffer.from(JSON.stringify({ l: listingTag(listing), s: state }, encodeBinary), 'utf8').toString(
        'base64url',
      );
      return `${VERSION}.${payload}.${mac(payload).toString('base64url')}`;
    },
    decode(listing, cursor) {
      if (typeof cursor !== 'string') throw new InvalidCursorError('malformed');
      const [version, payload, signature, ...rest] = cursor.split('.');
      if (version !== VERSION || !payload || !signature || rest.length > 0) throw new InvalidCursorError('malformed');
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      // Node's base64url decoder skips characters outside the alphabet and ignores unused bits, so
      // an edited signature can decode to the same bytes: only the canonical spelling is accepted.
      const canonical =
        given.toString('base64url') === signature &&
        Buffer.from(payload, 'base64url').toString('base64url') === payload;
      if (!canonical || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new InvalidCursorError('tampered');
      let decoded: { l?: unknown; s?: unknown };
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'), decodeBinary) as {
          l?: unknown;
          s?: unknown;
        };
      } catch {
        throw new InvalidCursorError('malformed');
      }
      if (decoded.l !== listingTag(listing)) throw new InvalidCursorError('other-listing');
      return decoded.s;
    },
  };
}

/**
 * Key values JSON cannot hold survive as tagged objects: binary ones (B attributes of an
 * attribute-keyed index) as `{ "~b": base64 }`, numbers the DocumentClient reads as bigints
 * (beyond `Number.MAX_SAFE_INTEGER`) as `{ "~n": digits }`.
 */
function encodeBinary(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (raw instanceof Uint8Array) return { '~b': Buffer.from(raw).toString('base64') };
  return typeof raw === 'bigint' ? { '~n': raw.toString() } : value;
}

function decodeBinary(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length !== 1) return value;
    const { '~b': binary, '~n': digits } = value as { '~b'?: unknown; '~n'?: unknown };
    if (typeof binary === 'string') return new Uint8Array(Buffer.from(binary, 'base64'));
    if (typeof digits === 'string' && /^-?\d+$/.test(digits)) return BigInt(digits);
  }
  return value;
}
