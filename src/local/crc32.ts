import * as zlib from 'node:zlib';

// zlib.crc32 exists from Node 20.15; older 20.x lines get the table-driven fallback.
const nativeCrc32 = (zlib as { crc32?: (data: Buffer | string) => number }).crc32;

let table: Uint32Array | undefined;

function crc32Table(): Uint32Array {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  return table;
}

/** CRC-32 of the bytes as an unsigned integer, the value of DynamoDB's `x-amz-crc32` header. */
export function crc32(data: Buffer): number {
  if (nativeCrc32) return nativeCrc32(data) >>> 0;
  return tableCrc32(data);
}

/** CRC-32 of the text's UTF-8 bytes, without making a buffer of them where zlib can take the text. */
export function crc32OfText(text: string): number {
  if (nativeCrc32) return nativeCrc32(text) >>> 0;
  return tableCrc32(Buffer.from(text, 'utf8'));
}

function tableCrc32(data: Buffer): number {
  const t = crc32Table();
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = t[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
