import { randomFillSync } from 'node:crypto';
import * as zlib from 'node:zlib';
import { DynamoDBError } from '../engine/errors.js';
import type { EngineLike } from './engine-like.js';

/**
 * DynamoDB's JSON protocol around the engine: one HTTP exchange in, one out. Shared by
 * the HTTP server and the in-process full-stack request handler so both answer alike.
 *
 * Where AWS's DynamoDB Local and the DynamoDB service answer protocol errors differently
 * (DynamoDB Local answers malformed JSON, an empty body or a missing target with a 500
 * `InternalFailure`), this follows the service: a client error, never a 500 for bad input.
 */

/** Largest request body DynamoDB accepts; larger ones get DynamoDB Local's 413 answer. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

export const JSON_CONTENT_TYPE = 'application/x-amz-json-1.0';
const TARGET_PREFIX = 'DynamoDB_20120810.';
/** DynamoDB Streams, answered on the same endpoint as DynamoDB Local answers it. */
const STREAMS_TARGET_PREFIX = 'DynamoDBStreams_20120810.';
/** Operations whose success DynamoDB answers with an empty body (no `{}`). */
const EMPTY_BODY_OPERATIONS: ReadonlySet<string> = new Set(['TagResource', 'UntagResource']);
const CORAL = 'com.amazon.coral.service#';

export interface WireRequest {
  readonly method: string;
  /** `X-Amz-Target`, e.g. `DynamoDB_20120810.GetItem`. */
  readonly target: string | undefined;
  readonly contentType: string | undefined;
  readonly authorization: string | undefined;
  /** Whether the query string carries presigned-URL authentication (`X-Amz-Algorithm`). */
  readonly queryAuthentication?: boolean;
  readonly body: string;
  /**
   * Checks the request's signature (`serve --require-signature`) once the operation is
   * known and some authentication is present: why it is refused (an error type under
   * `com.amazon.coral.service#` and its message), or `undefined` to serve it.
   */
  readonly authenticate?: () => { readonly type: string; readonly message: string } | undefined;
}

export interface WireResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * An answer before it is framed: its status, `Content-Type` (none for the health line and
 * the XML 404) and body text. `toWireResponse` adds DynamoDB's headers and encodes it.
 */
