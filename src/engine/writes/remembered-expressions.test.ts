import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExpressionMemo } from '../expressions/expression-memo.js';
import type { Storage, StoredTableDefinition } from '../storage/storage.js';
import type { AttributeValue } from '../values/attribute-value.js';
import { prepareDelete, preparePut, prepareUpdate, type WriteRequest } from './prepare-write.js';

/*
 * A write request of the same shape as one that passed every expression check (same texts,
 * names, value keys and value types) reuses its checked ASTs with the new values. Whatever
 * the sequence of requests, each must be prepared exactly as with nothing remembered: same
 * update and condition, or the same error.
 */

const table: StoredTableDefinition = {
  name: 'T',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalIndexes: [],
  localIndexes: [],
  description: {},
};
const storage = { requireTable: () => table } as unknown as Storage;
/** The memo the requests are prepared with, as an engine's. */
const memo = new ExpressionMemo();

const UPDATES = [
  'SET #n = #n + :one, #s = :status',
  'SET #a = :v',
  'ADD #n :one',
  'DELETE #a :v',
  'SET #l = list_append(if_not_exists(#l, :empty), :v)',
  'SET #a = if_not_exists(#a, :v) ADD #n :one',
  'REMOVE #a, #b',
  'SET #m.#a = :v REMOVE #b',
  'SET #a = :v - :one',
  'SET pk = :v',
];
const CONDITIONS = [
  'attribute_exists(pk) AND #s IN (:open, :busy)',
  '#n < :one',
  'size(#a) > :v',
  'begins_with(#a, :v)',
  '#a BETWEEN :v AND :one',
  '#a BETWEEN #n AND :one',
  'attribute_type(#a, :v)',
  'NOT contains(#a, :v) OR #n = :one',
  '#a.#b = :v',
  'attribute_not_exists(#a)',
];
const NAME_KEYS = ['#n', '#s', '#a', '#b', '#l', '#m'];
const NAMES = ['n', 'status', 'a', 'b', 'pk', 'l'];
const VALUE_KEYS = [':one', ':status', ':open', ':busy', ':v', ':empty'];
const VALUES: AttributeValue[] = [
  { N: '1' },
  { N: '01.50' },
  { N: '2' },
  { S: 'open' },
  { S: 'busy' },
  { S: 'S' },
  { S: 'NX' },
  { S: '' },
  { B: 'AQ==' },
  { BOOL: true },
  { NULL: true },
  { L: [{ S: 'x' }] },
  { L: [] },
  { SS: ['a', 'b'] },
  { NS: ['1'] },
  { M: { a: { N: '1' } } },
  { N: 'not a number' },
  { SS: [] },
];

const tokensOf = (text: string | undefined, pattern: RegExp): string[] => [...new Set(text?.match(pattern) ?? [])];

/** The same type with other (valid) contents, so that a request of a remembered shape brings new values. */
function otherContent(value: AttributeValue, seed: number): AttributeValue {
  if ('S' in value) return { S: ['open', 'busy', 'S', 'NX', ''][seed % 5] };
  if ('N' in value) return { N: ['1', '2', '01.50', '-3e2', '0'][seed % 5] };
  if ('SS' in value) return { SS: [['a'], ['a', 'b'], ['b']][seed % 3] };
  if ('L' in value) return { L: ([[], [{ S: 'x' }], [{ N: '1' }, { NULL: true }]] as AttributeValue[][])[seed % 3] };
  return value;
}

/** A usual value for each token, of a type its expressions mostly accept. */
const usualValues = fc.tuple(
  fc.constantFrom<AttributeValue>({ N: '1' }, { N: '1' }, { S: 'a' }),
  fc.constantFrom<AttributeValue>({ S: 'open' }, { S: 'open' }, { N: '1' }),
  fc.constantFrom<AttributeValue>({ S: 'open' }),
  fc.constantFrom<AttributeValue>({ S: 'busy' }),
  fc.constantFrom<AttributeValue>({ S: 'x' }, { N: '1' }, { L: [] }, { SS: ['a'] }, { B: 'AQ==' }),
  fc.constantFrom<AttributeValue>({ L: [] }, { L: [] }, { S: 'x' }),
);

/** `undefined` but one time in nine. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary, weight: 1 });

/**
 * One request of a sequence: which of the sequence's expression pairs it sends, and how its
 * maps are drawn. Most requests send the pair's usual maps (values of the usual types with
 * other contents), so that shapes repeat; the others change a name, a value type, or leave
 * a key out or add one.
 */
const requestChoice = fc.record({
  pair: fc.constantFrom(0, 0, 0, 1, 2),
  usual: fc.nat(9),
  name: fc.constantFrom(...NAMES),
  value: fc.constantFrom(...VALUES),
  seed: fc.nat(59),
  extraName: rarely(fc.constantFrom(...NAME_KEYS)),
  extraValue: rarely(fc.constantFrom(...VALUE_KEYS)),
  dropName: fc.integer({ min: 0, max: 20 }),
  dropValue: fc.integer({ min: 0, max: 20 }),
});

const expressionPair = (withUpdates: boolean) =>
  fc
    .record({
      update: withUpdates
        ? fc.option(fc.constantFrom(...UPDATES), { freq: 3, nil: undefined })
        : fc.constant(undefined),
      condition: fc.option(fc.constantFrom(...CONDITIONS), { freq: 2, nil: undefined }),
      names: fc.array(fc.constantFrom(...NAMES), { minLength: 6, maxLength: 6 }),
      values: usualValues,
    })
    .filter((pair) => pair.update !== undefined || pair.condition !== undefined);

