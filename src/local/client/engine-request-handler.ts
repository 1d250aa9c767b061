import type { EngineLike } from '../engine-like.js';
import { dispatchWireRequest } from '../wire-protocol.js';

/** The slice of Smithy's `HttpRequest` the handler reads. */
interface SerializedRequest {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
}

interface HandledResponse {
  readonly response: { statusCode: number; reason?: string; headers: Record<string, string>; body: Uint8Array };
}

/**
 * A `requestHandler` for `DynamoDBClient` that answers serialized HTTP requests from the
 * engine in-process: the SDK's whole stack (serialize, sign, retry, deserialize) runs,
 * only the socket is missing. Slower than the fast path; kept as the reference the fast
 * path is tested against, and for code that inspects raw HTTP traffic.
 */
export class EngineRequestHandler {
  readonly metadata = { handlerProtocol: 'http/1.1' };

  constructor(
    private readonly engine: EngineLike,
    private readonly region: string,
  ) {}

  async handle(request: SerializedRequest, _options?: unknown): Promise<HandledResponse> {
    const headers = lowerCaseKeys(request.headers);
    const answer = dispatchWireRequest(
      this.engine,
      {
        method: request.method,
        target: headers['x-amz-target'],
        contentType: headers['content-type'],
        authorization: headers.authorization,
        queryAuthentication: request.query !== undefined && 'X-Amz-Algorithm' in request.query,
        body: bodyText(request.body),
      },
      this.region,
    );
    return {
      response: { statusCode: answer.statusCode, headers: lowerCaseKeys(answer.headers), body: answer.body },
    };
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {}
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  throw new TypeError('The in-process handler accepts string or byte bodies only');
}
