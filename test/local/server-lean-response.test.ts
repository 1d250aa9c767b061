import { STATUS_CODES } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, crc32OfText } from '../../src/local/crc32.js';
import { responseHead } from '../../src/local/server/http-front-end.js';
import { toWireResponse, type WireAnswer, type WireResponse } from '../../src/local/wire-protocol.js';

/**
 * The lean server writes an answer as one string, head and body text. It must put on the
 * wire the bytes the buffer-building reference below (the server's former framing, kept
 * verbatim) wrote for `toWireResponse`'s answer, request id and date aside.
 */
function referenceBytes(response: WireResponse, date: string, close: boolean, keepAliveSeconds: number): Buffer {
  let head = `HTTP/1.1 ${response.statusCode} ${STATUS_CODES[response.statusCode] ?? 'unknown'}\r\n`;
  for (const name in response.headers) head += `${name}: ${response.headers[name]}\r\n`;
  head += `Date: ${date}\r\n`;
  head += close
    ? 'Connection: close\r\n\r\n'
    : `Connection: keep-alive\r\nKeep-Alive: timeout=${keepAliveSeconds}\r\n\r\n`;
  const headLength = Buffer.byteLength(head, 'latin1');
  const bytes = Buffer.allocUnsafe(headLength + response.body.length);
  bytes.write(head, 0, 'latin1');
  response.body.copy(bytes, headLength);
  return bytes;
}

const DATE = 'Mon, 30 Nov 2026 15:07:35 GMT';

const answer: fc.Arbitrary<WireAnswer> = fc.record({
  statusCode: fc.constantFrom(200, 400, 404, 413, 500, 599),
  contentType: fc.constantFrom(undefined, '', 'application/x-amz-json-1.0', 'application/json'),
  text: fc.oneof(
    fc.json(),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    // Lone surrogates: every encoder on the way must replace them alike.
    fc.string({ unit: 'binary', maxLength: 50 }),
  ),
});

describe("the lean server's response framing", () => {
  it('writes the bytes of the buffer-building reference', () => {
    fc.assert(
      fc.property(answer, fc.boolean(), (reply, close) => {
        const response = toWireResponse(reply);
        const requestId = response.headers['x-amzn-RequestId'];
        const connection = close
          ? 'Connection: close\r\n\r\n'
          : 'Connection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n';
        const written = Buffer.from(responseHead(reply, requestId, DATE, connection) + reply.text, 'utf8');
        expect(written.equals(referenceBytes(response, DATE, close, 60))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('sums the text as the bytes it is written as', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(crc32OfText(text)).toBe(crc32(Buffer.from(text, 'utf8')));
      }),
    );
  });
});
