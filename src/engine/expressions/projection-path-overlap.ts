import type { DocumentPath, PathElement } from './ast.js';
import { formatPathForMessage, invalidExpression, type ExpressionKind } from './expression-errors.js';
import { pathElementIterationOrder } from './document-path-hash-order.js';

/**
 * A ProjectionExpression's paths must not overlap (`a` and `a.b`, or `a` twice) nor step
 * into one parent once as a map and once as a list (`a.b` and `a[0]`). DynamoDB Local
 * finds the problem while it merges the paths into a tree from the last path to the
 * first, so "path one" is the latest path that clashes with a path after it. "Path two"
 * is not that other path: it is the first leaf below the node where the clash was found,
 * walking each node's children in the iteration order of DynamoDB Local's `HashMap` of
 * path elements (see document-path-hash-order.ts).
 */
export function checkProjectionPathsDisjoint(kind: ExpressionKind, paths: readonly DocumentPath[]): void {
  const root = new PathNode();
  for (let index = paths.length - 1; index >= 0; index--) {
    const path = paths[index];
    let node = root;
    let parent = root;
    for (const element of path) {
      const sibling = node.children.keys().next();
      if (!sibling.done && typeof sibling.value !== typeof element)
        throw clash(kind, 'conflict', path, node.firstLeafPath());
      let child = node.children.get(element);
      if (child?.terminal) throw clash(kind, 'overlap', path, node.firstLeafPath());
      if (!child) {
        child = new PathNode([...node.path, element]);
        node.children.set(element, child);
      }
      parent = node;
      node = child;
    }
    if (node.children.size > 0) throw clash(kind, 'overlap', path, parent.firstLeafPath());
    node.terminal = true;
  }
}

function clash(kind: ExpressionKind, relation: 'overlap' | 'conflict', one: DocumentPath, two: DocumentPath) {
  return invalidExpression(
    kind,
    `Two document paths ${relation} with each other; must remove or rewrite one of these paths; path one: ${formatPathForMessage(one)}, path two: ${formatPathForMessage(two)}`,
  );
}

class PathNode {
  readonly children = new Map<PathElement, PathNode>();
  terminal = false;

  constructor(readonly path: DocumentPath = []) {}

  /** The path of the leaf reached by always taking the child DynamoDB Local's HashMap iterates first. */
  firstLeafPath(): DocumentPath {
    let node: PathNode = this;
    while (node.children.size > 0) {
      const [first] = pathElementIterationOrder([...node.children.keys()]);
      node = node.children.get(first) as PathNode;
    }
    return node.path;
  }
}
