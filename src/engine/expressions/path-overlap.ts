import type { DocumentPath } from './ast.js';
import { formatPathForMessage, invalidExpression, type ExpressionKind } from './expression-errors.js';

/**
 * Rejects two paths where one is a prefix of the other (`overlap`: `a` and `a.b`, or the
 * same path twice) or where they step into the same parent once as a map and once as a
 * list (`conflict`: `a.b` and `a[0]`), with DynamoDB's messages. Earlier path is "path one".
 */
export function checkPathsDisjoint(kind: ExpressionKind, paths: readonly DocumentPath[]): void {
  for (let second = 1; second < paths.length; second++) {
    for (let first = 0; first < second; first++) {
      const relation = relate(paths[first], paths[second]);
      if (relation === 'distinct') continue;
      const verb = relation === 'overlap' ? 'overlap with' : 'conflict with';
      throw invalidExpression(
        kind,
        `Two document paths ${verb} each other; must remove or rewrite one of these paths; path one: ${formatPathForMessage(paths[first])}, path two: ${formatPathForMessage(paths[second])}`,
      );
    }
  }
}

function relate(a: DocumentPath, b: DocumentPath): 'overlap' | 'conflict' | 'distinct' {
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index++) {
    if (typeof a[index] !== typeof b[index]) return 'conflict';
    if (a[index] !== b[index]) return 'distinct';
  }
  return 'overlap';
}
