import type { KeyTemplate } from './key-template.js';
import { describeTemplate, templateShape } from './key-template.js';
import type { AccessPatternDefinition, ModelDefinition } from './model.js';
import type { EntityDefinition } from './entity.js';
import { checkAttributePattern, undeclaredAttributeIndexMembers } from './attribute-pattern-check.js';
import { isAttributeIndex } from './attribute-index.js';
import { keyCanAddressReservedItem, reservedItemKey } from './reserved-item.js';

/** One refusal (or warning) of the design check, naming the access pattern. */
export interface DesignFinding {
  readonly pattern: string;
  readonly reason: string;
}

export interface DesignCheckResult {
  /** True when every access pattern is served by a key condition on the table or an index. */
  readonly ok: boolean;
  readonly problems: readonly DesignFinding[];
  readonly warnings: readonly DesignFinding[];
}

/**
 * Proves, pattern by pattern, that the model serves every access pattern with a key condition:
 * no Scan, no filter standing in for a key, every returned entity reachable through the pattern's
 * partition key on the table or index it names, and sort-key conditions that can match.
 *
 * @example
 * const result = checkDesign(model);
 * if (!result.ok) for (const p of result.problems) console.error(`${p.pattern}: ${p.reason}`);
 */
export function checkDesign(model: ModelDefinition): DesignCheckResult {
  const problems: DesignFinding[] = [];
  const warnings: DesignFinding[] = [];
  const patterns = Object.values(model.accessPatterns as Readonly<Record<string, AccessPatternDefinition>>);
  if (patterns.length === 0)
    problems.push({ pattern: '(model)', reason: 'declares no access patterns: list them before designing keys' });
  for (const pattern of patterns) {
    for (const reason of checkPattern(model, pattern)) problems.push({ pattern: pattern.name, reason });
    for (const reason of warnPattern(model, pattern)) warnings.push({ pattern: pattern.name, reason });
  }
  for (const entity of model.entities) {
    if (!patterns.some((pattern) => pattern.config.entities.includes(entity.name))) {
      warnings.push({ pattern: '(model)', reason: `entity '${entity.name}' is not read by any access pattern` });
    }
  }
  for (const entity of model.entities) {
    if (keyCanAddressReservedItem(entity.key)) {
      problems.push({
        pattern: '(model)',
        reason: `entity '${entity.name}' has key templates (${entity.key.pk.source} / ${entity.key.sk.source}) that could render the reserved key ${reservedItemKey.partitionKey} / ${reservedItemKey.sortKey}, where the table records its migrated model: start the partition key with a literal`,
      });
    }
  }
  for (const { entity, indexName } of undeclaredAttributeIndexMembers(model)) {
    warnings.push({
      pattern: '(model)',
      reason: `entity '${entity.name}' has every key attribute of index '${indexName}', so DynamoDB indexes its items there although it does not declare the index`,
    });
  }
  return { ok: problems.length === 0, problems, warnings };
}

