/**
 * The shapes Lambda hands a DynamoDB stream handler, as `@types/aws-lambda` names them
 * (structurally the same, so a handler typed with those types fits).
 */

/** An attribute value in DynamoDB JSON (`{ S: 'x' }`, `{ N: '1' }`, binaries in base64). */
export type StreamAttributeValue = Record<string, unknown>;

export interface DynamoDBStreamRecord {
  awsRegion?: string;
  dynamodb?: {
    ApproximateCreationDateTime?: number;
    Keys?: Record<string, StreamAttributeValue>;
    NewImage?: Record<string, StreamAttributeValue>;
    OldImage?: Record<string, StreamAttributeValue>;
    SequenceNumber?: string;
    SizeBytes?: number;
    StreamViewType?: 'KEYS_ONLY' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES';
  };
  eventID?: string;
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE';
  eventSource?: string;
  eventSourceARN?: string;
  eventVersion?: string;
  /** Lambda's casing (`type`, `principalId`), not GetRecords' (`Type`, `PrincipalId`). */
  userIdentity?: { type: string; principalId: string };
}

export interface DynamoDBStreamEvent {
  Records: DynamoDBStreamRecord[];
}

/** `ReportBatchItemFailures`: the sequence numbers of the records that failed. */
export interface DynamoDBBatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}

/** The slice of Lambda's `Context` a local run can give. */
export interface StreamHandlerContext {
  readonly functionName: string;
  readonly functionVersion: string;
  readonly invokedFunctionArn: string;
  readonly memoryLimitInMB: string;
  readonly awsRequestId: string;
  readonly logGroupName: string;
  readonly logStreamName: string;
  callbackWaitsForEmptyEventLoop: boolean;
  getRemainingTimeInMillis(): number;
}

export type DynamoDBStreamHandler = (
  event: DynamoDBStreamEvent,
  context: StreamHandlerContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: Lambda's own handler type returns `void | DynamoDBBatchResponse`
) => void | DynamoDBBatchResponse | undefined | null | Promise<void | DynamoDBBatchResponse | undefined | null>;
