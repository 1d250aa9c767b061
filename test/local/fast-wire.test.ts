import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { NormalizedSchema } from '@smithy/core/schema';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/client/create-local-client.js';
import { directConversionOf, reproducesCodecOf } from '../../src/local/sdk-accelerator/fast-wire/direct-conversion.js';
import { inputToWire } from '../../src/local/sdk-accelerator/fast-wire/input-to-wire.js';
import { outputFromWire } from '../../src/local/sdk-accelerator/fast-wire/wire-to-output.js';
import type { StructShape, WireShape } from '../../src/local/sdk-accelerator/fast-wire/wire-shape.js';
import { sdkProtocolOf, type OperationSchema } from '../../src/local/sdk-accelerator/sdk-protocol.js';
import '../support/property-test-seed.js';
import { expectIdentical } from '../../src/local/sdk-accelerator/fast-wire/expect-identical.test-support.js';

// The direct conversions must give exactly what the SDK's own serializer and deserializer
// give, for every input they accept; these properties compare the two on generated values.

const client = createLocalClient({ inMemory: true });
afterAll(() => client.destroy());
const protocol = sdkProtocolOf(client);
const decodeBase64 = protocol.deserializer.serdeContext!.base64Decoder!;

const COMMANDS = {
  GetItem: GetItemCommand,
  PutItem: PutItemCommand,
  UpdateItem: UpdateItemCommand,
  DeleteItem: DeleteItemCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
  BatchGetItem: BatchGetItemCommand,
  BatchWriteItem: BatchWriteItemCommand,
  TransactGetItems: TransactGetItemsCommand,
  TransactWriteItems: TransactWriteItemsCommand,
} as const;

function operationOf(name: keyof typeof COMMANDS): OperationSchema {
  const Command = COMMANDS[name] as unknown as new (input: object) => { schema: unknown[] };
  const command = new Command({});
  const [, namespace, operationName, traits, input, output] = command.schema;
  return { namespace: namespace as string, name: operationName as string, traits, input, output };
}

const OPERATIONS = (Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]).map(operationOf);

function sdkWire(operation: OperationSchema, input: unknown): unknown {
  protocol.serializer.write(operation.input, input);
  const serialized = protocol.serializer.flush();
  return JSON.parse(
    typeof serialized === 'string'
      ? serialized
      : Buffer.from(serialized.buffer, serialized.byteOffset, serialized.byteLength).toString('utf8'),
  );
}

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Replaces generated idempotency tokens (random on both sides) after checking their form. */
function withoutGeneratedToken(wire: unknown, input: Record<string, unknown>): unknown {
  const record = wire as Record<string, unknown>;
  if (input.ClientRequestToken !== undefined || record.ClientRequestToken === undefined) return wire;
  expect(record.ClientRequestToken).toMatch(TOKEN);
  return { ...record, ClientRequestToken: 'generated' };
}

// --- Generators driven by the compiled shapes --------------------------------------------

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', '__type', 'constructor', 'toString'),
);
const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('#n', ':v', 'pk', 'constructor', 'toString', '0', '10'),
);
const bytes = fc.uint8Array({ maxLength: 12 });

/** Attribute values as callers pass them: bytes as Uint8Array, odd members sometimes. */
const callerAttributeValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ S: text }),
    fc.record({ N: fc.constantFrom('1', '-0.5', '1e10', '00') }),
    fc.record({
      B: fc.oneof(
        bytes,
        bytes.map((array) => Buffer.from(array)),
      ),
    }),
    fc.record({ SS: fc.array(text, { maxLength: 3 }) }),
    fc.record({ NS: fc.array(fc.constantFrom('1', '2'), { maxLength: 3 }) }),
    fc.record({ BS: fc.array(bytes, { maxLength: 3 }) }),
    fc.record({ BOOL: fc.boolean() }),
    fc.record({ NULL: fc.constant(true) }),
    fc.record({
      L: fc.array(
        fc.oneof({ weight: 5, arbitrary: tie('value') }, { weight: 1, arbitrary: fc.constantFrom(undefined, null) }),
        { maxLength: 3 },
      ),
    }),
    fc.record({
      M: fc.dictionary(
        key,
        fc.oneof({ weight: 5, arbitrary: tie('value') }, { weight: 1, arbitrary: fc.constantFrom(undefined, null) }),
        { maxKeys: 3 },
      ),
    }),
    // Several members at once, `undefined` ones, and members the SDK does not know.
    fc.record({
      S: fc.option(text, { nil: undefined }),
      N: fc.option(fc.constant('7'), { nil: undefined }),
      BOOL: fc.constantFrom(undefined, null, false),
    }),
    fc.record({ $unknown: fc.constant(['X', 1]) }),
    fc.record({ S: fc.integer() }),
  ),
})).value;

