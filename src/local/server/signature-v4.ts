import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4 checked as the DynamoDB service checks it, for `serve` with
 * `--require-signature`: the canonical request of the SigV4 specification (method, path,
 * query, the signed headers, the payload's SHA-256), its string to sign, and the signing key
 * derived from the secret of the request's access key.
 *
 * What is answered, in the order it is checked (HTTP 400 each, `com.amazon.coral.service#…`):
 * - an `Authorization` header without `Credential`, `SignedHeaders` or `Signature`, or a
 *   request without `X-Amz-Date` or `Date`: `IncompleteSignatureException`;
 * - an access key that is not configured: `UnrecognizedClientException`, "The security
 *   token included in the request is invalid.";
 * - a credential scope for another date, region or service: `InvalidSignatureException`;
 * - a signing time more than 5 minutes from the server's clock: `InvalidSignatureException`,
 *   "Signature expired: … is now earlier than …" or "Signature not yet current: … is still
 *   later than …";
 * - a signature that differs: `InvalidSignatureException`, "The request signature we
 *   calculated does not match the signature you provided. …".
 *
 * Not checked: session tokens (`X-Amz-Security-Token` is signed like any header, but no
 * token is looked up), and query-string (presigned) authentication, which is refused.
 */

/** The parts of a request its signature covers, as they came off the wire. */
export interface SignedRequest {
  readonly method: string;
  /** The request target as sent: path and query string. */
  readonly url: string;
  /** Header names and values, alternating, in the order received (Node's `rawHeaders` shape). */
  readonly rawHeaders: readonly string[];
  /** The body's bytes as sent (before any `Content-Encoding` is undone). */
  readonly body: Buffer;
}

export type SignatureErrorType =
  | 'IncompleteSignatureException'
  | 'InvalidSignatureException'
  | 'UnrecognizedClientException'
  | 'MissingAuthenticationTokenException';

/** Why a request is refused: DynamoDB's error type (under `com.amazon.coral.service#`) and message. */
export interface SignatureRefusal {
  readonly type: SignatureErrorType;
  readonly message: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 'dynamodb';
const TERMINATOR = 'aws4_request';
/** How far a request's signing time may be from the server's clock, either way. */
export const ALLOWED_CLOCK_SKEW_MS = 5 * 60 * 1000;

const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

export interface SignatureVerifierOptions {
  /** Secret access key by access key id. */
  readonly credentials: ReadonlyMap<string, string>;
  /** The region requests must be scoped to. */
  readonly region: string;
  /** The server's clock (ms since the epoch). Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Checks SigV4 signatures against a fixed set of access keys.
 *
 * @example
 * const verifier = new SignatureVerifier({ credentials: new Map([['AKIDTEAM', 'team-secret']]), region: 'us-east-1' });
 * const refusal = verifier.verify({ method: 'POST', url: '/', rawHeaders, body });
 * if (refusal) console.log(refusal.type, refusal.message);
 */
export class SignatureVerifier {
  private readonly credentials: ReadonlyMap<string, string>;
  private readonly region: string;
  private readonly now: () => number;
  /** Signing keys by access key and scope date: one HMAC chain per key per day, not per request. */
  private readonly signingKeys = new Map<string, Buffer>();

  constructor(options: SignatureVerifierOptions) {
    this.credentials = options.credentials;
    this.region = options.region;
    this.now = options.now ?? Date.now;
  }

  /** `undefined` when the request is signed by a configured key; otherwise why it is refused. */
  verify(request: SignedRequest): SignatureRefusal | undefined {
    const authorization = headerValue(request.rawHeaders, 'authorization');
    if (authorization === undefined) {
      // Presigned (query-string) requests are not verified: they carry no Authorization header.
      return { type: 'MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' };
    }
    const parsed = parseAuthorization(authorization);
    const amzDate = headerValue(request.rawHeaders, 'x-amz-date');
    const httpDate = amzDate === undefined ? headerValue(request.rawHeaders, 'date') : undefined;
    const missing = [
      parsed.credential === undefined && "Authorization header requires 'Credential' parameter.",
      parsed.signature === undefined && "Authorization header requires 'Signature' parameter.",
      parsed.signedHeaders === undefined && "Authorization header requires 'SignedHeaders' parameter.",
      amzDate === undefined &&
        httpDate === undefined &&
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
    ].filter((text): text is string => text !== false);
    if (missing.length > 0) return incomplete(`${missing.join(' ')} Authorization=${authorization}`);
    if (parsed.algorithm !== ALGORITHM) return incomplete(`Unsupported AWS 'algorithm': '${parsed.algorithm}'`);
    const scope = parsed.credential!.split('/');
    if (scope.length !== 5) {
      return incomplete(
        `Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '${parsed.credential}'`,
      );
    }
    const [accessKey, scopeDate, scopeRegion, scopeService, terminator] = scope;
    const signedAt = amzDate !== undefined ? parseBasicIsoDate(amzDate) : parseHttpDate(httpDate!);
    if (signedAt === undefined) {
      return incomplete(
        `Date must be in ISO-8601 'basic format'. Got '${amzDate ?? httpDate}'. See http://en.wikipedia.org/wiki/ISO_8601`,
      );
    }
    const secret = this.credentials.get(accessKey);
    if (secret === undefined) {
      return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    }
    const signedAtText = basicIsoDate(signedAt);
    if (scopeDate !== signedAtText.slice(0, 8)) {
      return invalid(
        `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${scopeDate}' != '${signedAtText.slice(0, 8)}', from '${signedAtText}'.`,
      );
    }
    if (scopeRegion !== this.region)
      return invalid(`Credential should be scoped to a valid region, not '${scopeRegion}'. `);
    if (scopeService !== SERVICE) return invalid(`Credential should be scoped to correct service: '${SERVICE}'. `);
    if (terminator !== TERMINATOR)
      return invalid(`Credential should be scoped with a valid terminator: '${TERMINATOR}', not '${terminator}'. `);

    const now = this.now();
    if (signedAt < now - ALLOWED_CLOCK_SKEW_MS) {
      return invalid(
        `Signature expired: ${signedAtText} is now earlier than ${basicIsoDate(now - ALLOWED_CLOCK_SKEW_MS)} (${basicIsoDate(now)} - 5 min.)`,
      );
    }
    if (signedAt > now + ALLOWED_CLOCK_SKEW_MS) {
      return invalid(
        `Signature not yet current: ${signedAtText} is still later than ${basicIsoDate(now + ALLOWED_CLOCK_SKEW_MS)} (${basicIsoDate(now)} + 5 min.)`,
      );
    }

    const credentialScope = `${scopeDate}/${scopeRegion}/${scopeService}/${terminator}`;
    const stringToSign = `${ALGORITHM}\n${amzDate ?? signedAtText}\n${credentialScope}\n${sha256Hex(canonicalRequest(request, parsed.signedHeaders!))}`;
    const expected = createHmac('sha256', this.signingKey(accessKey, secret, scopeDate))
      .update(stringToSign, 'utf8')
      .digest();
    const given = Buffer.from(parsed.signature!, 'hex');
    if (
      given.length !== expected.length ||
      !/^[0-9a-fA-F]+$/.test(parsed.signature!) ||
      !timingSafeEqual(given, expected)
    ) {
      return invalid(SIGNATURE_MISMATCH);
    }
    return undefined;
  }

  private signingKey(accessKey: string, secret: string, date: string): Buffer {
    const cacheKey = `${accessKey}/${date}`;
    let key = this.signingKeys.get(cacheKey);
    if (key === undefined) {
      // A day's key per access key; older days are dropped when the map grows.
      if (this.signingKeys.size >= 1024) this.signingKeys.clear();
      key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), this.region), SERVICE), TERMINATOR);
      this.signingKeys.set(cacheKey, key);
    }
    return key;
  }
}

