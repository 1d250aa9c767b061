/**
 * The head of an HTTP/1.1 request as the lean server reads it: only the ordinary shape
 * every DynamoDB client sends (`POST`, `Content-Length`, plain headers). Anything else
 * (chunked bodies, compressed bodies or answers, `Expect`, upgrades, HTTP/1.0, folded or repeated headers, other
 * methods) is `undefined`, and the connection goes to Node's HTTP server, which answers
 * those requests exactly as before.
 */
export interface RequestHead {
  readonly url: string;
  readonly contentLength: number;
  readonly target: string | undefined;
  readonly contentType: string | undefined;
  readonly authorization: string | undefined;
  readonly host: string | undefined;
  /** `Connection: close`: answer, then end the connection. */
  readonly close: boolean;
}

/** Longest request head the lean server reads; longer ones go to Node's parser (and its limits). */
export const MAX_HEAD_BYTES = 16 * 1024;

const REQUEST_LINE_START = 'POST /';
const REQUEST_LINE_END = ' HTTP/1.1';
const SPACE = 32;
const TAB = 9;
const CR = 13;
const COLON = 58;
const ZERO = 48;
const NINE = 57;
/** Sets a character's lowercase bit: an ASCII letter compares case-insensitively with it. */
const LOWERCASE_BIT = 0x20;

/** RFC 9110 token characters, for header names, by character code. */
const TOKEN_CHARACTERS = new Uint8Array(128);
for (const character of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  TOKEN_CHARACTERS[character.charCodeAt(0)] = 1;
}

/**
 * The headers the parser tells apart, as bits (to spot repeats); every other name is only
 * checked to be a token.
 */
const Header = {
  Other: 0,
  ContentLength: 1,
  Target: 2,
  ContentType: 4,
  Authorization: 8,
  Connection: 16,
  Host: 32,
  /** Makes a request unusual: Node's server handles it. */
  HandedOver: 64,
} as const;
type Header = (typeof Header)[keyof typeof Header];

/** The headers kept as their text, by the `RequestHead` field each fills. */
type TextField = 'target' | 'contentType' | 'authorization' | 'host';
const TEXT_FIELD: Readonly<Partial<Record<Header, TextField>>> = {
  [Header.Target]: 'target',
  [Header.ContentType]: 'contentType',
  [Header.Authorization]: 'authorization',
  [Header.Host]: 'host',
};

/** Whether `head[start..]` is `lowerName` in any letter case; `lowerName` is lowercase letters and `-`. */
function nameIs(head: string, start: number, lowerName: string): boolean {
  // Header names are checked to be tokens first: `| 0x20` maps only `X`/`x` to `x`, and
  // `-` only to itself among token characters.
  for (let index = 0; index < lowerName.length; index++) {
    if ((head.charCodeAt(start + index) | LOWERCASE_BIT) !== lowerName.charCodeAt(index)) return false;
  }
  return true;
}

/** Which header the token `head[start..end)` names (by length first, then by its letters, case-insensitively). */
function headerOf(head: string, start: number, end: number): Header {
  switch (end - start) {
    case 14:
      return nameIs(head, start, 'content-length') ? Header.ContentLength : Header.Other;
    case 12:
      if (nameIs(head, start, 'x-amz-target')) return Header.Target;
      return nameIs(head, start, 'content-type') ? Header.ContentType : Header.Other;
    case 13:
      return nameIs(head, start, 'authorization') ? Header.Authorization : Header.Other;
    case 10:
      return nameIs(head, start, 'connection') ? Header.Connection : Header.Other;
    case 4:
      return nameIs(head, start, 'host') ? Header.Host : Header.Other;
    case 17:
      return nameIs(head, start, 'transfer-encoding') ? Header.HandedOver : Header.Other;
    // A compressed body, or a client that takes a compressed answer: Node's server decodes
    // and encodes them (see serve-engine.ts).
    case 16:
      return nameIs(head, start, 'content-encoding') ? Header.HandedOver : Header.Other;
    case 15:
      return nameIs(head, start, 'accept-encoding') ? Header.HandedOver : Header.Other;
    case 7:
      return nameIs(head, start, 'upgrade') || nameIs(head, start, 'trailer') ? Header.HandedOver : Header.Other;
    case 6:
      return nameIs(head, start, 'expect') ? Header.HandedOver : Header.Other;
    case 2:
      return nameIs(head, start, 'te') ? Header.HandedOver : Header.Other;
    default:
      return Header.Other;
  }
}

/**
 * Parses `head` (the bytes before the blank line, decoded as latin1 as HTTP headers
 * are), or returns `undefined` when the request is not the ordinary shape.
 *
 * One pass over the text (docs/performance.md says why);
 * `test/local/server-request-head.test.ts` holds it to the line-splitting reference on
 * generated heads.
 */