function callerValue(shape: WireShape, depth: number): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      return fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: fc.integer() });
    case 'number':
      return fc.oneof(
        { weight: 9, arbitrary: fc.integer() },
        { weight: 1, arbitrary: fc.constantFrom(-0, 1.5, NaN, Infinity, 1e21, '5') },
      );
    case 'boolean':
      return fc.oneof({ weight: 9, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant('true') });
    case 'attributeValue':
      return callerAttributeValue;
    case 'list':
      return fc.array(
        fc.oneof(
          { weight: 9, arbitrary: callerValue(shape.member, depth + 1) },
          { weight: 1, arbitrary: fc.constantFrom(undefined, null) },
        ),
        { maxLength: 3 },
      );
    case 'map':
      return fc.dictionary(
        key,
        fc.oneof(
          { weight: 9, arbitrary: callerValue(shape.value, depth + 1) },
          { weight: 1, arbitrary: fc.constantFrom(undefined, null) },
        ),
        { maxKeys: 3 },
      );
    case 'struct':
      return depth > 6 ? fc.constant({}) : callerStruct(shape, depth);
    default:
      return fc.constant(undefined);
  }
}

function callerStruct(shape: StructShape, depth: number): fc.Arbitrary<unknown> {
  const members = Object.fromEntries(
    shape.members.map((member) => [member.name, callerValue(member.shape, depth + 1)]),
  );
  return fc
    .tuple(
      fc.record(members, { requiredKeys: [] }),
      // Members no schema knows, and explicit `null`s, which the serializer drops.
      fc.dictionary(fc.constantFrom('Extra', 'tablename', 'Unknown'), fc.constantFrom(1, 'x', null), { maxKeys: 2 }),
      fc.subarray(
        shape.members.map((member) => member.name),
        { maxLength: Math.min(2, shape.members.length) },
      ),
    )
    .map(([known, extra, nulls]) => ({ ...extra, ...known, ...Object.fromEntries(nulls.map((name) => [name, null])) }));
}

/** Attribute values as the engine answers them: base64 text for bytes. */
const wireAttributeValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ S: text }),
    fc.record({ N: fc.constantFrom('1', '-0.5') }),
    fc.record({ B: bytes.map((array) => Buffer.from(array).toString('base64')) }),
    fc.record({ SS: fc.array(text, { maxLength: 3 }) }),
    fc.record({
      BS: fc.array(
        bytes.map((array) => Buffer.from(array).toString('base64')),
        { maxLength: 3 },
      ),
    }),
    fc.record({ BOOL: fc.boolean() }),
    fc.record({ NULL: fc.constant(true) }),
    fc.record({ L: fc.array(tie('value'), { maxLength: 3 }) }),
    fc.record({ M: fc.dictionary(key, tie('value'), { maxKeys: 3 }) }),
  ),
})).value;

function wireValue(shape: WireShape, depth: number): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      return text;
    case 'number':
      return fc.oneof(
        { weight: 9, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
        { weight: 1, arbitrary: fc.constantFrom('Infinity', '-Infinity', 'NaN', '12') },
      );
    case 'boolean':
      return fc.boolean();
    case 'attributeValue':
      return wireAttributeValue;
    case 'list':
      return fc.array(wireValue(shape.member, depth + 1), { maxLength: 3 });
    case 'map':
      return fc.dictionary(key, wireValue(shape.value, depth + 1), { maxKeys: 3 });
    case 'struct': {
      if (depth > 6) return fc.constant({});
      const members = Object.fromEntries(
        shape.members.map((member) => [member.name, wireValue(member.shape, depth + 1)]),
      );
      return fc
        .tuple(
          fc.record(members, { requiredKeys: [] }),
          fc.dictionary(fc.constantFrom('Extra', '__type'), fc.constantFrom('x', null), { maxKeys: 1 }),
        )
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
    default:
      return fc.constant(null);
  }
}

// --- Properties ---------------------------------------------------------------------------

