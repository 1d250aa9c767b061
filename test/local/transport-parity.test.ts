import {
  ConditionalCheckFailedException,
  DescribeTableCommand,
  InternalServerError,
  ListTablesCommand,
  ResourceNotFoundException,
  TransactionCanceledException,
  UpdateItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngineClient } from '../../src/local/client/engine-client.js';
import { serveEngine, type ServingEngine } from '../../src/local/server/serve-engine.js';
import { DynamoDBClient as HttpClient } from '@aws-sdk/client-dynamodb';
import { ScriptedEngine } from './support/scripted-engine.js';
import { observedOutcome } from './support/observed-outcome.js';

type Transport = 'fast' | 'full-stack' | 'http';
const servers: ServingEngine[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function clientFor(transport: Transport, engine: ScriptedEngine): Promise<DynamoDBClient> {
  // One attempt everywhere, so an InternalServerError is not retried by the HTTP stacks.
  if (transport !== 'http') return createEngineClient(engine, { mode: transport, clientConfig: { maxAttempts: 1 } });
  const server = await serveEngine(engine, { port: 0 });
  servers.push(server);
  return new HttpClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

async function scenario(transport: Transport): Promise<unknown[]> {
  const engine = new ScriptedEngine();
  const client = await clientFor(transport, engine);
  const documents = DynamoDBDocumentClient.from(client);
  const bytes = new Uint8Array([0, 1, 2, 250, 255]);
  const results = [
    await observedOutcome(() => client.send(new ListTablesCommand({}))),
    await observedOutcome(() => client.send(new DescribeTableCommand({ TableName: 'scripted' }))),
    await observedOutcome(() => client.send(new DescribeTableCommand({ TableName: 'other' }))),
    await observedOutcome(() =>
      documents.send(
        new PutCommand({ TableName: 't', Item: { pk: 'a', n: 1.5, bin: bytes, tags: new Set(['x', 'y']) } }),
      ),
    ),
    await observedOutcome(() =>
      documents.send(new GetCommand({ TableName: 't', Key: { pk: 'a' }, ReturnConsumedCapacity: 'TOTAL' })),
    ),
    await observedOutcome(() => client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))),
    await observedOutcome(() => client.send(new GetItemCommand({ TableName: 'missing', Key: { pk: { S: 'a' } } }))),
    await observedOutcome(() =>
      documents.send(
        new PutCommand({
          TableName: 't',
          Item: { pk: 'a' },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    ),
    await observedOutcome(() =>
      documents.send(
        new QueryCommand({
          TableName: 't',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': 'a' },
        }),
      ),
    ),
    await observedOutcome(() =>
      documents.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 't', Item: { pk: 'b' } } },
            { Put: { TableName: 't', Item: { pk: 'a' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      ),
    ),
    await observedOutcome(() =>
      client.send(new UpdateItemCommand({ TableName: 't', Key: { pk: { S: 'a' } }, UpdateExpression: 'SET' })),
    ),
    await observedOutcome(() => client.send(new DeleteItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))),
  ];
  // What the engine received must not depend on the transport either.
  results.push(
    engine.calls.map(({ operation, input }) => ({
      operation,
      input: JSON.parse(JSON.stringify(input, (key, value) => (key === 'ClientRequestToken' ? 'token' : value))),
    })),
  );
  client.destroy();
  return results;
}

describe('the three ways in give the same outputs and errors', () => {
  it('fast path, full stack and HTTP server agree', async () => {
    const fast = await scenario('fast');
    expect(await scenario('full-stack')).toEqual(fast);
    expect(await scenario('http')).toEqual(fast);
  });

  it('errors are the SDK classes with their members', async () => {
    for (const transport of ['fast', 'full-stack', 'http'] as const) {
      const engine = new ScriptedEngine();
      const client = await clientFor(transport, engine);
      const documents = DynamoDBDocumentClient.from(client);
      await documents.send(new PutCommand({ TableName: 't', Item: { pk: 'a', bin: new Uint8Array([7]) } }));

      const conditional = await documents
        .send(
          new PutCommand({
            TableName: 't',
            Item: { pk: 'a' },
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        )
        .catch((error: unknown) => error);
      expect(conditional).toBeInstanceOf(ConditionalCheckFailedException);
      expect(conditional).toMatchObject({
        name: 'ConditionalCheckFailedException',
        message: 'The conditional request failed',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
        Item: { pk: { S: 'a' }, bin: { B: new Uint8Array([7]) } },
      });

      const missing = await client
        .send(new DescribeTableCommand({ TableName: 'nope' }))
        .catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(ResourceNotFoundException);
      expect((missing as ResourceNotFoundException).message).toBe(
        'Requested resource not found: Table: nope not found',
      );

      const cancelled = (await documents
        .send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'z' } } }] }))
        .catch((error: unknown) => error)) as TransactionCanceledException;
      expect(cancelled).toBeInstanceOf(TransactionCanceledException);
      expect(cancelled.CancellationReasons?.[1]).toEqual({
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        Item: {
          pk: { S: 'x' },
          blob: { B: new Uint8Array([1, 2, 3]) },
          set: { BS: [new Uint8Array([1]), new Uint8Array([2])] },
        },
      });

      const internal = await client
        .send(new DeleteItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))
        .catch((e: unknown) => e);
      expect(internal).toBeInstanceOf(InternalServerError);
      expect(internal).toMatchObject({ $fault: 'server', $metadata: { httpStatusCode: 500 } });

      const described = await client.send(new DescribeTableCommand({ TableName: 'scripted' }));
      expect(described.Table?.CreationDateTime).toEqual(new Date(1767225600123));
      client.destroy();
    }
  });

  it('hands binaries to the engine in base64 and back as bytes', async () => {
    const engine = new ScriptedEngine();
    const documents = DynamoDBDocumentClient.from(createEngineClient(engine));
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    await documents.send(
      new PutCommand({ TableName: 't', Item: { pk: 'b', bin: bytes, bins: new Set([bytes.subarray(0, 3)]) } }),
    );
    expect(engine.calls[0].input).toMatchObject({
      Item: { bin: { B: Buffer.from(bytes).toString('base64') }, bins: { BS: ['AAEC'] } },
    });
    const { Item } = await documents.send(new GetCommand({ TableName: 't', Key: { pk: 'b' } }));
    expect(Item?.bin).toEqual(bytes);
    expect(Item?.bins).toEqual(new Set([new Uint8Array([0, 1, 2])]));
  });

  it('never changes objects the engine keeps (catalog data shared between answers)', async () => {
    const engine = new ScriptedEngine();
    const shared = {
      IndexName: 'GSI1',
      ProvisionedThroughput: { LastIncreaseDateTime: 1767225600, ReadCapacityUnits: 0 },
    };
    const answers = { Table: { TableName: 'scripted', GlobalSecondaryIndexes: [shared] } };
    engine.handle = () => answers;
    const described = await createEngineClient(engine).send(new DescribeTableCommand({ TableName: 'scripted' }));
    expect(described.Table?.GlobalSecondaryIndexes?.[0].ProvisionedThroughput?.LastIncreaseDateTime).toEqual(
      new Date(1767225600000),
    );
    expect(answers.Table.GlobalSecondaryIndexes[0]).toBe(shared);
    expect(shared.ProvisionedThroughput.LastIncreaseDateTime).toBe(1767225600);
  });

  it('fills in the idempotency token of TransactWriteItems as the SDK serializer does', async () => {
    const engine = new ScriptedEngine();
    const documents = DynamoDBDocumentClient.from(createEngineClient(engine));
    await documents
      .send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'z' } } }] }))
      .catch(() => {});
    expect((engine.calls[0].input as { ClientRequestToken?: string }).ClientRequestToken).toMatch(/^[0-9a-f-]{36}$/);
  });
});
