import { ModelDefinitionError } from './errors.js';

/** What each stream record carries: DynamoDB's four view types. */
export type StreamViewType = 'KEYS_ONLY' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES';

/**
 * A Lambda function that consumes the table's stream, declared beside the table so the
 * infrastructure (`monotable infra cdk|cloudformation`) and local runs (`runStreamHandler` with
 * `streamHandlerSettings`) read one set of settings. The settings keep the names of Lambda's
 * event source mapping (`AWS::Lambda::EventSourceMapping`, CDK's `DynamoEventSource`).
 *
 * @example
 * const jobCounters = {
 *   entry: 'examples/research-jobs/streams/job-counters-lambda.ts',
 *   batchSize: 100,
 *   startingPosition: 'TRIM_HORIZON',
 *   functionResponseTypes: ['ReportBatchItemFailures'],
 * } satisfies StreamHandlerDeclaration;
 */
export interface StreamHandlerDeclaration {
  /** The handler's module, relative to the directory the CDK app runs in (bundled by CDK's `NodejsFunction`). */
  readonly entry: string;
  /** The exported function of `entry` (default `handler`). */
  readonly handler?: string;
  /** Records per invocation at most: 1–10,000 (default 100). */
  readonly batchSize?: number;
  /** Default `TRIM_HORIZON`: a new mapping handles what the stream still holds. */
  readonly startingPosition?: 'TRIM_HORIZON' | 'LATEST';
  /** 0–300 seconds (default 0). */
  readonly maximumBatchingWindowInSeconds?: number;
  readonly bisectBatchOnFunctionError?: boolean;
  /** -1 (until the record expires, the default) or 0–10,000. */
  readonly maximumRetryAttempts?: number;
  /** -1 (never, the default) or 60–604,800 seconds. */
  readonly maximumRecordAgeInSeconds?: number;
  /** 1–10 concurrent batches per shard (default 1; keys stay in order either way). */
  readonly parallelizationFactor?: number;
  /** `['ReportBatchItemFailures']`: the handler may answer `{ batchItemFailures }`. */
  readonly functionResponseTypes?: readonly 'ReportBatchItemFailures'[];
  /** Lambda's event filters: each `Pattern` a JSON text matched against the record. */
  readonly filterCriteria?: { readonly Filters?: readonly { readonly Pattern?: string }[] };
  /** Function memory in MB (default 256). */
  readonly memorySize?: number;
  /** Function timeout in seconds (default 30). */
  readonly timeoutSeconds?: number;
}

/** The table's stream: its view type and the handlers that consume it. */
export interface TableStreamDefinition {
  readonly viewType: StreamViewType;
  readonly handlers?: Readonly<Record<string, StreamHandlerDeclaration>>;
}

const viewTypes: readonly StreamViewType[] = ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'];

/** Checks a stream declaration against Lambda's and DynamoDB's limits; throws ModelDefinitionError. */
export function checkTableStream(tableName: string, stream: TableStreamDefinition): void {
  if (!viewTypes.includes(stream.viewType)) {
    throw new ModelDefinitionError(
      `table '${tableName}' stream`,
      `viewType must be one of ${viewTypes.join(', ')}, got ${JSON.stringify(stream.viewType)}`,
    );
  }
  for (const [name, handler] of Object.entries(stream.handlers ?? {})) {
    const where = `table '${tableName}' stream handler '${name}'`;
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name))
      throw new ModelDefinitionError(
        where,
        'a handler name is letters and digits, starting with a letter (it names CDK constructs)',
      );
    if (typeof handler.entry !== 'string' || handler.entry.length === 0)
      throw new ModelDefinitionError(where, 'entry (the handler module) is required');
    const ranges: [keyof StreamHandlerDeclaration, number, number, number?][] = [
      ['batchSize', 1, 10_000],
      ['maximumBatchingWindowInSeconds', 0, 300],
      ['maximumRetryAttempts', 0, 10_000, -1],
      ['maximumRecordAgeInSeconds', 60, 604_800, -1],
      ['parallelizationFactor', 1, 10],
      ['memorySize', 128, 10_240],
      ['timeoutSeconds', 1, 900],
    ];
    for (const [setting, min, max, alsoAllowed] of ranges) {
      const value = handler[setting];
      if (value === undefined) continue;
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        ((value < min || value > max) && value !== alsoAllowed)
      ) {
        const allowed = alsoAllowed === undefined ? `${min}–${max}` : `${alsoAllowed} or ${min}–${max}`;
        throw new ModelDefinitionError(where, `${setting} must be an integer ${allowed}, got ${JSON.stringify(value)}`);
      }
    }
    if (
      handler.startingPosition !== undefined &&
      handler.startingPosition !== 'TRIM_HORIZON' &&
      handler.startingPosition !== 'LATEST'
    ) {
      throw new ModelDefinitionError(
        where,
        `startingPosition must be TRIM_HORIZON or LATEST, got ${JSON.stringify(handler.startingPosition)}`,
      );
    }
    for (const filter of handler.filterCriteria?.Filters ?? []) {
      try {
        JSON.parse(filter.Pattern ?? '{}');
      } catch {
        throw new ModelDefinitionError(where, `filter pattern is not JSON: ${filter.Pattern}`);
      }
    }
  }
}