describe('direct wire conversion of data-plane commands', () => {
  for (const operation of OPERATIONS) {
    const conversion = directConversionOf(operation)!;

    it(`${operation.name}: the input becomes what the SDK serializer writes, or is left to it`, () => {
      let converted = 0;
      fc.assert(
        fc.property(callerValue(conversion.input, 0), (input) => {
          const direct = inputToWire(conversion.input, input);
          if (direct === undefined) return;
          converted++;
          const record = input as Record<string, unknown>;
          expectIdentical(
            withoutGeneratedToken(direct, record),
            withoutGeneratedToken(sdkWire(operation, input), record),
          );
        }),
        { numRuns: 300 },
      );
      // The generators make mostly well-formed inputs: most must take the direct path.
      expect(converted).toBeGreaterThan(30);
    });

    it(`${operation.name}: the answer becomes what the SDK deserializer reads`, () => {
      expect(conversion.output).toBeDefined();
      fc.assert(
        fc.property(wireValue(conversion.output!, 0), (wire) => {
          const expected = protocol.deserializer.readObject(operation.output, structuredClone(wire));
          expectIdentical(outputFromWire(conversion.output!, structuredClone(wire), decodeBase64), expected);
        }),
        { numRuns: 300 },
      );
    });

    it(`${operation.name}: the compiled shapes list the members the SDK schema has`, () => {
      expect(membersOf(conversion.input)).toEqual(sdkMembersOf(operation.input));
      expect(membersOf(conversion.output!)).toEqual(sdkMembersOf(operation.output));
    });
  }

  it('converts well-formed inputs directly, binaries and nested values included', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const input = {
      TableName: 't',
      Item: {
        pk: { S: 'a' },
        bin: { B: bytes },
        set: { BS: [bytes] },
        list: { L: [{ N: '1' }, { M: { x: { NULL: true } } }] },
      },
      ReturnValues: undefined,
    };
    const operation = OPERATIONS.find((candidate) => candidate.name === 'PutItem')!;
    expect(inputToWire(directConversionOf(operation)!.input, input)).toStrictEqual({
      TableName: 't',
      Item: {
        pk: { S: 'a' },
        bin: { B: 'AAEC+v8=' },
        set: { BS: ['AAEC+v8='] },
        list: { L: [{ N: '1' }, { M: { x: { NULL: true } } }] },
      },
    });
  });

  it('leaves a value nested past its recursion to the SDK serializer', () => {
    let deep: Record<string, unknown> = { S: 'x' };
    for (let level = 0; level < 100_000; level++) deep = { M: { a: deep } };
    const operation = OPERATIONS.find((candidate) => candidate.name === 'PutItem')!;
    expect(
      inputToWire(directConversionOf(operation)!.input, { TableName: 't', Item: { pk: { S: 'a' }, d: deep } }),
    ).toBeUndefined();
  });

  it('recognises the default client codec as the one it reproduces', () => {
    expect(reproducesCodecOf(protocol)).toBe(true);
    expect(reproducesCodecOf({ ...protocol, serializer: { write() {}, flush: () => '' } })).toBe(false);
  });

  it('converts only the inputs of other operations, leaving their answers to the SDK', () => {
    const command = new GetItemCommand({} as never) as unknown as { schema: unknown[] };
    const conversion = directConversionOf({
      ...operationOf('GetItem'),
      name: 'DescribeTable',
      input: () => command.schema[4],
    });
    expect(conversion?.input).toBeDefined();
    expect(conversion?.output).toBeUndefined();
  });
});

type Members = { [name: string]: Members } | string;

function membersOf(shape: WireShape, depth = 0): Members {
  if (depth > 5) return '…';
  switch (shape.kind) {
    case 'struct':
      return Object.fromEntries(shape.members.map((member) => [member.name, membersOf(member.shape, depth + 1)]));
    case 'list':
      return { '[]': membersOf(shape.member, depth + 1) };
    case 'map':
      return { '{}': membersOf(shape.value, depth + 1) };
    default:
      return shape.kind;
  }
}

function sdkMembersOf(schema: unknown, depth = 0): Members {
  if (depth > 5) return '…';
  const normalized = NormalizedSchema.of(schema as never);
  if (normalized.getName(true) === 'com.amazonaws.dynamodb#AttributeValue') return 'attributeValue';
  if (normalized.isStructSchema()) {
    return Object.fromEntries(
      [...normalized.structIterator()].map(([name, member]) => [name, sdkMembersOf(member, depth + 1)]),
    );
  }
  if (normalized.isListSchema()) return { '[]': sdkMembersOf(normalized.getValueSchema(), depth + 1) };
  if (normalized.isMapSchema()) return { '{}': sdkMembersOf(normalized.getValueSchema(), depth + 1) };
  if (normalized.isStringSchema()) return 'string';
  if (normalized.isNumericSchema()) return 'number';
  if (normalized.isBooleanSchema()) return 'boolean';
  if (normalized.isBlobSchema()) return 'blob';
  return 'unsupported';
}
