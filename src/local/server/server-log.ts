import { performance } from 'node:perf_hooks';
import { DynamoDBError } from '../../engine/errors.js';
import type { EngineLike } from '../engine-like.js';

/** What a server writes about the requests it answers (`monotable serve --log requests`). */
export interface ServerLogOptions {
  /**
   * One line per request: operation, table(s), HTTP status, time to answer in ms and the
   * request id (`x-amzn-RequestId`), e.g. `PutItem app 200 0.4ms 3KJ…`. Default false.
   * Internal errors (an `InternalServerError` answer) are written whether or not this is set.
   */
  readonly requests?: boolean;
  /** Where lines go (each ends with a newline). Default: standard error. */
  readonly write?: (text: string) => void;
}

/**
 * Follows each request through the engine and writes, once the answer has its request id,
 * the internal error it met (with its stack and causes) and, when asked, the request's line.
 * Requests are answered synchronously, one at a time: `begin`, the engine call, then `end`
 * run without a turn of the event loop between them, so one set of fields serves them all.
 *
 * @example
 * const log = new ServerLog(engine, { requests: true });
 * log.begin();
 * const answer = answerWireRequest(log.engine, request, region);
 * log.end(answer.statusCode, requestId, request.target);
 */
export class ServerLog {
  /** The engine as the server should call it: the same answers, seen by the log. */
  readonly engine: EngineLike;
  private readonly requests: boolean;
  private readonly write: (text: string) => void;
  private operation: string | undefined;
  private tables = '';
  private failure: unknown;
  private startedAt = 0;

  constructor(engine: EngineLike, options: ServerLogOptions = {}) {
    this.requests = options.requests === true;
    this.write = options.write ?? ((text) => process.stderr.write(text));
    this.engine = {
      answer: (operation, input) => {
        if (this.requests) {
          this.operation = operation;
          this.tables = tablesOf(input);
        }
        try {
          return engine.answer(operation, input);
        } catch (error) {
          if (!(error instanceof DynamoDBError) || error.statusCode >= 500) {
            this.failure = error;
            this.operation = operation;
            this.tables = tablesOf(input);
          }
          throw error;
        }
      },
      handle: (operation, input) => engine.handle(operation, input),
      close: () => engine.close(),
    };
  }

  /** A request starts. */
  begin(): void {
    this.failure = undefined;
    if (!this.requests) return;
    this.operation = undefined;
    this.tables = '';
    this.startedAt = performance.now();
  }

  /** The request is answered with `statusCode` under `requestId`; `target` is its `X-Amz-Target`. */
  end(statusCode: number, requestId: string, target: string | undefined): void {
    const operation = shortName(this.operation ?? target);
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      this.write(
        `monotable: internal error answering ${operation}${this.tables ? ` on ${this.tables}` : ''} ` +
          `(HTTP ${statusCode}, request id ${requestId}): ${describe(failure)}\n${stackOf(failure)}\n`,
      );
    }
    if (!this.requests) return;
    const elapsedMs = performance.now() - this.startedAt;
    this.write(`${operation} ${this.tables || '-'} ${statusCode} ${elapsedMs.toFixed(1)}ms ${requestId}\n`);
  }
}

/** `GetRecords` of `DynamoDBStreams_20120810.GetRecords`, `-` for none (a `GET /`, say). */
function shortName(target: string | undefined): string {
  if (!target) return '-';
  return target.slice(target.lastIndexOf('.') + 1) || '-';
}

/** The table(s) a request names: `TableName`, the tables of `RequestItems`, or those of `TransactItems`. */
function tablesOf(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const { TableName, RequestItems, TransactItems } = input as Record<string, unknown>;
  if (typeof TableName === 'string') return TableName;
  if (typeof RequestItems === 'object' && RequestItems !== null) return Object.keys(RequestItems).join(',');
  if (!Array.isArray(TransactItems)) return '';
  const names = new Set<string>();
  for (const item of TransactItems) {
    if (typeof item !== 'object' || item === null) continue;
    for (const action of Object.values(item)) {
      const name = (action as { TableName?: unknown } | null)?.TableName;
      if (typeof name === 'string') names.add(name);
    }
  }
  return [...names].join(',');
}

function describe(error: unknown): string {
  if (error instanceof DynamoDBError) return `${error.type}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The stack of what failed: the error's cause when it has one (the engine wraps the failure in
 * the `InternalServerError` it answers, whose own stack only shows where it was wrapped), and
 * each further cause after it.
 */
function stackOf(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error instanceof DynamoDBError && error.cause !== undefined ? error.cause : error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    lines.push(
      `${depth === 0 ? '' : 'caused by: '}${current instanceof Error ? (current.stack ?? String(current)) : String(current)}`,
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\n');
}
