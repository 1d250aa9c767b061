import { orderShapeOf, sameOrderShape, type OrderShape } from './middleware-entry.js';

/** A Smithy stack as the cache reads it: its entries as `applyToStack` hands them over, and its own `identify`. */
interface IdentifiableStack {
  applyToStack(into: object): void;
  identify(): string[];
}

/**
 * The lines of Smithy's `identify()` seen before, for stacks whose entries had these order
 * shapes (absolute and relative, each in insertion order); most recently used first.
 */
interface IdentifiedShape {
  readonly absolute: readonly OrderShape[];
  readonly relative: readonly OrderShape[];
  readonly lines: readonly string[];
}

const IDENTIFY_CACHE_LIMIT = 16;
const identified: IdentifiedShape[] = [];

/**
 * `stack.identify()`, answered from what Smithy's own `identify()` gave for an earlier stack
 * with entries of the same shapes, or by it. The DocumentClient calls `identify()` on the
 * client's stack when it is made, and every fast client of an SDK copy has a stack of the
 * same shape, so a suite that makes a client per test runs Smithy's listing once.
 *
 * Contract: Smithy's `identify()` (`getMiddlewareList(true)`, then `name (a.k.a. aliases) -
 * step` or `- relation toMiddleware`) reads of each entry only its name, aliases, step,
 * priority, relation and anchor, and the order in which the absolute and the relative
 * entries were added; `applyToStack` hands over exactly those, in that order. Two stacks
 * equal in all of them list the same lines. Each answer is a fresh array.
 */
export function identifyThroughCache(stack: IdentifiableStack, smithyIdentify: () => string[]): string[] {
  const absolute: OrderShape[] = [];
  const relative: OrderShape[] = [];
  stack.applyToStack({
    add: (_middleware: unknown, options: Partial<OrderShape> = {}) => absolute.push(shapeOf(options)),
    addRelativeTo: (_middleware: unknown, options: Partial<OrderShape> = {}) => relative.push(shapeOf(options)),
  });
  for (let index = 0; index < identified.length; index++) {
    const seen = identified[index];
    if (!sameShapes(absolute, seen.absolute) || !sameShapes(relative, seen.relative)) continue;
    if (index > 0) {
      identified.splice(index, 1);
      identified.unshift(seen);
    }
    return seen.lines.slice();
  }
  const lines = smithyIdentify();
  if (identified.length >= IDENTIFY_CACHE_LIMIT) identified.pop();
  identified.unshift({ absolute, relative, lines: lines.slice() });
  return lines;
}

/** The shape of an entry as Smithy keeps it (its stored options, defaults already filled in). */
function shapeOf(options: Partial<OrderShape>): OrderShape {
  return orderShapeOf({
    name: options.name,
    aliases: options.aliases,
    step: options.step,
    priority: options.priority,
    relation: options.relation,
    toMiddleware: options.toMiddleware,
  });
}

function sameShapes(entries: readonly OrderShape[], shapes: readonly OrderShape[]): boolean {
  if (entries.length !== shapes.length) return false;
  for (let index = 0; index < shapes.length; index++) if (!sameOrderShape(entries[index], shapes[index])) return false;
  return true;
}