function incomplete(message: string): SignatureRefusal {
  return { type: 'IncompleteSignatureException', message };
}

function invalid(message: string): SignatureRefusal {
  return { type: 'InvalidSignatureException', message };
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

interface AuthorizationParts {
  readonly algorithm: string;
  readonly credential: string | undefined;
  readonly signedHeaders: string | undefined;
  readonly signature: string | undefined;
}

/** `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` taken apart. */
function parseAuthorization(value: string): AuthorizationParts {
  const space = value.indexOf(' ');
  const algorithm = space === -1 ? value : value.slice(0, space);
  const fields = new Map<string, string>();
  for (const part of (space === -1 ? '' : value.slice(space + 1)).split(',')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim();
    if (!fields.has(name)) fields.set(name, part.slice(equals + 1).trim());
  }
  return {
    algorithm,
    credential: fields.get('Credential'),
    signedHeaders: fields.get('SignedHeaders'),
    signature: fields.get('Signature'),
  };
}

/**
 * The SigV4 canonical request: method, canonical path, canonical query, the signed headers
 * (lowercase names, values trimmed with inner whitespace runs made one space, repeats joined
 * by commas), the signed header list, and the hex SHA-256 of the body.
 */
export function canonicalRequest(request: SignedRequest, signedHeaders: string): string {
  const question = request.url.indexOf('?');
  const path = question === -1 ? request.url : request.url.slice(0, question);
  const query = question === -1 ? '' : request.url.slice(question + 1);
  const names = signedHeaders.split(';');
  let headers = '';
  for (const name of names) headers += `${name}:${joinedHeaderValues(request.rawHeaders, name)}\n`;
  return `${request.method}\n${canonicalPath(path)}\n${canonicalQuery(query)}\n${headers}\n${signedHeaders}\n${sha256Hex(request.body)}`;
}

/**
 * The path as the SDKs sign it for every service but S3: dot segments and empty segments
 * removed, each segment URI-encoded again (so the `%` of an encoded character is encoded too).
 */
function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(uriEncode(segment));
  }
  const joined = `/${segments.join('/')}`;
  return segments.length > 0 && path.endsWith('/') ? `${joined}/` : joined;
}

