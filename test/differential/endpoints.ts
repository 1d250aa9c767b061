import { Engine } from '../../src/engine/engine.js';
import { errorAnswer } from '../../src/local/wire-protocol.js';

/** One answer as it travels on the wire: HTTP status and parsed JSON body. */
export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** Something that answers DynamoDB JSON requests. */
export interface Endpoint {
  send(operation: string, request: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

const AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=differential/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

/** Table-level requests that DynamoDB Local may answer with a 500 when they overlap. */
const TABLE_LEVEL = new Set(['CreateTable', 'UpdateTable', 'DeleteTable', 'UpdateTimeToLive']);

/**
 * AWS DynamoDB Local over HTTP. Table-level operations go one at a time (DynamoDB Local
 * 1.25.1 sometimes fails concurrent CreateTable with a 500), and a CreateTable waits
 * until the table is ACTIVE, as an application would.
 */
export function dynamoDbLocalEndpoint(url: string): Endpoint {
  let tableLevelChain: Promise<unknown> = Promise.resolve();
  const post = async (operation: string, request: unknown): Promise<Answer> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDB_20120810.${operation}`,
        authorization: AUTHORIZATION,
      },
      body: JSON.stringify(request),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const waitActive = async (tableName: unknown): Promise<void> => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const answer = await post('DescribeTable', { TableName: tableName });
      const table = (answer.body.Table ?? {}) as {
        TableStatus?: string;
        GlobalSecondaryIndexes?: { IndexStatus?: string }[];
      };
      if (answer.status !== 200) return;
      if (
        table.TableStatus === 'ACTIVE' &&
        (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    send(operation, request) {
      if (!TABLE_LEVEL.has(operation)) return post(operation, request);
      const answer = tableLevelChain.then(async () => {
        const result = await post(operation, request);
        if (result.status === 200 && operation !== 'DeleteTable') await waitActive(request.TableName);
        return result;
      });
      tableLevelChain = answer.catch(() => undefined);
      return answer;
    },
    close: async () => undefined,
  };
}

/**
 * monotable's engine in-process, answering through the same error mapping as its HTTP
 * server. Requests and answers go through JSON, as they would on the wire.
 */
export function engineEndpoint(): Endpoint {
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  return {
    async send(operation, request) {
      const input: unknown = JSON.parse(JSON.stringify(request));
      try {
        return {
          status: 200,
          body: JSON.parse(JSON.stringify(engine.handle(operation, input))) as Record<string, unknown>,
        };
      } catch (error) {
        const answer = errorAnswer(error);
        return { status: answer.statusCode, body: JSON.parse(JSON.stringify(answer.body)) as Record<string, unknown> };
      }
    },
    close: async () => engine.close(),
  };
}
