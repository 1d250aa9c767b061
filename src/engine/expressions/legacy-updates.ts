import type { DocumentPath, UpdateAction, UpdateNode } from './ast.js';
import { invalidParameterValue } from '../errors.js';
import { typeOf, type AttributeValue } from '../values/attribute-value.js';
import { requireAttributeName } from './legacy-attribute-name.js';

/** One entry of the legacy `AttributeUpdates`. */
export interface LegacyAttributeUpdate {
  readonly Action?: string;
  readonly Value?: AttributeValue;
}

/**
 * The legacy `AttributeUpdates` as an update AST: PUT is SET, ADD adds numbers, set
 * elements or list elements, DELETE with a value removes set elements and without one
 * removes the attribute.
 */
export function updateFromAttributeUpdates(updates: Readonly<Record<string, LegacyAttributeUpdate>>): UpdateNode {
  const actions = Object.entries(updates).map(([name, update]): UpdateAction => {
    requireAttributeName(name);
    const action = update.Action ?? 'PUT';
    const path = [name];
    if (update.Value === undefined) {
      if (action !== 'DELETE') {
        throw invalidParameterValue('Only DELETE action is allowed when no attribute value is specified');
      }
      return { kind: 'remove', path };
    }
    const type = typeOf(update.Value);
    if (action === 'DELETE') {
      if (type !== 'SS' && type !== 'NS' && type !== 'BS') {
        throw invalidParameterValue(`DELETE action with value is not supported for the type ${type}`);
      }
      return { kind: 'delete', path, value: update.Value };
    }
    if (action === 'ADD') {
      if (!['L', 'SS', 'NS', 'BS', 'N'].includes(type)) {
        throw invalidParameterValue(`ADD action is not supported for the type ${type}`);
      }
      return { kind: 'add', path, value: update.Value };
    }
    return { kind: 'set', path, value: { kind: 'value', value: update.Value } };
  });
  return { actions, legacy: true };
}

/** The legacy `AttributesToGet` as projection paths; duplicates are rejected as DynamoDB does. */
export function projectionFromAttributesToGet(names: readonly string[]): DocumentPath[] {
  const seen = new Set<string>();
  for (const name of names) {
    requireAttributeName(name);
    if (seen.has(name)) throw invalidParameterValue(`Duplicate value in attribute name: ${name}`);
    seen.add(name);
  }
  return names.map((name) => [name]);
}
