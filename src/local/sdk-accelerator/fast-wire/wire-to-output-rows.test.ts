import { BatchGetItemCommand, GetItemCommand, QueryCommand, TransactGetItemsCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { answerText } from '../../../engine/answer.js';
import { StoredItem } from '../../../engine/storage/stored-item.js';
import { createLocalClient } from '../../client/create-local-client.js';
import { sdkProtocolOf, type OperationSchema } from '../sdk-protocol.js';
import { directConversionOf } from './direct-conversion.js';
import { outputFromWire } from './wire-to-output.js';
import { expectIdentical } from './expect-identical.test-support.js';

// Answers of read operations may hold items as stored (`StoredItem`s); outputFromWire reads
// those it finds unparsed straight from their text. Whatever it does, the output must be
// what the SDK's deserializer builds from the answer's JSON, as over HTTP.

const client = createLocalClient({ inMemory: true });
afterAll(() => client.destroy());
const protocol = sdkProtocolOf(client);
const decodeBase64 = protocol.deserializer.serdeContext!.base64Decoder!;

function operationOf(Command: new (input: never) => unknown): OperationSchema {
  const command = new Command({} as never) as { schema: unknown[] };
  const [, namespace, name, traits, input, output] = command.schema;
  return { namespace: namespace as string, name: name as string, traits, input, output };
}

/** Names the readers treat specially (`__proto__`, array indexes, escapes) among ordinary ones. */
const name = fc.oneof(
  fc.constantFrom('pk', 'sk', 'data', '0', '10', '__proto__', 'constructor', '', 'é', '"', '\\'),
  fc.string({ maxLength: 4 }),
);
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', '"', '\\', '\u0000', '😀', 'x'.repeat(30)));
const base64 = fc.uint8Array({ maxLength: 10 }).map((bytes) => Buffer.from(bytes).toString('base64'));

/** Attribute values as storage holds them (what the engine validated and stored). */
const storedValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text.map((S) => ({ S })),
    fc.constantFrom('1', '-0.5', '1E+3').map((N) => ({ N })),
    base64.map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true }),
    fc.uniqueArray(text, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc.constantFrom(['1'], ['1', '2']).map((NS) => ({ NS })),
    fc.uniqueArray(base64, { minLength: 1, maxLength: 3 }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(name, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;
const storedItem = fc.dictionary(name, storedValue, { maxKeys: 6 });

/** A stored item, and whether something parsed it before the answer was converted. */
const row = fc.tuple(storedItem, fc.boolean()).map(([item, parsed]) => {
  const stored = new StoredItem(JSON.stringify(item), 1);
  if (parsed) void stored.item;
  return stored;
});

/** As Query builds it: a LastEvaluatedKey shares the values of the last row's parsed item. */
const queryAnswer = fc.tuple(fc.array(row, { maxLength: 4 }), fc.boolean()).map(([rows, full]) => {
  const answer: Record<string, unknown> = { Items: rows, Count: rows.length, ScannedCount: rows.length };
  const last = rows.at(-1);
  if (full && last) {
    const key: Record<string, unknown> = {};
    // Key attributes are strings, numbers or binaries.
    for (const member of ['pk', 'sk', '']) {
      const value = Object.hasOwn(last.item, member) ? last.item[member] : undefined;
      if (value && ('S' in value || 'N' in value || 'B' in value)) key[member] = value;
    }
    answer.LastEvaluatedKey = key;
  }
  return answer;
});

const ANSWERS: [OperationSchema, fc.Arbitrary<Record<string, unknown>>][] = [
  [operationOf(QueryCommand), queryAnswer],
  [operationOf(GetItemCommand), fc.option(row, { nil: undefined }).map((item) => (item ? { Item: item } : {}))],
  [
    operationOf(BatchGetItemCommand),
    fc
      .dictionary(fc.constantFrom('t', 'u'), fc.array(row, { maxLength: 3 }), { maxKeys: 2 })
      .map((Responses) => ({ Responses: { ...Responses }, UnprocessedKeys: {} })),
  ],
  [
    operationOf(TransactGetItemsCommand),
    fc
      .array(fc.option(row, { nil: undefined }), { maxLength: 3 })
      .map((rows) => ({ Responses: rows.map((item) => (item ? { Item: item } : {})) })),
  ],
];

describe('outputFromWire over answers holding stored rows', () => {
  for (const [operation, answers] of ANSWERS) {
    it(`${operation.name}: gives what the SDK reads from the answer's JSON`, () => {
      const shape = directConversionOf(operation)!.output!;
      fc.assert(
        fc.property(answers, (answer) => {
          const expected = protocol.deserializer.readObject(operation.output, JSON.parse(answerText(answer)));
          expectIdentical(outputFromWire(shape, answer, decodeBase64), expected, { descriptors: true });
        }),
        { numRuns: 400 },
      );
    });
  }

  it('reads an unparsed row from its text, binaries decoded as the SDK decodes them', () => {
    const shape = directConversionOf(operationOf(GetItemCommand))!.output!;
    const stored = new StoredItem(
      '{"b":{"B":"AAEC"},"s":{"BS":["AQ==","Ag=="]},"m":{"M":{"x":{"L":[{"B":"/w=="}]}}}}',
      1,
    );
    const output = outputFromWire(shape, { Item: stored }, decodeBase64) as {
      Item: Record<string, { B?: Uint8Array }>;
    };
    expect(stored.parsedItem).toBeUndefined();
    expect(output.Item.b.B).toBeInstanceOf(Uint8Array);
    expectIdentical(
      output,
      protocol.deserializer.readObject(operationOf(GetItemCommand).output, JSON.parse(answerText({ Item: stored }))),
      {
        descriptors: true,
      },
    );
  });
});
