import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessPatternDefinition } from '../model/model.js';
import { createCursorCodec } from './cursor.js';
import { InvalidCursorError } from './errors.js';
import { listingOf } from './pattern-query.js';

/** A LastEvaluatedKey as the DocumentClient hands it over: strings, numbers, bigints, bytes. */
const keyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }),
  fc.uint8Array({ maxLength: 8 }),
);
const lastEvaluatedKey = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__'),
  keyValue,
  { minKeys: 1, maxKeys: 5 },
);
/** A sharded cursor's state: one position per shard. */
const shardPositions = fc.array(
  fc.oneof(
    fc.constant(null),
    fc.constant('done'),
    lastEvaluatedKey.map((after) => ({ after })),
  ),
  { minLength: 1, maxLength: 6 },
);
const listing = fc.string({ minLength: 1, maxLength: 40 });
const pattern = (name: string) => ({ name }) as AccessPatternDefinition;

const reasonOf = (decode: () => unknown): string | undefined => {
  try {
    decode();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidCursorError);
    return (error as InvalidCursorError).payload.reason;
  }
};

describe('cursors (property)', () => {
  const codec = createCursorCodec('secret');

  it('give back exactly the state they were made from, bytes and bigints included', () => {
    fc.assert(
      fc.property(listing, fc.oneof(lastEvaluatedKey, shardPositions), (where, state) => {
        expect(codec.decode(where, codec.encode(where, state))).toEqual(state);
      }),
    );
  });

  it('refuse any edit of one character, never giving back a state', () => {
    fc.assert(
      fc.property(
        listing,
        lastEvaluatedKey,
        fc.nat(),
        fc.constantFrom(...'ABCabc019-_.=+/ '),
        (where, state, at, replacement) => {
          const cursor = codec.encode(where, state);
          const index = at % cursor.length;
          fc.pre(cursor[index] !== replacement);
          const edited = cursor.slice(0, index) + replacement + cursor.slice(index + 1);
          expect(['tampered', 'malformed']).toContain(reasonOf(() => codec.decode(where, edited)));
        },
      ),
    );
  });

  it('refuse a cut or lengthened cursor', () => {
    fc.assert(
      fc.property(
        listing,
        lastEvaluatedKey,
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 4 }),
        (where, state, cut, extra) => {
          const cursor = codec.encode(where, state);
          expect(reasonOf(() => codec.decode(where, cursor.slice(0, cut % cursor.length)))).toBeDefined();
          expect(reasonOf(() => codec.decode(where, cursor + extra))).toBeDefined();
        },
      ),
    );
  });

  it('made for one listing are refused by any other as other-listing', () => {
    fc.assert(
      fc.property(listing, listing, lastEvaluatedKey, (mine, other, state) => {
        fc.pre(mine !== other);
        expect(reasonOf(() => codec.decode(other, codec.encode(mine, state)))).toBe('other-listing');
      }),
    );
  });

  it('signed with another secret are refused as tampered', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), listing, lastEvaluatedKey, (a, b, where, state) => {
        fc.pre(a !== b);
        expect(reasonOf(() => createCursorCodec(b).decode(where, createCursorCodec(a).encode(where, state)))).toBe(
          'tampered',
        );
      }),
    );
  });

  it('refuse any text they did not make as malformed or tampered', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(['malformed', 'tampered']).toContain(reasonOf(() => codec.decode('l', text)));
      }),
    );
  });
});

describe('listings a cursor is bound to (property)', () => {
  const params = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 6 }).filter((k) => k !== '__proto__'),
    fc.oneof(fc.string(), fc.integer(), fc.bigInt()),
    { maxKeys: 4 },
  );

  it('do not depend on the order the parameters are given in', () => {
    fc.assert(
      fc.property(params, (values) => {
        const reversed = Object.fromEntries(Object.entries(values).reverse());
        expect(listingOf('t', pattern('p'), reversed)).toBe(listingOf('t', pattern('p'), values));
      }),
    );
  });

  it('differ between tables, patterns and parameter values', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3 }), fc.string({ minLength: 3 }), params, params, (tableA, tableB, a, b) => {
        fc.pre(tableA !== tableB && !tableA.includes('\n') && !tableB.includes('\n'));
        expect(listingOf(tableA, pattern('p'), a)).not.toBe(listingOf(tableB, pattern('p'), a));
        expect(listingOf(tableA, pattern('p'), a)).not.toBe(listingOf(tableA, pattern('q'), a));
        if (
          JSON.stringify(
            Object.entries(a)
              .map(([k, v]) => [k, String(v)])
              .sort(),
          ) !==
          JSON.stringify(
            Object.entries(b)
              .map(([k, v]) => [k, String(v)])
              .sort(),
          )
        ) {
          expect(listingOf(tableA, pattern('p'), a)).not.toBe(listingOf(tableA, pattern('p'), b));
        }
      }),
    );
  });

  it('make a cursor of one table refused on another table of the same model', () => {
    const codec = createCursorCodec('monotable:tasks');
    fc.assert(
      fc.property(
        fc.string({ minLength: 3 }),
        fc.string({ minLength: 3 }),
        params,
        lastEvaluatedKey,
        (tableA, tableB, values, state) => {
          fc.pre(tableA !== tableB);
          const cursor = codec.encode(listingOf(tableA, pattern('p'), values), state);
          expect(reasonOf(() => codec.decode(listingOf(tableB, pattern('p'), values), cursor))).toBe('other-listing');
        },
      ),
    );
  });
});
