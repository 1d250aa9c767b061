import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PathElement, UpdateAction } from './ast.js';
import { pathElementIterationOrder } from './document-path-hash-order.js';
import { actionsInEvaluationOrder } from './update-evaluation-order.js';

/*
 * Updates of distinct top-level attributes take a shortcut to their evaluation order. It
 * must be the order of the path tree, built here as the general case builds it.
 */
interface Node {
  readonly children: Map<PathElement, Node>;
  action?: UpdateAction;
}

function treeOrder(actions: readonly UpdateAction[]): UpdateAction[] {
  const root: Node = { children: new Map() };
  for (let index = actions.length - 1; index >= 0; index--) {
    let node = root;
    for (const element of actions[index].path) {
      let child = node.children.get(element);
      if (!child) node.children.set(element, (child = { children: new Map() }));
      node = child;
    }
    node.action = actions[index];
  }
  const ordered: UpdateAction[] = [];
  const walk = (node: Node): void => {
    if (node.action) ordered.push(node.action);
    for (const element of pathElementIterationOrder([...node.children.keys()]))
      walk(node.children.get(element) as Node);
  };
  walk(root);
  return ordered;
}

const element: fc.Arbitrary<PathElement> = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
  fc.nat(30),
);
const action: fc.Arbitrary<UpdateAction> = fc.oneof(
  fc.array(element, { minLength: 1, maxLength: 2 }).map((path): UpdateAction => ({ kind: 'remove', path })),
  fc.string({ maxLength: 3 }).map((name): UpdateAction => ({ kind: 'remove', path: [name] })),
);

describe('evaluation order of an update', () => {
  it('is the order of the path tree, top-level names or not, repeats or not', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        expect(actionsInEvaluationOrder(actions)).toEqual(treeOrder(actions));
      }),
      { numRuns: 1000 },
    );
  });

  it('orders more names than one table of buckets holds', () => {
    const actions = Array.from(
      { length: 40 },
      (_, index): UpdateAction => ({ kind: 'remove', path: [`name${index}`] }),
    );
    expect(actionsInEvaluationOrder(actions)).toEqual(treeOrder(actions));
  });

  it('orders top-level names that differ only in how the same characters split', () => {
    // A small alphabet: lists of names repeat and differ only in how the same characters
    // split into names ("ab", "c" against "a", "bc").
    const name = fc.string({ unit: fc.constantFrom('a', 'b', ':', '1'), maxLength: 3 });
    const topLevel = fc
      .array(name, { maxLength: 6 })
      .map((names) =>
        names.map(
          (attribute, position): UpdateAction =>
            position % 2
              ? { kind: 'remove', path: [attribute] }
              : { kind: 'set', path: [attribute], value: { kind: 'value', value: { N: '1' } } },
        ),
      );
    fc.assert(
      fc.property(fc.array(topLevel, { minLength: 2, maxLength: 4 }), (updates) => {
        for (const actions of updates) expect(actionsInEvaluationOrder(actions)).toEqual(treeOrder(actions));
      }),
      { numRuns: 2000 },
    );
  });
});