/** Parameters decoded, then encoded the SigV4 way and sorted by name, then value. */
function canonicalQuery(query: string): string {
  if (query === '') return '';
  const pairs: [string, string][] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = uriEncode(decode(equals === -1 ? part : part.slice(0, equals)));
    const value = uriEncode(decode(equals === -1 ? '' : part.slice(equals + 1)));
    pairs.push([name, value]);
  }
  pairs.sort(([nameA, valueA], [nameB, valueB]) =>
    nameA < nameB ? -1 : nameA > nameB ? 1 : valueA < valueB ? -1 : valueA > valueB ? 1 : 0,
  );
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** RFC 3986 encoding: everything but `A-Z a-z 0-9 - _ . ~` as `%XX` of its UTF-8 bytes. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function headerValue(rawHeaders: readonly string[], lowerName: string): string | undefined {
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index].toLowerCase() === lowerName) return rawHeaders[index + 1];
  }
  return undefined;
}

function joinedHeaderValues(rawHeaders: readonly string[], lowerName: string): string {
  const values: string[] = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index].toLowerCase() === lowerName)
      values.push(rawHeaders[index + 1].replace(/[ \t]+/g, ' ').trim());
  }
  return values.join(',');
}

/** `20240102T030405Z` → ms since the epoch, or `undefined`. */
function parseBasicIsoDate(text: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  return Number.isNaN(time) ? undefined : time;
}

/** An RFC 7231 `Date` header → ms since the epoch, or `undefined`. */
function parseHttpDate(text: string): number | undefined {
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

function basicIsoDate(time: number): string {
  return new Date(Math.floor(time / 1000) * 1000).toISOString().replace(/[-:]/g, '').replace('.000', '');
}
