import type { AttributeConditionPart } from './access-pattern.js';
import { attributeIndexKeyNames, isAttributeIndex, type AttributeIndexDefinition } from './attribute-index.js';
import type { EntityDefinition } from './entity.js';
import type { AccessPatternDefinition, ModelDefinition } from './model.js';

/**
 * The design check of a pattern on an index keyed on item attributes, in DynamoDB's terms: every
 * partition attribute by equality; sort attributes left to right without a gap, equality on all
 * but the last constrained one, which may take a range or `begins_with`; nothing else. Also: the
 * returned entities must belong to the index. Returns the reasons it is refused (none: served).
 */
export function checkAttributePattern(
  model: ModelDefinition,
  pattern: AccessPatternDefinition,
  parts: readonly AttributeConditionPart[],
): string[] {
  const indexName = pattern.config.index;
  if (indexName === undefined)
    return [
      `constrains key attributes (${parts.map((p) => p.name).join(', ')}) but names no index: the table keys on templates, give key: { pk, sk? }`,
    ];
  const index = model.table.indexes[indexName];
  if (!index) return [`no key serves it: index '${indexName}' is not declared on table '${model.table.name}'`];
  if (!isAttributeIndex(index))
    return [`index '${indexName}' keys on template strings: give key: { pk, sk? } with key templates`];
  const reasons = keyConditionProblems(indexName, index, parts);
  if (pattern.config.order && (index.sortKey ?? []).length === 0)
    reasons.push(`asks for an order but index '${indexName}' has no sort key to order by`);
  for (const entityName of pattern.config.entities) {
    const entity = model.entities.find((candidate) => candidate.name === entityName);
    if (!entity) reasons.push(`no key serves it: entity '${entityName}' is not in the model`);
    else if (!entity.attributeIndexes[indexName])
      reasons.push(
        `no key serves it: entity '${entityName}' does not declare index '${indexName}', so it is never in it`,
      );
  }
  return reasons;
}

function keyConditionProblems(
  indexName: string,
  index: AttributeIndexDefinition,
  parts: readonly AttributeConditionPart[],
): string[] {
  const partition = index.partitionKey.map((a) => (typeof a === 'string' ? a : a.name));
  const sort = (index.sortKey ?? []).map((a) => (typeof a === 'string' ? a : a.name));
  const known = new Set(attributeIndexKeyNames(index));
  const given = new Map(parts.map((part) => [part.name, part.operator]));
  const reasons: string[] = [];
  for (const part of parts) {
    if (!known.has(part.name))
      reasons.push(`'${part.name}' is not a key attribute of index '${indexName}' (keys: ${[...known].join(', ')})`);
  }
  for (const name of partition) {
    const operator = given.get(name);
    if (operator === undefined)
      reasons.push(`needs every partition attribute of index '${indexName}': '${name}' is missing`);
    else if (operator !== 'equals')
      reasons.push(`partition attribute '${name}' of index '${indexName}' takes 'equals', not '${operator}'`);
  }
  // Sort attributes: a prefix of the index's sort key, equality before the last one.
  const constrained = sort.filter((name) => given.has(name));
  const prefix = sort.slice(0, constrained.length);
  if (constrained.some((name, i) => name !== prefix[i])) {
    const skipped = prefix.find((name) => !given.has(name));
    reasons.push(
      `sort attributes of index '${indexName}' go left to right (${sort.join(', ')}): '${skipped}' is skipped`,
    );
  }
  constrained.forEach((name, i) => {
    const operator = given.get(name);
    if (i < constrained.length - 1 && operator !== 'equals') {
      reasons.push(
        `sort attribute '${name}' of index '${indexName}' takes '${operator}', so no later sort attribute may follow it (only the last constrained one takes a range)`,
      );
    }
  });
  return reasons;
}

/**
 * Entities that DynamoDB puts in an attribute-keyed index without their declaring it: they have
 * attributes of every key name, so their items are indexed whenever those are present.
 */
export function undeclaredAttributeIndexMembers(
  model: ModelDefinition,
): { entity: EntityDefinition; indexName: string }[] {
  const found: { entity: EntityDefinition; indexName: string }[] = [];
  for (const [indexName, index] of Object.entries(model.table.indexes)) {
    if (!isAttributeIndex(index)) continue;
    const names = attributeIndexKeyNames(index);
    for (const entity of model.entities) {
      if (entity.attributeIndexes[indexName]) continue;
      if (names.every((name) => Object.hasOwn(entity.attributes, name))) found.push({ entity, indexName });
    }
  }
  return found;
}
