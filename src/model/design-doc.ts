import type { KeyTemplate } from './key-template.js';
import { describeTemplate } from './key-template.js';
import type { AccessPatternDefinition, ModelDefinition } from './model.js';
import { keyOn } from './design-check.js';
import type { AttributeConditionPart } from './access-pattern.js';
import { attributeIndexKeys, isAttributeIndex } from './attribute-index.js';

/** One row of the access-pattern table. */
export interface AccessPatternRow {
  readonly number: number;
  readonly name: string;
  readonly description: string;
  readonly keyDesign: string;
}

/**
 * The access-pattern table rows, in declaration order, in the guide's notation
 * (`PK=\`JOB#<id>\`, SK=\`METADATA\``).
 */
export function accessPatternRows(model: ModelDefinition): AccessPatternRow[] {
  const patterns = Object.values(model.accessPatterns as Readonly<Record<string, AccessPatternDefinition>>);
  return patterns.map((pattern, i) => ({
    number: i + 1,
    name: pattern.name,
    description: pattern.config.description,
    keyDesign: describeKeyDesign(model, pattern),
  }));
}

/**
 * Renders the access-pattern table as Markdown: `# | Access pattern | Key design`.
 *
 * @example
 * console.log(renderAccessPatternTable(model));
 * // | # | Access pattern | Key design |
 * // |---|---|---|
 * // | 1 | Get job by ID | PK=`JOB#<id>`, SK=`METADATA` |
 */
export function renderAccessPatternTable(model: ModelDefinition): string {
  const lines = ['| # | Access pattern | Key design |', '|---|---|---|'];
  for (const row of accessPatternRows(model)) {
    lines.push(`| ${row.number} | ${escapeCell(row.description)} | ${escapeCell(row.keyDesign)} |`);
  }
  return `${lines.join('\n')}\n`;
}

function describeKeyDesign(model: ModelDefinition, pattern: AccessPatternDefinition): string {
  const { config, keyCondition } = pattern;
  if (pattern.attributeCondition) return describeAttributeKeyDesign(model, pattern, pattern.attributeCondition);
  if (!keyCondition)
    return config.scan ? 'Scan (refused by the design check)' : 'no key condition (refused by the design check)';
  const notes: string[] = [];
  let text = config.index === undefined ? '' : `${config.index.toUpperCase()}: `;
  text += `PK=\`${describeTemplate(keyCondition.pk)}\``;
  const sk = keyCondition.sk;
  if (sk) {
    text += `, ${describeSortKey(sk.operator, sk.templates)}`;
  } else {
    const sortKeys = sortKeysOf(model, pattern);
    if (config.index !== undefined && sortKeys.length > 0)
      text += `, SK=${sortKeys.map((s) => `\`${s}\``).join(' / ')}`;
  }
  const indexName = config.index;
  if (indexName !== undefined) {
    // Sparse: some entity of the model is left out of the index, entirely or by a `when` rule.
    const sparse = model.entities.some(
      (entity) => entity.indexes[indexName] === undefined || entity.indexes[indexName].when !== undefined,
    );
    if (sparse) notes.push('sparse');
    const sharded = config.entities
      .map((name) => model.entities.find((e) => e.name === name)?.indexes[indexName]?.shards)
      .find(Boolean);
    if (sharded) notes.push(`write-sharded ×${sharded.count}`);
  }
  if (config.order === 'descending') notes.push('newest first');
  if (config.consistentRead === true)
    notes.push(config.index === undefined ? 'consistent read' : 'consistent read — refused');
  const isGet = sk?.operator === 'equals' && config.index === undefined;
  if (!isGet && config.entities.length > 1) notes.push('Query, one round trip');
  if (config.filter !== undefined) notes.push(`filter: ${config.filter} — refused`);
  return notes.length > 0 ? `${text} (${notes.join(', ')})` : text;
}

/**
 * A pattern on an attribute-keyed index, in the same notation: the constrained attributes with
 * their values as placeholders (`GSI: PK=\`tenantId=<tenantId>\`, \`status=<status>\`, SK=…`).
 */
function describeAttributeKeyDesign(
  model: ModelDefinition,
  pattern: AccessPatternDefinition,
  parts: readonly AttributeConditionPart[],
): string {
  const { config } = pattern;
  const index = config.index === undefined ? undefined : model.table.indexes[config.index];
  const { partition, sort } =
    index && isAttributeIndex(index) ? attributeIndexKeys(index) : { partition: [], sort: [] };
  const partitionNames = new Set(partition.map((a) => a.name));
  const show = (part: AttributeConditionPart) => {
    const value = `<${part.name}>`;
    switch (part.operator) {
      case 'equals':
        return `\`${part.name}=${value}\``;
      case 'beginsWith':
        return `\`${part.name}\` begins_with \`${value}\``;
      case 'between':
        return `\`${part.name}\` between \`${value}\``;
      default:
        return `\`${part.name}\` ${{ lt: '<', lte: '<=', gt: '>', gte: '>=' }[part.operator] ?? part.operator} \`${value}\``;
    }
  };
  const onPartition = parts.filter((part) => partitionNames.has(part.name));
  const onSort = parts.filter((part) => !partitionNames.has(part.name));
  let text = `${(config.index ?? '').toUpperCase()}: PK=${onPartition.map(show).join(', ')}`;
  if (onSort.length > 0) text += `, SK ${onSort.map(show).join(', ')}`;
  else if (sort.length > 0) text += `, SK=${sort.map((a) => `\`${a.name}\``).join(', ')}`;
  const notes = ['multi-attribute key'];
  const indexName = config.index;
  if (indexName !== undefined && model.entities.some((entity) => entity.attributeIndexes[indexName] === undefined))
    notes.push('sparse');
  if (config.order === 'descending') notes.push('newest first');
  if (config.consistentRead === true) notes.push('consistent read — refused');
  if (config.entities.length > 1) notes.push('Query, one round trip');
  if (config.filter !== undefined) notes.push(`filter: ${config.filter} — refused`);
  return `${text} (${notes.join(', ')})`;
}

function describeSortKey(operator: string, templates: readonly KeyTemplate[]): string {
  const show = (t: KeyTemplate) => `\`${t.source === '' ? '""' : describeTemplate(t)}\``;
  switch (operator) {
    case 'equals':
      return `SK=${show(templates[0])}`;
    case 'beginsWith':
      return `SK begins_with ${show(templates[0])}`;
    case 'between':
      return `SK between ${show(templates[0])} and ${show(templates[1])}`;
    default:
      return `SK ${{ lt: '<', lte: '<=', gt: '>', gte: '>=' }[operator] ?? operator} ${show(templates[0])}`;
  }
}

function sortKeysOf(model: ModelDefinition, pattern: AccessPatternDefinition): string[] {
  const seen = new Set<string>();
  for (const name of pattern.config.entities) {
    const entity = model.entities.find((e) => e.name === name);
    const key = entity && keyOn(entity, pattern.config.index);
    if (key?.sk) seen.add(describeTemplate(key.sk));
  }
  return [...seen];
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
