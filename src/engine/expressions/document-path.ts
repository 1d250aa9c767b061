import type { DocumentPath } from './ast.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';

/**
 * The value at `path` in `item`, or `undefined` when any step is missing or of the wrong
 * kind (a map key on a list, an index on a map, an index past the end).
 */
export function valueAtPath(item: Item | undefined, path: DocumentPath): AttributeValue | undefined {
  return valueAtPathPrefix(item, path, path.length);
}

/** {@link valueAtPath} of the first `length` elements of `path`, without slicing it. */
function valueAtPathPrefix(item: Item | undefined, path: DocumentPath, length: number): AttributeValue | undefined {
  if (item === undefined) return undefined;
  const first = path[0];
  if (typeof first !== 'string' || !Object.hasOwn(item, first)) return undefined;
  let current: AttributeValue | undefined = item[first];
  // An index loop, not `[first, ...rest]`: this runs for every path of every condition and update.
  for (let position = 1; position < length; position++) {
    const element = path[position];
    if (current === undefined) return undefined;
    if (typeof element === 'number') {
      current = 'L' in current ? current.L[element] : undefined;
    } else {
      current = 'M' in current && Object.hasOwn(current.M, element) ? current.M[element] : undefined;
    }
  }
  return current;
}

/** `a.b[1]` for messages and map keys (attribute names are used as written, not escaped). */
export function formatDocumentPath(path: DocumentPath): string {
  return path
    .map((element, index) => (typeof element === 'number' ? `[${element}]` : index === 0 ? element : `.${element}`))
    .join('');
}

/** The container holding the last path element (map or list value, or the item itself). */
export function parentOf(
  item: Item,
  path: DocumentPath,
): Record<string, AttributeValue> | AttributeValue[] | undefined {
  if (path.length === 1) return item;
  const parent = valueAtPathPrefix(item, path, path.length - 1);
  if (parent === undefined) return undefined;
  const last = path[path.length - 1];
  if (typeof last === 'number') return 'L' in parent ? parent.L : undefined;
  return 'M' in parent ? parent.M : undefined;
}
