import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/index.js';
import { NOT_EXPRESSIBLE_STATUS, NOT_EXPRESSIBLE_TYPE } from './not-expressible.js';
import { startSdkShim, type SdkMode, type SdkShim } from './sdk-shim.js';
import { sdkCommandFor } from './wire-to-sdk.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const base64 = (...values: number[]) => Buffer.from(values).toString('base64');

describe('wire requests as SDK commands', () => {
  const client = createLocalClient({ inMemory: true });
  afterAll(() => client.destroy());
  const inputOf = (operation: string, wire: unknown) => {
    const built = sdkCommandFor(client, operation, JSON.stringify(wire));
    if (!built.expressible) throw new Error(built.reason);
    return (built.command as unknown as { input: unknown }).input;
  };
  const refusal = (operation: string, wire: unknown) => {
    const built = sdkCommandFor(client, operation, JSON.stringify(wire));
    return built.expressible ? undefined : built.reason;
  };

  it('turns base64 binaries into bytes at any depth', () => {
    expect(
      inputOf('PutItem', {
        TableName: 't',
        Item: { b: { B: base64(1) }, m: { M: { B: { L: [{ BS: [base64(2)] }] } } } },
      }),
    ).toEqual({
      TableName: 't',
      Item: { b: { B: bytes(1) }, m: { M: { B: { L: [{ BS: [bytes(2)] }] } } } },
    });
    expect(
      inputOf('Query', {
        TableName: 't',
        ExclusiveStartKey: { pk: { B: base64(3) } },
        ExpressionAttributeValues: { ':v': { B: base64(4) } },
      }),
    ).toEqual({
      TableName: 't',
      ExclusiveStartKey: { pk: { B: bytes(3) } },
      ExpressionAttributeValues: { ':v': { B: bytes(4) } },
    });
    expect(inputOf('BatchGetItem', { RequestItems: { t: { Keys: [{ pk: { B: base64(5) } }] } } })).toEqual({
      RequestItems: { t: { Keys: [{ pk: { B: bytes(5) } }] } },
    });
    expect(
      inputOf('TransactWriteItems', { TransactItems: [{ Delete: { TableName: 't', Key: { pk: { B: base64(6) } } } }] }),
    ).toEqual({
      TransactItems: [{ Delete: { TableName: 't', Key: { pk: { B: bytes(6) } } } }],
    });
  });

  it('leaves the idempotency token to the SDK when the request has none', () => {
    expect(refusal('TransactWriteItems', { TransactItems: [] })).toBeUndefined();
  });

  it('refuses what the SDK would change or cannot represent', () => {
    expect(refusal('PutItem', { TableName: 't', Item: { pk: { S: 1 } } })).toMatch(/instead of 1/);
    expect(refusal('GetItem', { TableName: 't', Key: {}, ExpressionAttributeValues: {} })).toMatch(
      /ExpressionAttributeValues/,
    );
    expect(refusal('ListTables', { Limit: null })).toMatch(/Limit/);
    expect(refusal('PutItem', { TableName: 't', Item: { b: { B: '!!' } } })).toMatch(/cannot represent/);
    expect(refusal('Frobnicate', {})).toMatch(/no FrobnicateCommand/);
  });
});

describe.each<SdkMode>(['fast', 'full-stack'])('the SDK shim (%s)', (mode) => {
  let shim: SdkShim;
  beforeAll(async () => {
    shim = await startSdkShim(mode);
  });
  afterAll(() => shim.close());

  const call = async (operation: string, body: unknown) => {
    const response = await fetch(shim.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': `DynamoDB_20120810.${operation}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers outputs and exceptions in wire form', async () => {
    const created = await call('CreateTable', {
      TableName: 'bin',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'B' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    expect(created.status).toBe(200);
    const item = { pk: { B: base64(0, 255) }, set: { BS: [base64(1), base64(2)] } };
    expect(await call('PutItem', { TableName: 'bin', Item: item, ReturnConsumedCapacity: 'TOTAL' })).toEqual({
      status: 200,
      body: { ConsumedCapacity: { TableName: 'bin', CapacityUnits: 1 } },
    });
    expect(await call('GetItem', { TableName: 'bin', Key: { pk: item.pk } })).toEqual({
      status: 200,
      body: { Item: item },
    });
    expect(
      await call('PutItem', {
        TableName: 'bin',
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    ).toEqual({
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
        Item: item,
      },
    });
  });

  it('refuses a request no SDK caller can send, without sending it', async () => {
    const answer = await call('ListTables', { Limit: '1', Unknown: true });
    expect(answer.status).toBe(NOT_EXPRESSIBLE_STATUS);
    expect(answer.body.__type).toBe(NOT_EXPRESSIBLE_TYPE);
    expect(shim.notExpressible.at(-1)?.operation).toBe('ListTables');
  });
});
