import { orderShapeOf, sameOrderShape, type OrderShape } from './middleware-entry.js';

/**
 * What the order of a stack depends on: each entry's names, step, priority and anchor (its
 * order shape), in insertion order. Stacks built for calls of one command differ only in
 * their middleware functions (the DocumentClient adds fresh closures per command), so the
 * order is computed once per shape and reused.
 */
interface CachedOrder {
  readonly absolute: readonly OrderShape[];
  readonly relative: readonly OrderShape[];
  /** Positions in `[...absolute, ...relative]`, outermost middleware first. */
  readonly order: readonly number[];
}

/**
 * Orders seen, most recently used first; a lookup compares the entries' fields in place.
 * Bounded, since a process sees few command shapes.
 */
const ORDER_CACHE_LIMIT = 64;
const orderCache: CachedOrder[] = [];

function sameShapes(entries: readonly OrderShape[], shapes: readonly OrderShape[]): boolean {
  if (entries.length !== shapes.length) return false;
  for (let index = 0; index < shapes.length; index++) if (!sameOrderShape(entries[index], shapes[index])) return false;
  return true;
}

/** The order computed earlier for stacks of this shape, if any. */
export function cachedOrder(
  absolute: readonly OrderShape[],
  relative: readonly OrderShape[],
): readonly number[] | undefined {
  for (let index = 0; index < orderCache.length; index++) {
    const cached = orderCache[index];
    if (!sameShapes(absolute, cached.absolute) || !sameShapes(relative, cached.relative)) continue;
    if (index > 0) {
      orderCache.splice(index, 1);
      orderCache.unshift(cached);
    }
    return cached.order;
  }
  return undefined;
}

export function rememberOrder(
  absolute: readonly OrderShape[],
  relative: readonly OrderShape[],
  order: readonly number[],
): void {
  if (orderCache.length >= ORDER_CACHE_LIMIT) orderCache.pop();
  orderCache.unshift({ absolute: absolute.map(orderShapeOf), relative: relative.map(orderShapeOf), order });
}
