import type { AttributeValue, Item } from '../values/attribute-value.js';
import type { PathExpression } from './ast.js';

/**
 * A projected item as a PartiQL SELECT returns it: each projected path becomes a top-level
 * attribute named after its last map key, with list indexes after it (`m.q` → `q`,
 * `l[1]` → `l[1]`), as DynamoDB Local answers (facts: the service's shape is unconfirmed).
 */
export function flattenProjection(item: Item, projection: readonly PathExpression[]): Item {
  const flat: Item = {};
  for (const path of projection) {
    let value: AttributeValue | undefined = item[path.name];
    let label = path.name;
    for (const step of path.steps) {
      if (value === undefined) break;
      if (typeof step === 'number') {
        value = (value as { L?: AttributeValue[] }).L?.[step];
        label += `[${step}]`;
      } else {
        value = (value as { M?: Record<string, AttributeValue> }).M?.[step];
        label = step;
      }
    }
    if (value !== undefined) flat[label] = value;
  }
  return flat;
}
