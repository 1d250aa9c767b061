import type { AttributeIssue } from '../model/attributes.js';
import { attributeIndexKeys, isAttributeIndex, type KeyAttributeType } from '../model/attribute-index.js';
import type { EntityDefinition } from '../model/entity.js';

/**
 * Values of the key attributes of attribute-keyed indexes. DynamoDB refuses a write whose index key
 * attribute has another type than the index declares, or is an empty string; checking first turns
 * that into a {@link ValidationError} that names the attribute, before any request.
 */

/** The declared key type of every attribute-keyed index attribute the entity fills. */
export function attributeKeyTypes(entity: EntityDefinition): Map<string, KeyAttributeType> {
  const types = new Map<string, KeyAttributeType>();
  for (const indexName of Object.keys(entity.attributeIndexes)) {
    const index = entity.table.indexes[indexName];
    if (!index || !isAttributeIndex(index)) continue;
    const { partition, sort } = attributeIndexKeys(index);
    for (const attribute of [...partition, ...sort]) types.set(attribute.name, attribute.type);
  }
  return types;
}

/** Why `value` cannot be a key value of type `type` (undefined when it can). */
export function keyValueProblem(type: KeyAttributeType, value: unknown): string | undefined {
  switch (type) {
    case 'S':
      return typeof value === 'string' && value.length > 0
        ? undefined
        : 'an index key attribute of type S must be a non-empty string';
    case 'N':
      return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint'
        ? undefined
        : 'an index key attribute of type N must be a finite number';
    case 'B':
      return value instanceof Uint8Array && value.length > 0
        ? undefined
        : 'an index key attribute of type B must be non-empty binary (Uint8Array)';
  }
}

/** Issues of the present index key attributes of an item (absent ones just leave it out of the index). */
export function attributeKeyIssues(
  entity: EntityDefinition,
  values: Readonly<Record<string, unknown>>,
): AttributeIssue[] {
  const issues: AttributeIssue[] = [];
  for (const [name, type] of attributeKeyTypes(entity)) {
    if (values[name] === undefined || values[name] === null) continue;
    const problem = keyValueProblem(type, values[name]);
    if (problem) issues.push({ attribute: name, message: problem, path: [name] });
  }
  return issues;
}
