import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeContinuousBackupsCommand,
  DescribeEndpointsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ListTablesCommand,
  ListTagsOfResourceCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../engine/engine.js';
import { createLocalClient } from '../../client/create-local-client.js';
import { sdkProtocolOf, type OperationSchema } from '../sdk-protocol.js';
import { descriptionShapeOf, readDescriptionOutput, type DescriptionShape } from './description-output.js';
import { directConversionOf } from './direct-conversion.js';
import { expectIdentical } from './expect-identical.test-support.js';

// The answers of the operations other than the item operations are read without the SDK's
// deserializer: the output must be what it builds from a copy of the answer, Dates included,
// and the answer (which may share the engine's catalog data) must stay as it was.

const client = createLocalClient({ inMemory: true });
afterAll(() => client.destroy());
const protocol = sdkProtocolOf(client);

type CommandClass = new (input: never) => unknown;

function operationOf(Command: CommandClass): OperationSchema {
  const command = new Command({} as never) as { schema: unknown[] };
  const [, namespace, name, traits, input, output] = command.schema;
  return { namespace: namespace as string, name: name as string, traits, input, output };
}

/** The SDK's output for a copy of `wire`, and the direct reader's for `wire` itself. */
function expectSameOutput(operation: OperationSchema, wire: unknown): void {
  const before = structuredClone(wire);
  const shape = descriptionShapeOf(operation.output);
  expect(shape, `${operation.name} output is read directly`).toBeDefined();
  const direct = readDescriptionOutput(shape as DescriptionShape, wire);
  expect(direct, `${operation.name} answer is read directly`).toBeDefined();
  const sdk = protocol.deserializer.readObject(operation.output, structuredClone(wire));
  expectIdentical(direct, sdk);
  // expectIdentical sees a Date's prototype only; the times are compared here.
  expect(direct).toStrictEqual(sdk);
  expect(wire).toStrictEqual(before);
}

const tableWithEverything = {
  TableName: 'everything',
  AttributeDefinitions: ['pk', 'sk', 'g', 'l'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'by-g',
      KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['a', 'b'] },
      ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 },
    },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'by-l',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'l', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    },
  ],
  ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 7 },
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  SSESpecification: { Enabled: true, SSEType: 'KMS' },
  TableClass: 'STANDARD_INFREQUENT_ACCESS',
  DeletionProtectionEnabled: false,
  Tags: [{ Key: 'team', Value: 'core' }],
};

const simpleTable = {
  TableName: 'simple',
  AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'N' }],
  KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
  BillingMode: 'PAY_PER_REQUEST',
};

