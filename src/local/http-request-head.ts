/**
 * The head of an HTTP/1.1 request as the lean server reads it: only the ordinary shape
 * every DynamoDB client sends (`POST`, `Content-Length`, plain headers). Anything else
 * (chunked bodies, `Expect`, upgrades, HTTP/1.0, folded or repeated headers, other
 * methods) is `undefined`, and the connection goes to Node's HTTP server, which answers
 * those requests exactly as before.
 */
export interface RequestHead {
  readonly url: string;
  readonly contentLength: number;
  readonly target: string | undefined;
  readonly contentType: string | undefined;
  readonly authorization: string | undefined;
  /** `Connection: close`: answer, then end the connection. */
  readonly close: boolean;
}

/** Longest request head the lean server reads; longer ones go to Node's parser (and its limits). */
export const MAX_HEAD_BYTES = 16 * 1024;

// RFC 9110 token characters, for header names.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers that make a request unusual: Node's server handles them. */
const HANDED_OVER = new Set(['transfer-encoding', 'expect', 'upgrade', 'te', 'trailer']);
/** Headers of which Node keeps only the first or joins repeats: a repeat goes to Node as well. */
const SINGLE = new Set(['content-length', 'x-amz-target', 'content-type', 'authorization', 'connection', 'host']);

function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 32 || value.charCodeAt(start) === 9)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 32 || value.charCodeAt(end - 1) === 9)) end--;
  return value.slice(start, end);
}

/**
 * Parses `head` (the bytes before the blank line, decoded as latin1 as HTTP headers
 * are), or returns `undefined` when the request is not the ordinary shape.
 */
export function parseRequestHead(head: string): RequestHead | undefined {
  const lines = head.split('\r\n');
  const requestLine = lines[0];
  if (!requestLine.startsWith('POST /') || !requestLine.endsWith(' HTTP/1.1')) return undefined;
  const url = requestLine.slice(5, -9);
  // Node refuses control characters and spaces in the target with 400: let it.
  if (/[\u0000-\u0020\u007f-\u00ff]/.test(url)) return undefined;

  let contentLength: number | undefined;
  let target: string | undefined;
  let contentType: string | undefined;
  let authorization: string | undefined;
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
    // Bare CR or LF, NUL: Node rejects these heads; folded lines land here as well.
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
      case 'connection': {
        const option = value.toLowerCase();
        if (option === 'close') close = true;
        else if (option !== 'keep-alive') return undefined;
        break;
      }
    }
  }
  if (contentLength === undefined) return undefined;
  return { url, contentLength, target, contentType, authorization, close };
}
