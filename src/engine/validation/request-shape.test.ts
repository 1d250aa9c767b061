import { describe, expect, it } from 'vitest';
import { validateRequestShape } from '../operations/registry.js';

function errorOf(operation: string, input: object): { type: string; message: string } | undefined {
  try {
    validateRequestShape(operation, input);
    return undefined;
  } catch (error) {
    const { name, message } = error as Error;
    return { type: name, message };
  }
}

const validation = (message: string) => ({ type: 'ValidationException', message });
const serialization = (message: string) => ({ type: 'SerializationException', message });

const key = { pk: { S: 'a' } };

describe('constraint errors', () => {
  it('reports a Limit out of range (table/list-tables-bad-limit)', () => {
    expect(errorOf('ListTables', { Limit: 0 })).toEqual(
      validation(
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
      ),
    );
    expect(errorOf('ListTables', { Limit: 101 })).toEqual(
      validation(
        "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100",
      ),
    );
    // Query and Scan word it without the value, under the member's API name (facts, §messages).
    for (const operation of ['Query', 'Scan']) {
      expect(errorOf(operation, { TableName: 'table', Limit: 0 })).toEqual(
        validation(
          "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        ),
      );
    }
  });

  it('reports missing required members as null (validation/missing-required-members)', () => {
    const missing = (member: string) =>
      validation(
        `1 validation error detected: Value null at '${member}' failed to satisfy constraint: Member must not be null`,
      );
    expect(errorOf('PutItem', { TableName: 'table' })).toEqual(missing('item'));
    expect(errorOf('GetItem', { TableName: 'table' })).toEqual(missing('key'));
    expect(errorOf('DeleteItem', { TableName: 'table' })).toEqual(missing('key'));
    expect(errorOf('UpdateItem', { TableName: 'table' })).toEqual(missing('key'));
    expect(errorOf('DescribeTable', {})).toEqual(missing('tableName'));
  });

  it('indexes list members from 1 (table/create-gsi-errors)', () => {
    const input = {
      TableName: 'table',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [{ IndexName: 'gsi1', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }] }],
    };
    expect(errorOf('CreateTable', input)).toEqual(
      validation(
        "1 validation error detected: Value null at 'globalSecondaryIndexes.1.member.projection' failed to satisfy constraint: Member must not be null",
      ),
    );
  });

  it('names enum values and nested paths', () => {
    const input = {
      TableName: 'table',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'X' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'PRIMARY' }],
    };
    expect(errorOf('CreateTable', input)).toEqual(
      validation(
        "2 validation errors detected: Value 'X' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]; " +
          "Value 'PRIMARY' at 'keySchema.1.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]",
      ),
    );
  });

  it('checks table names for pattern and length, aggregating every violation', () => {
    expect(errorOf('DescribeTable', { TableName: 'ab' })).toEqual(
      validation(
        "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
      ),
    );
    expect(errorOf('GetItem', { TableName: 'a!', Key: key, ReturnConsumedCapacity: 'ALL' })).toEqual(
      validation(
        "3 validation errors detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; " +
          "Value 'a!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; " +
          "Value 'a!' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
      ),
    );
    expect(errorOf('DeleteTable', { TableName: 'x'.repeat(256) })?.message).toContain(
      'Member must have length less than or equal to 255',
    );
  });

  it('checks KeySchema sizes', () => {
    const input = {
      TableName: 'table',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [],
    };
    expect(errorOf('CreateTable', input)).toEqual(
      validation(
        "1 validation error detected: Value '[]' at 'keySchema' failed to satisfy constraint: Member must have length greater than or equal to 1",
      ),
    );
  });

  it('rejects an empty RequestItems with its own message (batch/empty-requests)', () => {
    expect(errorOf('BatchWriteItem', { RequestItems: {} })).toEqual(
      validation('The requestItems parameter is required for BatchWriteItem'),
    );
    expect(errorOf('BatchGetItem', { RequestItems: {} })).toEqual(
      validation('The requestItems parameter is required for BatchGetItem'),
    );
  });

  it('rejects an empty or too long list of write requests as a map value constraint (batch/empty-requests)', () => {
    expect(errorOf('BatchWriteItem', { RequestItems: { table: [] } })).toEqual(
      validation(
        "1 validation error detected: Value '{table=[]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]",
      ),
    );
    const puts = Array.from({ length: 26 }, (_, index) => ({ PutRequest: { Item: { pk: { S: `k${index}` } } } }));
    const error = errorOf('BatchWriteItem', { RequestItems: { table: puts } });
    expect(error?.type).toBe('ValidationException');
    expect(error?.message).toMatch(
      /^1 validation error detected: Value '\{table=\[com\.amazonaws\.dynamodb\.v20120810\.WriteRequest@[0-9a-f]+, /,
    );
    expect(errorOf('BatchWriteItem', { RequestItems: { table: puts.slice(0, 25) } })).toBeUndefined();
  });

  it('limits BatchGetItem to 1…100 keys per table', () => {
    expect(errorOf('BatchGetItem', { RequestItems: { table: { Keys: [] } } })).toEqual(
      validation(
        "1 validation error detected: Value at 'RequestItems.table.member.Keys' failed to satisfy constraint: Member must have length greater than or equal to 1",
      ),
    );
    const keys = Array.from({ length: 101 }, (_, index) => ({ pk: { S: `k${index}` } }));
    expect(errorOf('BatchGetItem', { RequestItems: { table: { Keys: keys } } })?.message).toContain(
      "1 validation error detected: Value at 'RequestItems.table.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100",
    );
  });

  it('checks table names used as map keys', () => {
    expect(errorOf('BatchGetItem', { RequestItems: { ab: { Keys: [key] } } })?.message).toBe(
      "1 validation error detected: Value '{ab=com.amazonaws.dynamodb.v20120810.KeysAndAttributes@" +
        (errorOf('BatchGetItem', { RequestItems: { ab: { Keys: [key] } } })?.message.match(/@([0-9a-f]+)/)?.[1] ?? '') +
        "}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]",
    );
  });

  it('limits transactions to 1…100 actions (transact/too-many-items)', () => {
    const puts = Array.from({ length: 101 }, (_, index) => ({
      Put: { TableName: 'table', Item: { pk: { S: `k${index}` } } },
    }));
    expect(errorOf('TransactWriteItems', { TransactItems: puts })?.message).toMatch(
      /^1 validation error detected: Value '\[com\.amazonaws\.dynamodb\.v20120810\.TransactWriteItem@.*' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100$/,
    );
    expect(errorOf('TransactWriteItems', { TransactItems: puts.slice(0, 100) })).toBeUndefined();
    expect(errorOf('TransactGetItems', { TransactItems: [] })?.message).toContain(
      'Member must have length greater than or equal to 1',
    );
  });

  it('requires the members of each transaction action', () => {
    expect(errorOf('TransactWriteItems', { TransactItems: [{ Update: { TableName: 'table', Key: key } }] })).toEqual(
      validation(
        "1 validation error detected: Value null at 'transactItems.1.member.update.updateExpression' failed to satisfy constraint: Member must not be null",
      ),
    );
  });

  it('rejects a null element of a list as a null member, in every operation', () => {
    expect(errorOf('TransactWriteItems', { TransactItems: [null] })).toEqual(
      validation(
        "1 validation error detected: Value null at 'transactItems.1.member' failed to satisfy constraint: Member must not be null",
      ),
    );
    expect(errorOf('BatchWriteItem', { RequestItems: { table: [{ DeleteRequest: { Key: key } }, null] } })).toEqual(
      validation(
        "1 validation error detected: Value null at 'requestItems.table.member.2.member' failed to satisfy constraint: Member must not be null",
      ),
    );
    expect(
      errorOf('CreateTable', {
        TableName: 'table',
        AttributeDefinitions: [null],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      })?.message,
    ).toContain("Value null at 'attributeDefinitions.1.member' failed to satisfy constraint: Member must not be null");
  });

  it('rejects a null entry of a map of requests as a null member', () => {
    expect(errorOf('BatchWriteItem', { RequestItems: { table: null } })).toEqual(
      validation(
        "1 validation error detected: Value null at 'requestItems.table.member' failed to satisfy constraint: Member must not be null",
      ),
    );
    expect(errorOf('BatchGetItem', { RequestItems: { table: null } })?.message).toContain(
      "Value null at 'requestItems.table.member' failed to satisfy constraint: Member must not be null",
    );
  });

  it('checks ReturnValues, Select and the Scan segment range', () => {
    expect(errorOf('UpdateItem', { TableName: 'table', Key: key, ReturnValues: 'ALL' })?.message).toContain(
      "Value 'ALL' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
    );
    expect(errorOf('Query', { TableName: 'table', Select: 'SOME' })?.message).toContain(
      'Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]',
    );
    expect(errorOf('Scan', { TableName: 'table', Segment: -1, TotalSegments: 0 })).toEqual(
      validation(
        "2 validation errors detected: Value '0' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
          "Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0",
      ),
    );
  });

  it('lets valid requests and unknown members through', () => {
    expect(errorOf('PutItem', { TableName: 'table', Item: key, Unknown: 1 })).toBeUndefined();
    expect(errorOf('ListTables', {})).toBeUndefined();
    expect(errorOf('NotAnOperation', { anything: true })).toBeUndefined();
  });
});