/** Sequences of requests over up to three expression pairs (conditions only, or updates too). */
const requestSequence = (withUpdates: boolean): fc.Arbitrary<WriteRequest[]> =>
  fc
    .tuple(
      fc.array(expressionPair(withUpdates), { minLength: 3, maxLength: 3 }),
      fc.array(requestChoice, { minLength: 1, maxLength: 12 }),
    )
    .map(([pairs, choices]) =>
      choices.map((choice) => {
        const pair = pairs[choice.pair];
        const texts = `${pair.update ?? ''} ${pair.condition ?? ''}`;
        const nameKeys = tokensOf(texts, /#\w+/g).filter((_, index) => index !== choice.dropName);
        const valueKeys = tokensOf(texts, /:\w+/g).filter((_, index) => index !== choice.dropValue);
        if (choice.extraName !== undefined && !nameKeys.includes(choice.extraName)) nameKeys.push(choice.extraName);
        if (choice.extraValue !== undefined && !valueKeys.includes(choice.extraValue))
          valueKeys.push(choice.extraValue);
        const names = Object.fromEntries(
          nameKeys.map((key, index) => [
            key,
            choice.usual === 0 && index === 0 ? choice.name : pair.names[NAME_KEYS.indexOf(key)],
          ]),
        );
        const values = Object.fromEntries(
          valueKeys.map((key, index) => {
            const usual = pair.values[VALUE_KEYS.indexOf(key)];
            return [key, choice.usual === 1 && index === 0 ? choice.value : otherContent(usual, choice.seed + index)];
          }),
        );
        return {
          TableName: 'T',
          Key: { pk: { S: 'p' }, sk: { S: 's' } },
          ...(pair.update === undefined ? {} : { UpdateExpression: pair.update }),
          ...(pair.condition === undefined ? {} : { ConditionExpression: pair.condition }),
          ...(nameKeys.length === 0 ? {} : { ExpressionAttributeNames: names }),
          ...(valueKeys.length === 0 ? {} : { ExpressionAttributeValues: values }),
        };
      }),
    );

type Prepare = typeof prepareUpdate;

/** What preparing gives, comparable: the expressions' ASTs, or the error's type and message. */
function outcome(prepare: Prepare, input: WriteRequest, withMemo: ExpressionMemo | undefined): unknown {
  try {
    const write = prepare(storage, structuredClone(input), undefined, withMemo);
    return { update: write.update, condition: write.condition };
  } catch (error) {
    return { error: (error as { type?: string }).type, message: (error as Error).message };
  }
}

function assertSameAsFullChecks(prepare: Prepare, requests: readonly WriteRequest[]): void {
  for (const input of requests) {
    // With whatever the requests before left remembered…
    const remembered = outcome(prepare, input, memo);
    // …and with nothing remembered (no memo): every check runs.
    expect(remembered).toEqual(outcome(prepare, input, undefined));
  }
}

describe('remembered expression checks', () => {
  it('prepare an UpdateItem as the full checks do, whatever came before', () => {
    fc.assert(
      fc.property(requestSequence(true), (requests) => {
        memo.clear();
        assertSameAsFullChecks(prepareUpdate, requests);
      }),
      { numRuns: 3000 },
    );
  });

  it('prepare a conditional PutItem and DeleteItem as the full checks do', () => {
    const put: Prepare = (storageOf, input, options, withMemo) =>
      preparePut(storageOf, { ...input, Item: { pk: { S: 'p' }, sk: { S: 's' }, a: { S: 'x' } } }, options, withMemo);
    fc.assert(
      fc.property(requestSequence(false), (requests) => {
        memo.clear();
        assertSameAsFullChecks(put, requests);
        assertSameAsFullChecks(prepareDelete, requests);
      }),
      { numRuns: 1000 },
    );
  });

  it('reuse the checked update for the same shape, with the new values', () => {
    memo.clear();
    const input = (status: string): WriteRequest => ({
      TableName: 'T',
      Key: { pk: { S: 'p' }, sk: { S: 's' } },
      UpdateExpression: 'SET #n = #n + :one, #s = :status',
      ConditionExpression: 'attribute_exists(pk) AND #s IN (:open, :busy)',
      ExpressionAttributeNames: { '#n': 'n', '#s': 'status' },
      ExpressionAttributeValues: {
        ':one': { N: '1.0' },
        ':status': { S: status },
        ':open': { S: 'open' },
        ':busy': { S: 'busy' },
      },
    });
    const first = prepareUpdate(storage, input('open'), undefined, memo);
    const second = prepareUpdate(storage, input('busy'), undefined, memo);
    expect(second.update).toEqual({
      actions: [
        {
          kind: 'set',
          path: ['n'],
          value: { kind: 'plus', left: { kind: 'path', path: ['n'] }, right: { kind: 'value', value: { N: '1' } } },
        },
        { kind: 'set', path: ['status'], value: { kind: 'value', value: { S: 'busy' } } },
      ],
    });
    expect(first.update).not.toEqual(second.update);
    // Paths are shared with the template; values never are (they may end up in items).
    const firstAction = first.update?.actions[1];
    const secondAction = second.update?.actions[1];
    expect(secondAction?.path).toBe(firstAction?.path);
    const valueOf = (action: typeof firstAction) =>
      action?.kind === 'set' && action.value.kind === 'value' ? action.value.value : undefined;
    expect(valueOf(secondAction)).not.toBe(valueOf(firstAction));
  });

  it('rejects a value of another type through the full checks', () => {
    memo.clear();
    const input = (one: AttributeValue): WriteRequest => ({
      TableName: 'T',
      Key: { pk: { S: 'p' }, sk: { S: 's' } },
      UpdateExpression: 'SET #n = #n + :one',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': one },
    });
    prepareUpdate(storage, input({ N: '1' }), undefined, memo);
    expect(() => prepareUpdate(storage, input({ S: '1' }), undefined, memo)).toThrow(
      'Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S',
    );
  });
});
