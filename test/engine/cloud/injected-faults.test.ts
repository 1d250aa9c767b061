import {
  CreateTableCommand,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  type DynamoDBClient,
  type DynamoDBClientConfig,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudOptionsError, type CloudOptions, type Engine, type FaultRule } from '../../../src/engine/engine.js';
import { closeLocalClient, createLocalClient, localEngineOf, type LocalClientMode } from '../../../src/local/index.js';

const clients: DynamoDBClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) closeLocalClient(client);
});

type ClientConfig = Omit<DynamoDBClientConfig, 'requestHandler' | 'endpoint' | 'region' | 'credentials'>;

/** No backoff: the attempts are what these tests count, not the waits (one test keeps the SDK's own). */
const noWait = (maxAttempts: number): ClientConfig => ({
  retryStrategy: new ConfiguredRetryStrategy(maxAttempts, () => 0),
});

async function clientWith(
  mode: LocalClientMode,
  options: { cloud?: CloudOptions; clientConfig?: ClientConfig } = {},
): Promise<{ client: DynamoDBClient; engine: Engine }> {
  const client = createLocalClient({ inMemory: true, mode, ...options });
  clients.push(client);
  await client.send(
    new CreateTableCommand({
      TableName: 'jobs',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'status', AttributeType: 'S' },
      ],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byStatus',
          KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  return { client, engine: localEngineOf(client) as Engine };
}

const put = (pk: string) => new PutItemCommand({ TableName: 'jobs', Item: { pk: { S: pk }, status: { S: 'new' } } });

async function failureOf(promise: Promise<unknown>): Promise<DynamoDBServiceException> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DynamoDBServiceException);
    return error as DynamoDBServiceException;
  }
  throw new Error('the request succeeded');
}

