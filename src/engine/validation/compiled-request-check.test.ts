import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRequestCheck } from './compiled-request-check.js';
import { referenceValidate } from './request-shape-reference.test-support.js';
import { validateRequestShape } from '../operations/registry.js';
import { structureSatisfies } from './satisfies-constraints.test-support.js';
import type { Shape } from './shape.js';
import { requestShapes } from '../operations/registry.js';

function outcome(validate: () => void): { type: string; message: string } | undefined {
  try {
    validate();
    return undefined;
  } catch (error) {
    const { name, message } = error as Error;
    return { type: name, message };
  }
}

/** Values of the wrong JSON type, or ones the deserializer converts. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -3, max: 300 }),
  fc.double({ noNaN: true, min: -5, max: 5 }),
  fc.boolean(),
  fc.constantFrom('yes', 'NO', 'true', '0', '1', 'maybe', ''),
  fc.constant([]),
  fc.constant({}),
  fc.constant([null]),
);

const mapKeys = fc.constantFrom('bench', 'ab', '#n', ':v', 'x'.repeat(256), 'bad name!', '', 'pk', '__proto__');

function attributeValue(depth: number): fc.Arbitrary<unknown> {
  const leaves: fc.Arbitrary<unknown>[] = [
    fc.string({ maxLength: 4 }).map((text) => ({ S: text })),
    fc.constantFrom('1', '01.5', 'abc').map((text) => ({ N: text })),
    fc.boolean().map((flag) => ({ BOOL: flag })),
    fc.constant({ NULL: true }),
    fc.constantFrom('AQ==', 'AR==', 'abc').map((text) => ({ B: text })),
    fc.constant({ SS: ['a', 'b'] }),
    fc.constant({ S: 'a', N: '1' }),
    fc.constant({ S: null, N: '1' }),
    fc.constant({ Unknown: 'x' }),
    fc.constantFrom({ S: 5 }, { N: [] }, { BOOL: 'yes' }, { NULL: 'no' }, { M: 'x' }, { L: {} }, { M: null }, {}),
    // Sets and binaries of the wrong JSON type, whole or in an element.
    fc.constantFrom(
      { SS: [1] },
      { SS: 'x' },
      { NS: [null, '1'] },
      { BS: ['AQ==', 'abc'] },
      { BS: {} },
      { SS: [['a']] },
    ),
    fc.constantFrom({ B: 5 }, { B: [] }, { NS: { a: '1' } }, { L: 'x', M: [] }, { BOOL: 1, NULL: 'yes' }),
    junk,
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const nested = attributeValue(depth - 1);
  return fc.oneof(
    ...leaves,
    fc.dictionary(mapKeys, fc.oneof(nested, fc.constant(null)), { maxKeys: 3 }).map((members) => ({ M: members })),
    fc.array(fc.oneof(nested, fc.constant(null)), { maxLength: 3 }).map((elements) => ({ L: elements })),
    // Several members, one of them nested: each is deserialized, in the shape's order.
    nested.map((inner) => ({ S: 'a', M: { k: inner } })),
    nested.map((inner) => ({ L: [inner], BOOL: 'yes' })),
  );
}

function proper(shape: Shape, depth: number): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      // Mostly valid, so that one broken constraint is often the only one.
      return shape.enum
        ? fc.oneof(
            { weight: 9, arbitrary: fc.constantFrom(...shape.enum) },
            { weight: 1, arbitrary: fc.constant('BOGUS') },
          )
        : fc.oneof(
            { weight: 9, arbitrary: fc.constantFrom('bench', 'abc', 'x'.repeat(255), 'a'.repeat(128), 'a') },
            { weight: 1, arbitrary: fc.constantFrom('ab', 'x'.repeat(256), 'bad name!', '', 'a'.repeat(129)) },
          );
    case 'number':
      return fc.oneof(
        fc.integer({ min: -2, max: 120 }),
        fc.constantFrom(0, 1, 100, 101, 1.5),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -2, max: 120 }),
      );
    case 'boolean':
      return fc.boolean();
    case 'blob':
      return fc.constantFrom('AQ==', 'AR==', 'abc');
    case 'list':
      return fc.array(valueOf(shape.member, depth - 1), { minLength: depth > 0 ? 1 : 0, maxLength: depth > 0 ? 3 : 0 });
    case 'map':
      return fc.dictionary(
        shape.keys ? fc.constantFrom('bench', 'abc', 'ab') : mapKeys,
        valueOf(shape.value, depth - 1),
        {
          minKeys: depth > 0 ? 1 : 0,
          maxKeys: depth > 0 ? 3 : 0,
        },
      );
    case 'structure': {
      const members: Record<string, fc.Arbitrary<unknown>> = { Unknown: junk };
      for (const [name, member] of Object.entries(shape.members)) members[name] = valueOf(member.shape, depth - 1);
      const required = Object.keys(shape.members).filter((name) => shape.members[name].required);
      return fc.record(members, { requiredKeys: required });
    }
    case 'attributeValue':
      return attributeValue(2);
  }
}

function valueOf(shape: Shape, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 20, arbitrary: proper(shape, depth) }, { weight: 1, arbitrary: junk });
}

const requests = fc
  .constantFrom(...Object.keys(requestShapes))
  .chain((operation) =>
    proper(requestShapes[operation], 5).map((request) => ({ operation, request: request as Record<string, unknown> })),
  );

const compiledChecks = new Map(Object.values(requestShapes).map((shape) => [shape, compileRequestCheck(shape)]));

describe('the compiled request check', () => {
  it('throws what the interpreted path throws and converts the request the same way', () => {
    const outcomes = { passed: 0, violations: 0, serialization: 0 };
    fc.assert(
      fc.property(requests, ({ operation, request }) => {
        const viaReference = structuredClone(request);
        const viaCompiled = structuredClone(request);
        const expected = outcome(() => referenceValidate(operation, viaReference));
        expect(outcome(() => validateRequestShape(operation, viaCompiled))).toEqual(expected);
        outcomes[
          expected === undefined ? 'passed' : expected.type === 'ValidationException' ? 'violations' : 'serialization'
        ]++;
        if (expected === undefined || expected.type !== 'SerializationException') {
          expect(viaCompiled).toStrictEqual(viaReference);
          // The compiled answer itself, not only the error it leads to, matches the reference.
          const shape = requestShapes[operation];
          expect(compiledChecks.get(shape)?.(structuredClone(request))).toBe(structureSatisfies(viaReference, shape));
        }
      }),
      { numRuns: 3000 },
    );
    // The property only tells something when all three outcomes are common.
    expect(outcomes.passed).toBeGreaterThan(300);
    expect(outcomes.violations).toBeGreaterThan(300);
    expect(outcomes.serialization).toBeGreaterThan(300);
  });

  it('passes well-formed requests of every shape unchanged', () => {
    const request = {
      TableName: 'bench',
      Key: { pk: { S: 'a' }, sk: { N: '1' } },
      UpdateExpression: 'SET #n = #n + :one',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': { N: '1' }, ':m': { M: { a: { L: [{ BOOL: true }, { NULL: true }] } } } },
      ReturnValues: 'ALL_NEW',
    };
    const copy = structuredClone(request);
    validateRequestShape('UpdateItem', copy);
    expect(copy).toStrictEqual(request);
  });

  it('judges members inherited from a prototype without converting them, as the reference does', () => {
    const inherited = (limit: unknown) =>
      Object.assign(Object.create({ Limit: limit }), { TableName: 'bench' }) as Record<string, unknown>;
    expect(outcome(() => validateRequestShape('Query', inherited(0)))).toEqual(
      outcome(() => referenceValidate('Query', inherited(0))),
    );
    expect(outcome(() => validateRequestShape('Query', inherited(5)))).toBeUndefined();
  });

  it('still fails an own member set to undefined as the deserializer does', () => {
    const request = { TableName: 'bench', ProjectionExpression: undefined, Key: { pk: { S: 'a' } } };
    expect(outcome(() => validateRequestShape('GetItem', { ...request }))).toEqual(
      outcome(() => referenceValidate('GetItem', { ...request })),
    );
  });
});
