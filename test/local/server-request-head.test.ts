import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerFields, parseRequestHead, type RequestHead } from '../../src/local/server/http-request-head.js';

/**
 * The lean server's head parser against the line-splitting reference it replaced (kept
 * here verbatim): the same heads are the ordinary shape, with the same values, and every
 * other head goes to Node's HTTP server. Heads are latin1 text, as the server decodes them.
 */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HANDED_OVER = new Set(['transfer-encoding', 'expect', 'upgrade', 'te', 'trailer']);
const SINGLE = new Set(['content-length', 'x-amz-target', 'content-type', 'authorization', 'connection', 'host']);

function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 32 || value.charCodeAt(start) === 9)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 32 || value.charCodeAt(end - 1) === 9)) end--;
  return value.slice(start, end);
}

function referenceParse(head: string): RequestHead | undefined {
  const lines = head.split('\r\n');
  const requestLine = lines[0];
  if (!requestLine.startsWith('POST /') || !requestLine.endsWith(' HTTP/1.1')) return undefined;
  const url = requestLine.slice(5, -9);
  if (/[\u0000-\u0020\u007f-\u00ff]/.test(url)) return undefined;
  let contentLength: number | undefined;
  let target: string | undefined;
  let contentType: string | undefined;
  let authorization: string | undefined;
  let host: string | undefined;
  let close = false;
  const seen = new Set<string>();
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index];
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    const name = line.slice(0, colon).toLowerCase();
    if (!TOKEN.test(name) || HANDED_OVER.has(name)) return undefined;
    if (SINGLE.has(name)) {
      if (seen.has(name)) return undefined;
      seen.add(name);
    }
    const value = trimOws(line.slice(colon + 1));
    if (/[\r\n\u0000]/.test(value)) return undefined;
    switch (name) {
      case 'content-length':
        if (!/^[0-9]{1,10}$/.test(value)) return undefined;
        contentLength = Number(value);
        break;
      case 'x-amz-target':
        target = value;
        break;
      case 'content-type':
        contentType = value;
        break;
      case 'authorization':
        authorization = value;
        break;
      case 'host':
        host = value;
        break;
      case 'connection': {
        const option = value.toLowerCase();
        if (option === 'close') close = true;
        else if (option !== 'keep-alive') return undefined;
        break;
      }
    }
  }
  if (contentLength === undefined) return undefined;
  return { url, contentLength, target, contentType, authorization, host, close };
}

const SDK_HEAD = [
  'POST / HTTP/1.1',
  'content-type: application/x-amz-json-1.0',
  'x-amz-target: DynamoDB_20120810.GetItem',
  'content-length: 74',
  'x-amz-user-agent: aws-sdk-js/3.1168.0',
  'user-agent: aws-sdk-js/3.1168.0 ua/2.1 os/linux lang/js md/nodejs#20.20.2 api/dynamodb#3.1168.0 m/N,d,E,P,e',
  'host: 127.0.0.1:8000',
  'amz-sdk-invocation-id: 7521c54c-108d-46ff-b5b5-2576693d23db',
  'amz-sdk-request: attempt=1; max=1',
  'x-amz-date: 20261130T150735Z',
  'x-amz-content-sha256: ae22aead98ab87869dc378ad894e32cc46e660839c3896d50899cdb3903f2af9',
  'authorization: AWS4-HMAC-SHA256 Credential=bench/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=8b79',
  'Connection: keep-alive',
];

/** Characters that matter to the parser, and some that do not. */
const latin1Character = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'a',
      'Z',
      '-',
      '0',
      '9',
      ' ',
      '\t',
      ':',
      '/',
      '\r',
      '\n',
      '\u0000',
      '\u007f',
      '\u00c0',
      '\u00ff',
      '"',
      '(',
      'k',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code)) },
);
const latin1Text = (maxLength: number) =>
  fc.array(latin1Character, { maxLength }).map((characters) => characters.join(''));