describe.each(['fast', 'full-stack'] as const)('injected faults through the SDK (%s)', (mode) => {
  it('throttles twice; the SDK retries with its own backoff and reports three attempts', async () => {
    const { client, engine } = await clientWith(mode, {
      cloud: { faults: [{ operation: 'PutItem', error: 'ThrottlingException', times: 2 }] },
    });
    const output = await client.send(put('JOB#1'));
    expect(output.$metadata.attempts).toBe(3);
    expect(output.$metadata.totalRetryDelay).toBeGreaterThanOrEqual(0);
    expect(engine.faultReport()).toEqual([
      { rule: { operation: 'PutItem', error: 'ThrottlingException', times: 2 }, matched: 2, injected: 2 },
    ]);
    expect(
      (await client.send(new GetItemCommand({ TableName: 'jobs', Key: { pk: { S: 'JOB#1' } } }))).Item,
    ).toBeDefined();
  });

  it("gives up after clientConfig's maxAttempts, with the service's status, type, message and reasons", async () => {
    const { client } = await clientWith(mode, {
      cloud: { faults: [{ operation: 'PutItem', error: 'ThrottlingException' }] },
      clientConfig: { maxAttempts: 2 },
    });
    const error = await failureOf(client.send(put('JOB#1')));
    expect(error.name).toBe('ThrottlingException');
    expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 2 });
    expect(error.message).toBe(
      'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html',
    );
    expect((error as unknown as { throttlingReasons: unknown }).throttlingReasons).toEqual([
      {
        reason: 'TableWriteKeyRangeThroughputExceeded',
        resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/jobs',
      },
    ]);
  });

  it('names the index of a provisioned-throughput fault on a Query', async () => {
    const { client } = await clientWith(mode, {
      cloud: {
        faults: [{ operation: 'Query', index: 'byStatus', error: 'ProvisionedThroughputExceededException' }],
      },
      clientConfig: noWait(1),
    });
    const query = (IndexName?: string) =>
      new QueryCommand({
        TableName: 'jobs',
        ...(IndexName === undefined
          ? { KeyConditionExpression: 'pk = :v' }
          : { IndexName, KeyConditionExpression: '#s = :v', ExpressionAttributeNames: { '#s': 'status' } }),
        ExpressionAttributeValues: { ':v': { S: 'new' } },
      });
    expect((await client.send(query())).Count).toBe(0);
    const error = await failureOf(client.send(query('byStatus')));
    expect(error.name).toBe('ProvisionedThroughputExceededException');
    expect(error.message).toBe(
      'The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API',
    );
    expect((error as unknown as { ThrottlingReasons: unknown }).ThrottlingReasons).toEqual([
      {
        reason: 'IndexReadProvisionedThroughputExceeded',
        resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/jobs/index/byStatus',
      },
    ]);
  });

  it('retries 500 and 503 as transient errors, and never a TransactionConflictException', async () => {
    const { client, engine } = await clientWith(mode, { clientConfig: noWait(3) });
    engine.injectFaults([
      { operation: 'PutItem', key: { pk: { S: 'A' } }, error: 'InternalServerError', times: 1 },
      { operation: 'PutItem', key: { pk: { S: 'B' } }, error: 'ServiceUnavailable', times: 2 },
      { operation: 'PutItem', key: { pk: { S: 'C' } }, error: 'TransactionConflictException' },
      { operation: 'PutItem', key: { pk: { S: 'D' } }, error: 'RequestLimitExceeded' },
    ]);
    expect((await client.send(put('A'))).$metadata.attempts).toBe(2);
    expect((await client.send(put('B'))).$metadata.attempts).toBe(3);
    const conflict = await failureOf(client.send(put('C')));
    expect(conflict.name).toBe('TransactionConflictException');
    expect(conflict.message).toBe('Operation was rejected because there is an ongoing transaction for the item.');
    expect(conflict.$metadata.attempts).toBe(1);
    const limit = await failureOf(client.send(put('D')));
    expect(limit.name).toBe('RequestLimitExceeded');
    expect(limit.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 3 });
    expect((await client.send(put('E'))).$metadata.attempts).toBe(1);
    expect(engine.faultReport().map(({ matched, injected }) => [matched, injected])).toEqual([
      [1, 1],
      [2, 2],
      [1, 1],
      [3, 3],
    ]);
  });

  it('answers 500 and 503 with their status', async () => {
    const { client, engine } = await clientWith(mode, { clientConfig: noWait(1) });
    engine.injectFaults([{ operation: '*', error: 'ServiceUnavailable', times: 1 }]);
    const unavailable = await failureOf(client.send(put('A')));
    expect([unavailable.name, unavailable.$metadata.httpStatusCode]).toEqual(['ServiceUnavailable', 503]);
    engine.injectFaults([{ operation: '*', error: 'InternalServerError', times: 1 }]);
    const internal = await failureOf(client.send(put('A')));
    expect([internal.name, internal.$metadata.httpStatusCode, internal.message]).toEqual([
      'InternalServerError',
      500,
      'Internal server error',
    ]);
  });

  it('cancels a transaction with the chosen reason at the matching action, None elsewhere, not retried', async () => {
    const { client } = await clientWith(mode, {
      cloud: {
        faults: [
          {
            operation: 'TransactWriteItems',
            key: { pk: { S: 'B' } },
            error: 'TransactionCanceledException',
            reason: 'TransactionConflict',
            times: 1,
          },
        ],
      },
    });
    const transaction = new TransactWriteItemsCommand({
      TransactItems: ['A', 'B', 'C'].map((pk) => ({ Put: { TableName: 'jobs', Item: { pk: { S: pk } } } })),
    });
    const error = await failureOf(client.send(transaction));
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict, None]',
    );
    expect((error as unknown as { CancellationReasons: unknown }).CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item.' },
      { Code: 'None' },
    ]);
    expect(error.$metadata.attempts).toBe(1);
    expect((await client.send(transaction)).$metadata.attempts).toBe(1);
  });

  it('fails every third matching request, and stops once the faults are cleared', async () => {
    const { client, engine } = await clientWith(mode, {
      cloud: { faults: [{ operation: 'GetItem', table: 'jobs', error: 'ThrottlingException', every: 3 }] },
      clientConfig: noWait(1),
    });
    const get = () => client.send(new GetItemCommand({ TableName: 'jobs', Key: { pk: { S: 'x' } } }));
    const outcomes: string[] = [];
    for (let request = 0; request < 6; request++) {
      outcomes.push(
        await get().then(
          () => 'ok',
          (error: Error) => error.name,
        ),
      );
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ThrottlingException', 'ok', 'ok', 'ThrottlingException']);
    expect(engine.faultReport()[0]).toMatchObject({ matched: 6, injected: 2 });
    engine.clearFaults();
    expect(engine.faultReport()).toEqual([]);
    for (let request = 0; request < 3; request++) await get();
  });

  it('draws probabilities from the seed: the same seed fails the same requests', async () => {
    const outcomesWith = async (seed: number) => {
      const { client } = await clientWith(mode, {
        cloud: { seed, faults: [{ operation: 'PutItem', error: 'InternalServerError', probability: 0.5 }] },
        clientConfig: noWait(1),
      });
      const outcomes: boolean[] = [];
      for (let request = 0; request < 24; request++) {
        outcomes.push(
          await client.send(put(`P${request}`)).then(
            () => true,
            () => false,
          ),
        );
      }
      return outcomes;
    };
    const first = await outcomesWith(11);
    expect(await outcomesWith(11)).toEqual(first);
    expect(first.filter(Boolean).length).toBeGreaterThan(4);
    expect(first.filter(Boolean).length).toBeLessThan(20);
    expect(await outcomesWith(12)).not.toEqual(first);
  });

  it("spends the SDK's retry quota: once it is empty, throttled requests are not retried", async () => {
    // ConfiguredRetryStrategy keeps the standard strategy's quota: 500 tokens, 5 per throttling retry.
    const { client, engine } = await clientWith(mode, {
      cloud: { faults: [{ operation: 'PutItem', error: 'ThrottlingException' }] },
      clientConfig: noWait(2),
    });
    const attempts: number[] = [];
    for (let request = 0; request < 101; request++) {
      attempts.push((await failureOf(client.send(put('Q')))).$metadata.attempts as number);
    }
    expect(attempts.slice(0, 100).every((count) => count === 2)).toBe(true);
    expect(attempts[100]).toBe(1);
    expect(engine.faultReport()[0].injected).toBe(201);
  });

  it('runs through the DocumentClient with its retries counted', async () => {
    const { client, engine } = await clientWith(mode, { clientConfig: noWait(3) });
    await client.send(put('DOC'));
    engine.injectFaults([{ operation: 'GetItem', error: 'ProvisionedThroughputExceededException', times: 1 }]);
    const output = await DynamoDBDocumentClient.from(client).send(
      new GetCommand({ TableName: 'jobs', Key: { pk: 'DOC' } }),
    );
    expect(output.Item).toEqual({ pk: 'DOC', status: 'new' });
    expect(output.$metadata.attempts).toBe(2);
  });
});

describe('injectFaults', () => {
  it('checks the rules it is given, naming the wrong one', async () => {
    const { engine } = await clientWith('fast');
    expect(() => engine.injectFaults([{ operation: 'Get', error: 'ThrottlingException' } as FaultRule])).toThrow(
      CloudOptionsError,
    );
    expect(() =>
      engine.injectFaults([
        { operation: 'GetItem', error: 'ThrottlingException' },
        { operation: 'GetItem', error: 'Boom' } as unknown as FaultRule,
      ]),
    ).toThrow(/^faults\[1\]\.error: "Boom" is not one of /);
    expect(engine.faultReport()).toEqual([]);
  });

  it('a client without cloud behaviour does not retry: one attempt, as before', async () => {
    const { client, engine } = await clientWith('fast');
    expect(engine.cloud).toBeUndefined();
    expect((await client.send(put('A'))).$metadata.attempts).toBe(1);
  });
});