export interface WireAnswer {
  readonly statusCode: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

/** The health line DynamoDB answers to `GET /` (the trailing space is DynamoDB's). */
export function healthResponse(region: string): WireResponse {
  return toWireResponse(healthAnswer(`dynamodb.${region}.amazonaws.com`));
}

function healthAnswer(endpoint: string): WireAnswer {
  return textResponse(200, `healthy: ${endpoint} `, undefined);
}

/** DynamoDB Local's answer to a body over 16 MB. */
export function payloadTooLargeResponse(): WireResponse {
  return toWireResponse(textResponse(413, '{"Message":""}', undefined));
}

/** Answers one request with DynamoDB's headers and the body in bytes (see `answerWireRequest`). */
export function dispatchWireRequest(
  engine: EngineLike,
  request: WireRequest,
  region: string,
  listeningAt?: string,
): WireResponse {
  return toWireResponse(answerWireRequest(engine, request, region, listeningAt));
}

/**
 * Answers one request: protocol checks first (as DynamoDB orders them), then the engine.
 * `listeningAt` (`host:port`) is what the health line names, as DynamoDB's names the
 * endpoint that answers it; without it the line names the regional endpoint.
 */
export function answerWireRequest(
  engine: EngineLike,
  request: WireRequest,
  region: string,
  listeningAt?: string,
): WireAnswer {
  if (request.method === 'GET') return healthAnswer(listeningAt ?? `dynamodb.${region}.amazonaws.com`);
  // Every SDK sends exactly this type: skip taking it apart.
  const mediaType =
    request.contentType === JSON_CONTENT_TYPE
      ? JSON_CONTENT_TYPE
      : (request.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (
    request.method !== 'POST' ||
    (request.body.length > 0 && mediaType !== JSON_CONTENT_TYPE && mediaType !== 'application/json')
  ) {
    // DynamoDB answers a request outside its protocol with this XML fragment and a 404.
    return textResponse(404, '<UnknownOperationException/>\n', undefined);
  }
  const contentType = mediaType === 'application/json' ? 'application/json' : JSON_CONTENT_TYPE;

  let input: unknown;
  if (request.body.length > 0) {
    try {
      input = JSON.parse(request.body);
    } catch {
      return jsonResponse(400, { __type: `${CORAL}SerializationException` }, contentType);
    }
  }
  const target = request.target ?? '';
  const streams = target.startsWith(STREAMS_TARGET_PREFIX);
  const name = target.startsWith(TARGET_PREFIX)
    ? target.slice(TARGET_PREFIX.length)
    : streams
      ? target.slice(STREAMS_TARGET_PREFIX.length)
      : '';
  if (!/^[A-Za-z]+$/.test(name)) return unknownOperation(contentType);
  // The engine names DynamoDB Streams operations by their full target.
  const operation = streams ? target : name;
  if (!request.authorization && !request.queryAuthentication) {
    return jsonResponse(
      400,
      { __type: `${CORAL}MissingAuthenticationTokenException`, message: 'Request is missing Authentication Token' },
      contentType,
    );
  }
  const refusal = request.authenticate?.();
  if (refusal !== undefined)
    return jsonResponse(400, { __type: `${CORAL}${refusal.type}`, message: refusal.message }, contentType);
  if (request.body.length === 0) {
    return jsonResponse(400, { __type: `${CORAL}SerializationException` }, contentType);
  }
  try {
    const body = engine.answer(operation, input).toJson();
    return textResponse(200, EMPTY_BODY_OPERATIONS.has(operation) ? '' : body, contentType);
  } catch (error) {
    const answer = errorAnswer(error);
    return jsonResponse(answer.statusCode, answer.body, contentType);
  }
}

/**
 * The status and body DynamoDB sends for an engine failure. The engine knows only its
 * own operations, so an operation it lacks is answered as DynamoDB answers an unknown one.
 */
export function errorAnswer(error: unknown): { statusCode: number; body: Record<string, unknown> } {
  const answer = asDynamoDBError(error);
  if (answer.type === 'UnknownOperationException') {
    return { statusCode: 400, body: { __type: `${CORAL}UnknownOperationException` } };
  }
  return { statusCode: answer.statusCode, body: answer.toWire() };
}

/** Any failure as the DynamoDB error it is, or as an `InternalServerError` when it is not one. */
export function asDynamoDBError(error: unknown): DynamoDBError {
  if (error instanceof DynamoDBError) return error;
  return new DynamoDBError('InternalServerError', 'Internal server error', 500);
}

function unknownOperation(contentType: string): WireAnswer {
  return jsonResponse(400, { __type: `${CORAL}UnknownOperationException` }, contentType);
}

function jsonResponse(statusCode: number, body: unknown, contentType: string): WireAnswer {
  return textResponse(statusCode, JSON.stringify(body), contentType);
}

/** An answer with this body text; framed later, by `toWireResponse`. */
function textResponse(statusCode: number, text: string, contentType: string | undefined): WireAnswer {
  return { statusCode, contentType, text };
}

/** The answer as DynamoDB sends it: a fresh request id, the body's CRC-32 and length, its type. */
export function toWireResponse(answer: WireAnswer): WireResponse {
  const body = Buffer.from(answer.text, 'utf8');
  const headers: Record<string, string> = {
    'x-amzn-RequestId': newRequestId(),
    'x-amz-crc32': String(crc32(body)),
    'Content-Length': String(body.length),
  };
  if (answer.contentType) headers['Content-Type'] = answer.contentType;
  return { statusCode: answer.statusCode, headers, body };
}

// zlib.crc32 exists from Node 20.15; older 20.x lines get the table-driven fallback.
const nativeCrc32 = (zlib as { crc32?: (data: Buffer) => number }).crc32;
const CRC32_TABLE = Uint32Array.from({ length: nativeCrc32 ? 0 : 256 }, (_, byte) => {
  let c = byte;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of the bytes as an unsigned integer, the value of DynamoDB's `x-amz-crc32` header. */
export function crc32(data: Buffer): number {
  if (nativeCrc32) return nativeCrc32(data) >>> 0;
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = CRC32_TABLE[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ID_LENGTH = 52;
const IDS_PER_POOL = 256;
/** The id character for each random byte (`byte % 36`). */
const ID_CHARACTER_OF_BYTE = Uint8Array.from({ length: 256 }, (_, byte) =>
  ID_ALPHABET.charCodeAt(byte % ID_ALPHABET.length),
);
const idPoolBytes = new Uint8Array(ID_LENGTH * IDS_PER_POOL);
let idPool = '';
let idOffset = 0;

/**
 * A request id shaped like DynamoDB's: 52 characters of `[A-Z0-9]`, unique in practice. Ids
 * are cut from a random string made 256 ids at a time (docs/performance.md).
 */
export function newRequestId(): string {
  if (idOffset + ID_LENGTH > idPool.length) {
    randomFillSync(idPoolBytes);
    for (let index = 0; index < idPoolBytes.length; index++)
      idPoolBytes[index] = ID_CHARACTER_OF_BYTE[idPoolBytes[index]];
    idPool = Buffer.from(idPoolBytes.buffer).toString('latin1');
    idOffset = 0;
  }
  const id = idPool.slice(idOffset, idOffset + ID_LENGTH);
  idOffset += ID_LENGTH;
  return id;
}