function checkPattern(model: ModelDefinition, pattern: AccessPatternDefinition): string[] {
  const { config, keyCondition } = pattern;
  const reasons: string[] = [];
  if (config.consistentRead === true && config.index !== undefined) reasons.push(consistentReadOnIndex(config.index));
  if (config.scan)
    reasons.push('needs a Scan, which reads the whole table: declare a key condition on the table or an index');
  if (pattern.attributeCondition) {
    if (config.filter !== undefined)
      reasons.push(
        `uses a filter (${config.filter}) in place of a key: a filter runs after the read, so every item examined is paid for`,
      );
    if (config.entities.length === 0) reasons.push('returns no entity: name the entities it reads');
    return [...reasons, ...checkAttributePattern(model, pattern, pattern.attributeCondition)];
  }
  if (!keyCondition) {
    if (!config.scan) reasons.push('needs a Scan: it has no partition-key condition');
    return reasons;
  }
  if (config.filter !== undefined) {
    reasons.push(
      `uses a filter (${config.filter}) in place of a key: a filter runs after the read, so every item examined is paid for; design a key or a sparse index that selects these items`,
    );
  }
  if (config.entities.length === 0) reasons.push('returns no entity: name the entities it reads');
  const indexName = config.index;
  const tableIndex = indexName === undefined ? undefined : model.table.indexes[indexName];
  if (indexName !== undefined && !tableIndex) {
    reasons.push(`no key serves it: index '${indexName}' is not declared on table '${model.table.name}'`);
    return reasons;
  }
  if (tableIndex && isAttributeIndex(tableIndex)) {
    reasons.push(
      `index '${indexName}' keys on item attributes: give key: { attributes: { … } } naming every partition attribute and a sort-attribute prefix`,
    );
    return reasons;
  }
  const hasSortKey = indexName === undefined ? true : Boolean(tableIndex?.sortKey);
  const where = indexName === undefined ? `table '${model.table.name}'` : `index '${indexName}'`;
  if (keyCondition.sk && !hasSortKey) reasons.push(`has a sort-key condition but ${where} has no sort key`);
  if (config.order && !hasSortKey) reasons.push(`asks for an order but ${where} has no sort key to order by`);
  for (const entityName of config.entities) {
    const entity = model.entities.find((candidate) => candidate.name === entityName);
    if (!entity) {
      reasons.push(`no key serves it: entity '${entityName}' is not in the model`);
      continue;
    }
    const key = keyOn(entity, indexName);
    if (!key) {
      reasons.push(`no key serves it: entity '${entityName}' carries no keys for ${where}, so it is never in it`);
      continue;
    }
    if (templateShape(key.pk) !== templateShape(keyCondition.pk)) {
      reasons.push(
        `no key serves it: partition key \`${describeTemplate(keyCondition.pk)}\` does not match entity '${entityName}' key \`${describeTemplate(key.pk)}\` on ${where}`,
      );
    }
    if (keyCondition.sk && key.sk && !sortKeyCanMatch(keyCondition.sk.operator, keyCondition.sk.templates, key.sk)) {
      reasons.push(
        `no key serves it: sort-key condition ${keyCondition.sk.operator} \`${keyCondition.sk.templates.map(describeTemplate).join('`, `')}\` never matches entity '${entityName}' key \`${describeTemplate(key.sk)}\``,
      );
    }
  }
  return reasons;
}

/** Why `consistentRead: true` on an index is refused (every index of a model is a global one). */
function consistentReadOnIndex(indexName: string): string {
  return (
    `declares consistentRead on index '${indexName}', a global secondary index: DynamoDB reads a global secondary index only eventually consistently ` +
    '(a Query with ConsistentRead there answers ValidationException "Consistent reads are not supported on global secondary indexes"); ' +
    'for read-after-write, read the item from the table by its key with a consistent read, or drop consistentRead'
  );
}

function warnPattern(model: ModelDefinition, pattern: AccessPatternDefinition): string[] {
  const index = pattern.config.index === undefined ? undefined : model.table.indexes[pattern.config.index];
  if (index && index.projection.type !== 'ALL') {
    return [`index '${pattern.config.index}' projects ${index.projection.type}: whole items need a second read`];
  }
  return [];
}

/** The key templates of an entity on the table or one of its indexes. */
export function keyOn(
  entity: EntityDefinition,
  indexName: string | undefined,
): { pk: KeyTemplate; sk?: KeyTemplate } | undefined {
  if (indexName === undefined) return entity.key;
  return entity.indexes[indexName];
}

function sortKeyCanMatch(operator: string, conditions: readonly KeyTemplate[], entitySortKey: KeyTemplate): boolean {
  if (operator === 'equals') {
    const condition = conditions[0];
    if (condition.placeholders.length === 0 && entitySortKey.placeholders.length === 0)
      return condition.source === entitySortKey.source;
    return templateShape(condition) === templateShape(entitySortKey) || prefixesCompatible(condition, entitySortKey);
  }
  if (operator === 'beginsWith') return prefixesCompatible(conditions[0], entitySortKey);
  // Range conditions can match any sort key of the right kind; only a constant key can rule them out.
  return true;
}

function prefixesCompatible(condition: KeyTemplate, entitySortKey: KeyTemplate): boolean {
  const wanted = condition.prefix;
  const available = entitySortKey.prefix;
  if (entitySortKey.placeholders.length === 0) return available.startsWith(wanted);
  return available.startsWith(wanted) || wanted.startsWith(available);
}
