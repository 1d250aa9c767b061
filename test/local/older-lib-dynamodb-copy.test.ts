import { CreateTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalClient, localClientMode } from '../../src/local/index.js';

// A file of its own: the warning is said once per process (module), and this test counts it.

type Middleware = Parameters<DynamoDBClient['middlewareStack']['add']>[0];
type Stack = DynamoDBClient['middlewareStack'];

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  vi.restoreAllMocks();
});

/** The schema deserializer of a plain client of the SDK this package resolves. */
function sdkDeserializer(): Middleware {
  const plain = new DynamoDBClient({ region: 'us-east-1' });
  cleanups.push(() => plain.destroy());
  let found: Middleware | undefined;
  plain.middlewareStack.applyToStack({
    add: (middleware: Middleware, options: { name?: string }) => {
      if (options.name === 'deserializerMiddleware') found = middleware;
    },
    addRelativeTo: () => {},
  } as never);
  return found!;
}

/**
 * A DocumentClient command as an older lib-dynamodb with its own SDK copy makes it: its
 * low-level command adds that copy's serde plugin (a deserializer of its own, overriding the
 * client's by name) to its stack as it resolves, that is after the DocumentClient command's
 * stack was merged into the client's.
 */
function ofOlderCopy<Command extends object>(command: Command, deserializer: Middleware): Command {
  // lib-dynamodb's commands keep their low-level command in a protected member.
  const { clientCommand } = command as unknown as {
    clientCommand: { middlewareStack: Stack; resolveMiddleware: (...args: never[]) => unknown };
  };
  const resolve = clientCommand.resolveMiddleware.bind(clientCommand);
  clientCommand.resolveMiddleware = (...args: never[]) => {
    clientCommand.middlewareStack.add(deserializer, {
      name: 'deserializerMiddleware',
      step: 'deserialize',
      override: true,
    });
    return resolve(...args);
  };
  return command;
}

describe('a DocumentClient of an older lib-dynamodb copy on a fast local client', () => {
  it('is answered through the full stack, correctly, with one warning', async () => {
    const deserializer = sdkDeserializer();
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const client = createLocalClient({ inMemory: true });
    cleanups.push(() => client.destroy());
    const documents = DynamoDBDocumentClient.from(client);
    await client.send(
      new CreateTableCommand({
        TableName: 'app',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    const item = { pk: 'a', sk: '1', n: 7, tags: new Set(['x', 'y']), nested: { list: [1, 'two', null] } };
    await documents.send(ofOlderCopy(new PutCommand({ TableName: 'app', Item: item }), deserializer));
    const got = await documents.send(
      ofOlderCopy(new GetCommand({ TableName: 'app', Key: { pk: 'a', sk: '1' } }), deserializer),
    );
    expect(got.Item).toEqual(item);
    const queried = await documents.send(
      ofOlderCopy(
        new QueryCommand({
          TableName: 'app',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': 'a' },
        }),
        deserializer,
      ),
    );
    expect(queried.Items).toEqual([item]);
    const missing = await documents
      .send(ofOlderCopy(new GetCommand({ TableName: 'missing', Key: { pk: 'a', sk: '1' } }), deserializer))
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    expect((missing as ResourceNotFoundException).$metadata.httpStatusCode).toBe(400);

    // The client's own DocumentClient commands keep the fast path and see the same item.
    expect((await documents.send(new GetCommand({ TableName: 'app', Key: { pk: 'a', sk: '1' } }))).Item).toEqual(item);
    expect(localClientMode(documents)).toBe('fast');
    const warnings = emitWarning.mock.calls
      .filter((call) => (call[1] as { type?: string } | undefined)?.type === 'MonotableWarning')
      .map((call) => String(call[0]));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('brings its own deserializer');
  });
});
