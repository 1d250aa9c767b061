import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConditionNode, DocumentPath, Operand, UpdateAction, UpdateNode, UpdateValue } from './ast.js';
import { sortByPath } from './apply-update.js';
import { conditionHasNestedPath, conditionPaths, updateHasNestedPath, updatePaths } from './referenced-paths.js';

/*
 * Helpers that replace list-building code on every request (an insertion sort for the
 * built-in sort, walks for `paths(...).some(nested)`) must answer as the code they replace.
 */

const path: fc.Arbitrary<DocumentPath> = fc
  .tuple(fc.constantFrom('a', 'b', 'pk'), fc.array(fc.oneof(fc.constantFrom('a', 'b'), fc.nat(3)), { maxLength: 2 }))
  .map(([head, rest]) => [head, ...rest]);

const operand: fc.Arbitrary<Operand> = fc.letrec<{ operand: Operand }>((tie) => ({
  operand: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    path.map((each): Operand => ({ kind: 'path', path: each })),
    fc.constant<Operand>({ kind: 'value', value: { S: 'v' } }),
    tie('operand').map((inner): Operand => ({ kind: 'size', operand: inner })),
  ),
})).operand;

const condition: fc.Arbitrary<ConditionNode> = fc.letrec<{ condition: ConditionNode }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(operand, operand)
      .map(([left, right]): ConditionNode => ({ kind: 'compare', comparator: '=', left, right })),
    fc
      .tuple(operand, operand, operand)
      .map(([each, lower, upper]): ConditionNode => ({ kind: 'between', operand: each, lower, upper })),
    fc
      .tuple(operand, fc.array(operand, { maxLength: 3 }))
      .map(([each, candidates]): ConditionNode => ({ kind: 'in', operand: each, candidates })),
    fc.array(operand, { maxLength: 2 }).map((args): ConditionNode => ({ kind: 'function', name: 'contains', args })),
    tie('condition').map((inner): ConditionNode => ({ kind: 'not', operand: inner })),
    fc.tuple(tie('condition'), tie('condition')).map(([left, right]): ConditionNode => ({ kind: 'and', left, right })),
  ),
})).condition;

const updateValue: fc.Arbitrary<UpdateValue> = fc.letrec<{ value: UpdateValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    path.map((each): UpdateValue => ({ kind: 'path', path: each })),
    fc.constant<UpdateValue>({ kind: 'value', value: { N: '1' } }),
    fc
      .tuple(path, tie('value'))
      .map(([each, fallback]): UpdateValue => ({ kind: 'if_not_exists', path: each, fallback })),
    fc
      .tuple(tie('value'), tie('value'))
      .map(([first, second]): UpdateValue => ({ kind: 'list_append', first, second })),
    fc.tuple(tie('value'), tie('value')).map(([left, right]): UpdateValue => ({ kind: 'plus', left, right })),
  ),
})).value;

const update: fc.Arbitrary<UpdateNode> = fc
  .array(
    fc.oneof(
      fc.tuple(path, updateValue).map(([target, value]): UpdateAction => ({ kind: 'set', path: target, value })),
      path.map((target): UpdateAction => ({ kind: 'remove', path: target })),
      path.map((target): UpdateAction => ({ kind: 'add', path: target, value: { N: '1' } })),
    ),
    { maxLength: 5 },
  )
  .map((actions) => ({ actions }));

const isNested = (each: DocumentPath) => each.length > 1;

/** A total order on paths, as the update's orders are. */
function comparePaths(a: DocumentPath, b: DocumentPath): number {
  const left = JSON.stringify(a);
  const right = JSON.stringify(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

describe('allocation-free helpers', () => {
  it('conditionHasNestedPath is conditionPaths(…).some(nested)', () => {
    fc.assert(
      fc.property(condition, (node) => {
        expect(conditionHasNestedPath(node)).toBe(conditionPaths(node).some(isNested));
      }),
      { numRuns: 3000 },
    );
  });

  it('updateHasNestedPath is updatePaths(…).some(nested)', () => {
    fc.assert(
      fc.property(update, (node) => {
        expect(updateHasNestedPath(node)).toBe(updatePaths(node).some(isNested));
      }),
      { numRuns: 3000 },
    );
  });

  it('sortByPath sorts as the built-in stable sort, short lists or long', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(path, fc.nat()), { maxLength: 40, size: 'max' }), (entries) => {
        const sorted = entries.map(([each, id]) => ({ path: each, id }));
        const expected = [...sorted].sort((a, b) => comparePaths(a.path, b.path));
        sortByPath(sorted, comparePaths);
        expect(sorted).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