describe('serialization errors', () => {
  it('names the JSON token that cannot become a string', () => {
    expect(errorOf('DescribeTable', { TableName: 123 })).toEqual(
      serialization('NUMBER_VALUE cannot be converted to String'),
    );
    expect(errorOf('DescribeTable', { TableName: 1.5 })).toEqual(
      serialization('DECIMAL_VALUE cannot be converted to String'),
    );
    expect(errorOf('DescribeTable', { TableName: true })).toEqual(
      serialization('TRUE_VALUE cannot be converted to String'),
    );
    expect(errorOf('DescribeTable', { TableName: [] })).toEqual(
      serialization('Unrecognized collection type class java.lang.String'),
    );
    expect(errorOf('DescribeTable', { TableName: {} })).toEqual(
      serialization('Start of structure or map found where not expected'),
    );
  });

  it('rejects strings and lists where numbers are expected', () => {
    expect(errorOf('ListTables', { Limit: '5' })).toEqual(serialization('STRING_VALUE cannot be converted to Integer'));
    expect(errorOf('ListTables', { Limit: [] })).toEqual(
      serialization('Unrecognized collection type class java.lang.Integer'),
    );
  });

  it('rejects scalars where collections or structures are expected', () => {
    expect(errorOf('GetItem', { TableName: 'table', Key: 'x' })).toEqual(serialization('Unexpected field type'));
    expect(errorOf('GetItem', { TableName: 'table', Key: [] })).toEqual(
      serialization(
        'Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>',
      ),
    );
    expect(errorOf('GetItem', { TableName: 'table', Key: { pk: 'x' } })).toEqual(
      serialization('Unexpected value type in payload'),
    );
    expect(errorOf('CreateTable', { TableName: 'table', KeySchema: {} })).toEqual(
      serialization('Start of structure or map found where not expected'),
    );
    expect(errorOf('CreateTable', { TableName: 'table', KeySchema: [[]] })).toEqual(
      serialization('Unrecognized collection type class com.amazonaws.dynamodb.v20120810.KeySchemaElement'),
    );
    expect(errorOf('BatchWriteItem', { RequestItems: { table: 'x' } })?.message).toMatch(/^class sun\.reflect/);
  });

  it('checks the JSON types inside attribute values', () => {
    expect(errorOf('PutItem', { TableName: 'table', Item: { v: { S: 1 } } })).toEqual(
      serialization('NUMBER_VALUE cannot be converted to String'),
    );
    expect(errorOf('PutItem', { TableName: 'table', Item: { v: { L: {} } } })).toEqual(
      serialization('Start of structure or map found where not expected'),
    );
    expect(errorOf('PutItem', { TableName: 'table', Item: { v: { B: 5 } } })).toEqual(
      serialization('only base-64-encoded strings are convertible to bytes'),
    );
    expect(errorOf('PutItem', { TableName: 'table', Item: { v: { B: 'AQ=' } } })).toEqual(
      serialization('Base64 encoded length is expected a multiple of 4 bytes but found: 3'),
    );
    expect(errorOf('PutItem', { TableName: 'table', Item: { v: { NULL: 'maybe' } } })).toEqual(
      serialization('Unexpected token received from parser'),
    );
  });

  it('reports serialization before constraints', () => {
    expect(errorOf('GetItem', { TableName: 'ab', Key: [] })?.type).toBe('SerializationException');
  });

  it('converts what DynamoDB converts and drops null members', () => {
    const input: Record<string, unknown> = {
      TableName: 'table',
      Key: key,
      ConsistentRead: 'yes',
      ProjectionExpression: null,
    };
    validateRequestShape('GetItem', input);
    expect(input).toEqual({ TableName: 'table', Key: key, ConsistentRead: true });
    const listing: Record<string, unknown> = { Limit: 2.7 };
    validateRequestShape('ListTables', listing);
    expect(listing.Limit).toBe(2);
  });
});