const headerName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'content-length',
      'Content-Length',
      'CONTENT-LENGTH',
      'x-amz-target',
      'X-Amz-Target',
      'content-type',
      'Content-Type',
      'authorization',
      'Authorization',
      'connection',
      'Connection',
      'host',
      'Host',
      'transfer-encoding',
      'Transfer-Encoding',
      'expect',
      'Expect',
      'upgrade',
      'trailer',
      'TE',
      'te',
      'user-agent',
      'x-amz-date',
      'content-lengtH',
      'contentXlength',
      'content_length',
      'x-amz-targe',
      'hosts',
      'Connectio',
      'te2',
      'a',
      '',
    ),
  },
  { weight: 1, arbitrary: latin1Text(12) },
);
const headerValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '74',
      '0',
      '0123',
      '9999999999',
      '12345678901',
      '-1',
      '1.5',
      '',
      ' 7 ',
      '\t7\t',
      '1 2',
      'close',
      'Close',
      ' CLOSE ',
      'keep-alive',
      'Keep-Alive',
      'keep-alive, Upgrade',
      'upgrade',
      'keep\ralive',
      'application/x-amz-json-1.0',
      'DynamoDB_20120810.GetItem',
      'AWS4-HMAC-SHA256 Credential=x',
      'a\rb',
      'a\nb',
      'a\u0000b',
      '\u00e9t\u00e9',
    ),
  },
  { weight: 1, arbitrary: latin1Text(16) },
);
const headerLine = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(headerName, fc.constantFrom(':', ': ', ':\t', ' :'), headerValue)
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: latin1Text(20) },
);
const requestLine = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('POST / HTTP/1.1', 'POST /?X-Amz-Algorithm=AWS4 HTTP/1.1', 'POST /a/b HTTP/1.1'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'GET / HTTP/1.1',
      'POST / HTTP/1.0',
      'post / HTTP/1.1',
      'POST /  HTTP/1.1',
      'POST /a b HTTP/1.1',
      'POST /\u00e9 HTTP/1.1',
      'POST /\u007f HTTP/1.1',
      'POST HTTP/1.1',
      'POST /HTTP/1.1',
      'POST / HTTP/1.1 ',
      '',
      'POST /',
    ),
  },
  { weight: 1, arbitrary: latin1Text(20).map((url) => `POST /${url} HTTP/1.1`) },
);
const head = fc
  .tuple(requestLine, fc.array(headerLine, { maxLength: 8 }), fc.boolean())
  .map(([line, headers, withLength]) => [line, ...(withLength ? ['content-length: 74'] : []), ...headers].join('\r\n'));
/** A head with one character inserted, replaced or removed somewhere. */
const mutatedHead = fc
  .tuple(head, fc.nat(), latin1Character, fc.constantFrom('insert', 'replace', 'remove'))
  .map(([text, at, character, how]) => {
    const index = text.length === 0 ? 0 : at % text.length;
    if (how === 'insert') return text.slice(0, index) + character + text.slice(index);
    if (how === 'replace') return text.slice(0, index) + character + text.slice(index + 1);
    return text.slice(0, index) + text.slice(index + 1);
  });

describe('parseRequestHead', () => {
  it('reads the head the JavaScript SDK sends', () => {
    expect(parseRequestHead(SDK_HEAD.join('\r\n'))).toEqual({
      url: '/',
      contentLength: 74,
      target: 'DynamoDB_20120810.GetItem',
      contentType: 'application/x-amz-json-1.0',
      authorization: SDK_HEAD[11].slice('authorization: '.length),
      host: '127.0.0.1:8000',
      close: false,
    });
  });

  it('hands unusual heads to Node', () => {
    const base = 'POST / HTTP/1.1\r\ncontent-length: 2';
    expect(parseRequestHead(base)).toBeDefined();
    for (const unusual of [
      'POST / HTTP/1.0\r\ncontent-length: 2',
      'POST / HTTP/1.1\r\ntransfer-encoding: chunked',
      `${base}\r\nContent-Length: 2`,
      `${base}\r\nexpect: 100-continue`,
      `${base}\r\nconnection: upgrade`,
      `${base}\r\nx-a: b\r\n c`,
      `${base}\r\nx-a: b\rc`,
      `${base}\r\nx-a: b\u0000`,
      `${base}\r\nx a: b`,
      `${base}\r\n`,
      'POST / HTTP/1.1\r\ncontent-length: 12345678901',
      'POST / HTTP/1.1\r\nx-amz-target: DynamoDB_20120810.GetItem',
    ]) {
      expect(parseRequestHead(unusual), JSON.stringify(unusual)).toBeUndefined();
    }
  });

  it('agrees with the line-splitting reference on generated heads', () => {
    fc.assert(
      fc.property(fc.oneof(head, mutatedHead), (text) => {
        expect(parseRequestHead(text)).toEqual(referenceParse(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees with the reference on the SDK head with any one line changed', () => {
    fc.assert(
      fc.property(fc.nat(SDK_HEAD.length - 1), headerLine, (index, line) => {
        const lines = [...SDK_HEAD];
        lines[index] = index === 0 ? lines[0] : line;
        const text = lines.join('\r\n');
        expect(parseRequestHead(text)).toEqual(referenceParse(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('lists every header of an accepted head, in order, as the line-splitting reference reads them (for the signature check)', () => {
    const reference = (text: string): string[] =>
      text
        .split('\r\n')
        .slice(1)
        .flatMap((line) => [line.slice(0, line.indexOf(':')), trimOws(line.slice(line.indexOf(':') + 1))]);
    expect(headerFields(SDK_HEAD.join('\r\n'))).toEqual(reference(SDK_HEAD.join('\r\n')));
    expect(headerFields(SDK_HEAD.join('\r\n')).slice(0, 4)).toEqual([
      'content-type',
      'application/x-amz-json-1.0',
      'x-amz-target',
      'DynamoDB_20120810.GetItem',
    ]);
    fc.assert(
      fc.property(fc.oneof(head, mutatedHead), (text) => {
        if (parseRequestHead(text) === undefined) return;
        expect(headerFields(text)).toEqual(reference(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
