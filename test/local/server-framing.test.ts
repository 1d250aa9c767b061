import { connect, type AddressInfo, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFrontEnd, type HttpFrontEnd } from '../../src/local/server/http-front-end.js';

/**
 * How the HTTP front end cuts requests out of what the socket delivers: whole requests in
 * one chunk, several in one chunk, one over many chunks, cut anywhere (even inside a
 * multi-byte character), each answered once and in order.
 */
let lean: HttpFrontEnd;
let port: number;
beforeAll(async () => {
  lean = createHttpFrontEnd({
    keepAliveTimeoutMs: 60_000,
    answer: ({ url, body }) => ({
      statusCode: 200,
      contentType: 'application/json',
      text: JSON.stringify({ url, body }),
    }),
  });
  await new Promise<void>((resolve) => lean.server.listen(0, '127.0.0.1', resolve));
  port = (lean.server.address() as AddressInfo).port;
});
afterAll(() => lean.close(100));

function request(url: string, body: string): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  return Buffer.concat([
    Buffer.from(`POST ${url} HTTP/1.1\r\nhost: x\r\ncontent-length: ${bytes.length}\r\n\r\n`, 'latin1'),
    bytes,
  ]);
}

/** Sends `pieces` one write (and one event-loop turn) apart; resolves with the bodies of `count` answers. */
async function exchange(pieces: Buffer[], count: number): Promise<unknown[]> {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let received = Buffer.alloc(0);
  const answers: unknown[] = [];
  const done = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/Content-Length: (\d+)/.exec(received.toString('latin1', 0, headEnd))?.[1]);
        if (received.length < headEnd + 4 + length) return;
        answers.push(JSON.parse(received.toString('utf8', headEnd + 4, headEnd + 4 + length)));
        received = received.subarray(headEnd + 4 + length);
        if (answers.length === count) resolve();
      }
    });
  });
  for (const piece of pieces) {
    socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await done;
  socket.destroy();
  return answers;
}

describe('HTTP front end framing', () => {
  it('answers pipelined requests in one chunk, in order', async () => {
    const bytes = Buffer.concat([request('/a', '{"n":1}'), request('/b', ''), request('/c', '{"n":"é"}')]);
    expect(await exchange([bytes], 3)).toEqual([
      { url: '/a', body: '{"n":1}' },
      { url: '/b', body: '' },
      { url: '/c', body: '{"n":"é"}' },
    ]);
  });

  it('reads a large body arriving in many chunks', async () => {
    const body = JSON.stringify({ data: 'ü'.repeat(600_000) });
    const bytes = request('/', body);
    const pieces: Buffer[] = [];
    for (let offset = 0; offset < bytes.length; offset += 100_000)
      pieces.push(bytes.subarray(offset, offset + 100_000));
    expect(await exchange(pieces, 1)).toEqual([{ url: '/', body }]);
  });

  it('answers the same however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (bodies, cuts) => {
          const bytes = Buffer.concat(bodies.map((body, index) => request(`/${index}`, body)));
          const offsets = [...new Set(cuts.map((cut) => cut % bytes.length))].sort((a, b) => a - b);
          const pieces = [0, ...offsets].map((start, index, all) =>
            bytes.subarray(start, all[index + 1] ?? bytes.length),
          );
          const answers = await exchange(
            pieces.filter((piece) => piece.length > 0),
            bodies.length,
          );
          expect(answers).toEqual(bodies.map((body, index) => ({ url: `/${index}`, body })));
        },
      ),
      { numRuns: 60 },
    );
  });
});
