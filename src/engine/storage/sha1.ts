/*
 * SHA-1 (FIPS 180-4) in JavaScript, for the short inputs of key-hash.ts: a salt and a key
 * value, usually one 64-byte block. Node's `crypto.hash` costs about 2 µs per call for such
 * an input (most of it OpenSSL's setup of a digest, not hashing), this about a fifth of
 * that, and every write hashes two to five key values (docs/performance.md, per-test
 * isolation). The bits are part of the file format: sha1.test.ts compares every result
 * with node:crypto's.
 */

const words = new Int32Array(80);
const digest = new Int32Array(5);
let scratch = Buffer.allocUnsafeSlow(1024);

/**
 * The buffer the next message is written into, at least `length` bytes (plus the padding's
 * room), reused by every call: write the message at its start, then hash its first bytes.
 */
export function sha1Scratch(length: number): Buffer {
  const needed = length + 72;
  if (scratch.length < needed) scratch = Buffer.allocUnsafeSlow(Math.max(needed, scratch.length * 2));
  return scratch;
}

/** SHA-1 of the scratch buffer's first `length` bytes, as a new 20-byte Buffer. */
export function sha1OfScratch(length: number): Buffer {
  hashScratch(length);
  const out = Buffer.allocUnsafe(20);
  out.writeInt32BE(digest[0], 0);
  out.writeInt32BE(digest[1], 4);
  out.writeInt32BE(digest[2], 8);
  out.writeInt32BE(digest[3], 12);
  out.writeInt32BE(digest[4], 16);
  return out;
}

/** The first 32 bits of the SHA-1 of the scratch buffer's first `length` bytes, unsigned. */
export function sha1PrefixOfScratch(length: number): number {
  hashScratch(length);
  return digest[0] >>> 0;
}

function hashScratch(length: number): void {
  // Room for the 0x80 marker and the 64-bit length: whole blocks of 64 bytes.
  const blocks = ((length + 8) >>> 6) + 1;
  const padded = blocks * 64;
  const bytes = scratch;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, padded - 8);
  const bits = length * 8;
  const high = Math.floor(bits / 0x1_0000_0000);
  bytes[padded - 8] = high >>> 24;
  bytes[padded - 7] = high >>> 16;
  bytes[padded - 6] = high >>> 8;
  bytes[padded - 5] = high;
  bytes[padded - 4] = bits >>> 24;
  bytes[padded - 3] = bits >>> 16;
  bytes[padded - 2] = bits >>> 8;
  bytes[padded - 1] = bits;

  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  const w = words;
  for (let offset = 0; offset < padded; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const at = offset + i * 4;
      w[i] = (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
    }
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16];
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let i = 0; i < 20; i++) {
      const t = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + 0x5a827999 + w[i]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    for (let i = 20; i < 40; i++) {
      const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w[i]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    for (let i = 40; i < 60; i++) {
      const t = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + (0x8f1bbcdc | 0) + w[i]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    for (let i = 60; i < 80; i++) {
      const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + (0xca62c1d6 | 0) + w[i]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  digest[0] = h0;
  digest[1] = h1;
  digest[2] = h2;
  digest[3] = h3;
  digest[4] = h4;
}
