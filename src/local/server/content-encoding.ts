import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { crc32, JSON_CONTENT_TYPE, toWireResponse, type WireResponse } from '../wire-protocol.js';

/**
 * `Content-Encoding` and `Accept-Encoding` as DynamoDB honours them: a gzip or deflate
 * request body is decoded before it is read, and an answer is gzipped for a client that
 * accepts gzip. The front end calls these only for a request carrying either header, so the
 * usual uncompressed traffic pays nothing for them.
 */

/** The decoded body, or `undefined` when it does not decode. Unknown encodings pass the body through. */
export function decodeRequestBody(body: Buffer, contentEncoding: string | undefined): Buffer | undefined {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding !== '' && encoding !== 'identity');
  let decoded = body;
  try {
    // Listed in the order they were applied: undone last to first.
    for (const encoding of encodings.reverse()) {
      if (encoding === 'gzip' || encoding === 'x-gzip') decoded = gunzipSync(decoded);
      else if (encoding === 'deflate') decoded = inflateSync(decoded);
    }
  } catch {
    return undefined;
  }
  return decoded;
}

/**
 * The answer to a body that does not decode. DynamoDB's wording is not on record;
 * DynamoDB Local answers a malformed gzip body with this 500.
 */
export function undecodableBodyResponse(): WireResponse {
  return toWireResponse({
    statusCode: 500,
    contentType: JSON_CONTENT_TYPE,
    text: JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#InternalFailure',
      message: 'The request processing has failed because of an unknown error, exception or failure.',
    }),
  });
}

/** Whether an `Accept-Encoding` value takes gzip (`gzip`, `x-gzip` or `*`, not at `q=0`). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  return acceptEncoding.split(',').some((entry) => {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    return !parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
  });
}

/** The answer with its body gzipped; `x-amz-crc32` and `Content-Length` describe the bytes sent. */
export function gzipResponse(response: WireResponse): WireResponse {
  if (response.body.length === 0) return response;
  const body = gzipSync(response.body);
  return {
    statusCode: response.statusCode,
    headers: {
      ...response.headers,
      'Content-Encoding': 'gzip',
      'x-amz-crc32': String(crc32(body)),
      'Content-Length': String(body.length),
    },
    body,
  };
}