export function parseRequestHead(head: string): RequestHead | undefined {
  // NUL anywhere: Node rejects the head (in a name, a value or the target).
  if (head.indexOf('\u0000') !== -1) return undefined;
  const requestLineEnd = lineEndFrom(head, 0);
  if (
    requestLineEnd < REQUEST_LINE_START.length + REQUEST_LINE_END.length ||
    !head.startsWith(REQUEST_LINE_START) ||
    !head.startsWith(REQUEST_LINE_END, requestLineEnd - REQUEST_LINE_END.length)
  ) {
    return undefined;
  }
  const urlStart = REQUEST_LINE_START.length - 1;
  const urlEnd = requestLineEnd - REQUEST_LINE_END.length;
  // Node refuses control characters and spaces in the target with 400: let it.
  for (let index = urlStart; index < urlEnd; index++) {
    const code = head.charCodeAt(index);
    if (code <= SPACE || (code >= 0x7f && code <= 0xff)) return undefined;
  }

  let contentLength: number | undefined;
  const text: { [field in TextField]: string | undefined } = {
    target: undefined,
    contentType: undefined,
    authorization: undefined,
    host: undefined,
  };
  let close = false;
  let seen = 0;
  let lineEnd = requestLineEnd;
  while (lineEnd < head.length) {
    const lineStart = lineEnd + 2;
    // The name: token characters up to the line's first colon (past the end, `code` is NaN).
    let colon = lineStart;
    let code = head.charCodeAt(colon);
    while (code < 128 && TOKEN_CHARACTERS[code] === 1) code = head.charCodeAt(++colon);
    if (colon === lineStart || code !== COLON) return undefined;
    // Bare CR or LF: Node rejects these heads; folded lines land here as well.
    const lineFeed = head.indexOf('\n', colon);
    if (lineFeed === -1) lineEnd = head.length;
    else if (head.charCodeAt(lineFeed - 1) === CR) lineEnd = lineFeed - 1;
    else return undefined;
    const carriageReturn = head.indexOf('\r', colon);
    if (carriageReturn !== -1 && carriageReturn < lineEnd) return undefined;
    const header = headerOf(head, lineStart, colon);
    if (header === Header.HandedOver) return undefined;
    if (header !== Header.Other) {
      // Node keeps only the first of these or joins repeats: a repeat goes to Node as well.
      if ((seen & header) !== 0) return undefined;
      seen |= header;
    }
    let valueStart = colon + 1;
    let valueEnd = lineEnd;
    while (valueStart < valueEnd && isOptionalWhitespace(head.charCodeAt(valueStart))) valueStart++;
    while (valueEnd > valueStart && isOptionalWhitespace(head.charCodeAt(valueEnd - 1))) valueEnd--;
    switch (header) {
      case Header.Other:
        break;
      case Header.ContentLength:
        contentLength = digitsValue(head, valueStart, valueEnd);
        if (contentLength === undefined) return undefined;
        break;
      case Header.Connection:
        if (valueEnd - valueStart === 5 && nameIs(head, valueStart, 'close')) close = true;
        else if (valueEnd - valueStart !== 10 || !nameIs(head, valueStart, 'keep-alive')) return undefined;
        break;
      default:
        text[TEXT_FIELD[header]!] = head.slice(valueStart, valueEnd);
    }
  }
  if (contentLength === undefined) return undefined;
  const { target, contentType, authorization, host } = text;
  return { url: head.slice(urlStart, urlEnd), contentLength, target, contentType, authorization, host, close };
}

/**
 * Every header of a head `parseRequestHead` accepted, as names and values alternating in
 * the order sent (the shape of Node's `rawHeaders`), values without surrounding whitespace.
 * Only what a signature check needs; the lean path itself reads just the fields above.
 */
export function headerFields(head: string): string[] {
  const fields: string[] = [];
  let lineEnd = lineEndFrom(head, 0);
  while (lineEnd < head.length) {
    const lineStart = lineEnd + 2;
    lineEnd = lineEndFrom(head, lineStart);
    const colon = head.indexOf(':', lineStart);
    fields.push(head.slice(lineStart, colon), head.slice(colon + 1, lineEnd).replace(/^[ \t]+|[ \t]+$/g, ''));
  }
  return fields;
}

/** Where the line starting at `start` ends: the next CRLF, or the end of the head. */
function lineEndFrom(head: string, start: number): number {
  const end = head.indexOf('\r\n', start);
  return end === -1 ? head.length : end;
}

function isOptionalWhitespace(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** The value of 1 to 10 decimal digits, or `undefined` for anything else. */
function digitsValue(head: string, start: number, end: number): number | undefined {
  if (end <= start || end - start > 10) return undefined;
  let value = 0;
  for (let index = start; index < end; index++) {
    const code = head.charCodeAt(index);
    if (code < ZERO || code > NINE) return undefined;
    value = value * 10 + (code - ZERO);
  }
  return value;
}
