import type { DocumentPath, PathElement } from './ast.js';
import { formatPathForMessage, invalidExpression, type ExpressionKind } from './expression-errors.js';
import { javaStringHash } from './java-hash-order.js';

/**
 * A ProjectionExpression's paths must not overlap (`a` and `a.b`, or `a` twice) nor step
 * into one parent once as a map and once as a list (`a.b` and `a[0]`). DynamoDB Local
 * finds the problem while it merges the paths into a tree from the last path to the
 * first, so "path one" is the latest path that clashes with a path after it. "Path two"
 * is not that other path: it is the last leaf below the node where the clash was found
 * in the tree of the paths after path one, walking each node's children in the iteration
 * order of a Java `HashMap` filled in request order. Reproducing the message means
 * reproducing that walk. (Observed to hold for short names; some longer names, such as
 * `lst`, iterate earlier than their `String.hashCode()` bucket suggests.)
 */
export function checkProjectionPathsDisjoint(kind: ExpressionKind, paths: readonly DocumentPath[]): void {
  const root = new PathNode();
  for (let index = paths.length - 1; index >= 0; index--) {
    const path = paths[index];
    let node = root;
    let parent = root;
    const visited: PathNode[] = [];
    for (const element of path) {
      const sibling = node.children.keys().next();
      if (!sibling.done && typeof sibling.value !== typeof element) throw clash(kind, 'conflict', path, node.lastLeafPath());
      let child = node.children.get(element);
      if (child?.terminal) throw clash(kind, 'overlap', path, node.lastLeafPath());
      if (!child) {
        child = new PathNode([...node.path, element]);
        node.children.set(element, child);
      }
      parent = node;
      node = child;
      visited.push(child);
    }
    if (node.children.size > 0) throw clash(kind, 'overlap', path, parent.lastLeafPath());
    node.terminal = true;
    // Only now is this path part of the tree the next (earlier) path is checked against.
    for (const step of visited) step.firstUse = index;
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
  /** Index of the first request path through this node, among the paths merged so far. */
  firstUse = Number.POSITIVE_INFINITY;

  constructor(readonly path: DocumentPath = []) {}

  /** The path of the leaf reached by always taking the child a Java HashMap iterates last. */
  lastLeafPath(): DocumentPath {
    let node: PathNode = this;
    while (node.children.size > 0) node = lastInHashMapOrder(node.children);
    return node.path;
  }
}

/**
 * The child a `HashMap` (16 buckets, doubled past 3/4 full) filled in request order
 * iterates last: the highest bucket, the latest inserted within it. Names hash as Java
 * strings, list indexes as Java integers (the value itself).
 */
function lastInHashMapOrder(children: ReadonlyMap<PathElement, PathNode>): PathNode {
  let tableSize = 16;
  while (children.size > tableSize * 0.75) tableSize *= 2;
  const bucketOf = (key: PathElement): number => {
    const hash = typeof key === 'number' ? key | 0 : javaStringHash(key);
    return (hash ^ (hash >>> 16)) & (tableSize - 1);
  };
  let last: { bucket: number; node: PathNode } | undefined;
  for (const [key, node] of children) {
    const bucket = bucketOf(key);
    if (!last || bucket > last.bucket || (bucket === last.bucket && node.firstUse > last.node.firstUse)) last = { bucket, node };
  }
  return (last as { node: PathNode }).node;
}