describe('reading the answers of table operations directly', () => {
  it('gives what the SDK’s deserializer gives for every table operation’s answer', () => {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    try {
      const answer = (Command: CommandClass, input: object) =>
        expectSameOutput(operationOf(Command), engine.handle(operationOf(Command).name, input));
      answer(CreateTableCommand, tableWithEverything);
      answer(CreateTableCommand, simpleTable);
      engine.handle('PutItem', { TableName: 'simple', Item: { id: { N: '1' } } });
      for (const TableName of ['everything', 'simple']) {
        answer(DescribeTableCommand, { TableName });
        answer(DescribeTimeToLiveCommand, { TableName });
        answer(DescribeContinuousBackupsCommand, { TableName });
      }
      answer(UpdateTableCommand, {
        TableName: 'everything',
        ProvisionedThroughput: { ReadCapacityUnits: 9, WriteCapacityUnits: 9 },
      });
      answer(UpdateTableCommand, {
        TableName: 'simple',
        AttributeDefinitions: [{ AttributeName: 'x', AttributeType: 'S' }],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: 'by-x',
              KeySchema: [{ AttributeName: 'x', KeyType: 'HASH' }],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      });
      answer(DescribeTableCommand, { TableName: 'simple' });
      answer(UpdateTimeToLiveCommand, {
        TableName: 'simple',
        TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
      });
      answer(UpdateContinuousBackupsCommand, {
        TableName: 'simple',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
      answer(ListTablesCommand, {});
      answer(ListTablesCommand, { Limit: 1 });
      const arn = (engine.handle('DescribeTable', { TableName: 'everything' }) as { Table: { TableArn: string } }).Table
        .TableArn;
      answer(ListTagsOfResourceCommand, { ResourceArn: arn });
      answer(DescribeEndpointsCommand, {});
      answer(DeleteTableCommand, { TableName: 'everything' });
      answer(DeleteTableCommand, { TableName: 'simple' });
    } finally {
      engine.close();
    }
  });

  it('gives the SDK’s output, or leaves the answer to the SDK, for any answer of a table description’s layout', () => {
    const operation = operationOf(DescribeTableCommand);
    const shape = descriptionShapeOf(operation.output) as DescriptionShape;
    fc.assert(
      fc.property(answerOf(shape, 5), (wire) => {
        const direct = readDescriptionOutput(shape, wire);
        if (direct === undefined) {
          // Left to the SDK only for a value its schema does not allow.
          expect(isTyped(shape, wire)).toBe(false);
          return;
        }
        const sdk = protocol.deserializer.readObject(operation.output, structuredClone(wire));
        expectIdentical(direct, sdk);
        expect(direct).toStrictEqual(sdk);
      }),
      { numRuns: 400 },
    );
  });

  it('leaves an answer with a value of another type, a bad timestamp or a __type to the SDK', () => {
    const shape = descriptionShapeOf(operationOf(DescribeTableCommand).output) as DescriptionShape;
    for (const Table of [
      { TableName: 5 },
      { CreationDateTime: '2020-01-01' },
      { CreationDateTime: Number.NaN },
      { CreationDateTime: Number.POSITIVE_INFINITY },
      { ItemCount: '3' },
      { KeySchema: {} },
      // A hole in a list.
      { KeySchema: Object.assign(new Array(3), { 0: { AttributeName: 'a' }, 2: { AttributeName: 'b' } }) },
      { BillingModeSummary: [] },
      { BillingModeSummary: new Map() },
      { __type: 'x', TableName: 'a' },
    ]) {
      expect(readDescriptionOutput(shape, { Table })).toBeUndefined();
    }
    expect(readDescriptionOutput(shape, { Table: { TableName: 'a', Unknown: 1, ItemCount: null } })).toStrictEqual({
      Table: { TableName: 'a' },
    });
  });

  it('reads no operation whose output holds items, blobs or unions', () => {
    for (const name of ['GetItem', 'Query', 'ExecuteStatement', 'GetRecords']) {
      const tuple = [3, 'com.amazonaws.dynamodb', `${name}Probe`, 0, ['Item'], [() => ATTRIBUTE_VALUE]];
      expect(descriptionShapeOf(tuple)).toBeUndefined();
    }
    expect(descriptionShapeOf([3, 'com.amazonaws.dynamodb', 'BlobProbe', 0, ['Data'], [21]])).toBeUndefined();
    expect(descriptionShapeOf([3, 'com.amazonaws.dynamodb', 'TimeProbe', 0, ['At'], [5]])).toBeUndefined();
    expect(
      descriptionShapeOf([
        3,
        'com.amazonaws.dynamodb',
        'TraitProbe',
        0,
        ['At'],
        [[4, { timestampFormat: 'date-time' }]],
      ]),
    ).toBeUndefined();
    expect(directConversionOf(operationOf(DescribeTableCommand))?.description).toBeDefined();
  });
});

const ATTRIBUTE_VALUE = [4, 'com.amazonaws.dynamodb', 'AttributeValue', 0, ['S'], [0]];

/** Answers in the layout of `shape`: values of their member's type, nulls, and now and then one of another type. */
function answerOf(shape: DescriptionShape, depth: number): fc.Arbitrary<unknown> {
  const other = fc.oneof(fc.constant(null), fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant([]));
  const typed = ((): fc.Arbitrary<unknown> => {
    switch (shape.kind) {
      case 'string':
        return fc.string({ maxLength: 6 });
      case 'number':
        return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return fc.boolean();
      case 'timestamp':
        return fc.double({ min: 0, max: 4e9, noNaN: true });
      case 'list':
        return depth === 0 ? fc.constant([]) : fc.array(answerOf(shape.member, depth - 1), { maxLength: 2 });
      case 'map':
        return depth === 0
          ? fc.constant({})
          : fc.dictionary(fc.string({ maxLength: 3 }), answerOf(shape.value, depth - 1), { maxKeys: 2 });
      case 'struct': {
        if (depth === 0) return fc.constant({});
        const members = Object.fromEntries(
          shape.names.map((name, index) => [name, answerOf(shape.members[index], depth - 1)]),
        );
        return fc.record({ ...members, Unknown: fc.string({ maxLength: 2 }) }, { requiredKeys: [] });
      }
      default:
        return other;
    }
  })();
  return fc.oneof({ weight: 12, arbitrary: typed }, { weight: 1, arbitrary: other });
}

/** Whether every value of `wire` has its member's type (what the direct reader takes). */
function isTyped(shape: DescriptionShape, wire: unknown): boolean {
  if (wire === null || wire === undefined) return true;
  switch (shape.kind) {
    case 'string':
    case 'boolean':
      return typeof wire === shape.kind;
    case 'number':
      return typeof wire === 'number';
    case 'timestamp':
      return typeof wire === 'number' && Number.isFinite(wire);
    case 'list':
      return Array.isArray(wire) && wire.every((member) => isTyped(shape.member, member));
    case 'map':
      return isRecord(wire) && Object.values(wire).every((value) => isTyped(shape.value, value));
    case 'struct':
      return isRecord(wire) && shape.names.every((name, index) => isTyped(shape.members[index], wire[name]));
    default:
      return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
