import type { MigrationPlan, MigrationStep } from './plan-types.js';

/**
 * The plan as a table for people: one line per step with what it does and how many items.
 *
 * @example
 * process.stdout.write(renderPlan(plan));
 */
export function renderPlan(plan: MigrationPlan): string {
  const header = `Migration of table ${plan.tableName} (compared with its ${plan.comparedWith}, revision ${plan.recordedRevision}, plan ${plan.planId})\n`;
  if (plan.steps.length === 0) {
    const note = plan.comparedWith === 'table description' ? ' (apply records the model in the table)' : '';
    return `${header}Nothing to do: the table is at this model${note}.\n`;
  }
  const rows = plan.steps.map((step, index) => [String(index + 1), step.kind, describeStep(step), itemsOf(step)]);
  const all = [['#', 'step', 'what', 'items'], ...rows];
  const widths = all[0].map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row: readonly string[]) => `${row.map((cell, column) => cell.padEnd(widths[column])).join('  ')}\n`;
  const capacity =
    plan.capacity.writeUnits !== undefined
      ? `Capacity: about ${plan.capacity.writeUnits} write units (from each item's size, as single writes) and ${plan.capacity.readUnitsPerScan} read units per item step (each scans the table).\n`
      : '';
  const rewrites = plan.steps.some((step) => step.kind === 'rewrite')
    ? 'Rewrites move items to new primary keys: apply refuses them without --allow-rewrites.\n'
    : '';
  return `${header}${line(all[0])}${line(widths.map((width) => '-'.repeat(width)))}${rows.map(line).join('')}${capacity}${rewrites}`;
}

function describeStep(step: MigrationStep): string {
  switch (step.kind) {
    case 'create-index':
      return `create index ${step.indexName} (${step.keySchema.map((key) => `${key.AttributeName} ${key.KeyType}`).join(', ')}; ${step.projection.ProjectionType})`;
    case 'delete-index':
      return `delete index ${step.indexName}`;
    case 'table-settings':
      return step.changes.map((change) => `${change.setting}: ${change.from} -> ${change.to}`).join('; ');
    case 'backfill':
      return `${step.entity}: compute keys (${step.reasons.join('; ')})`;
    case 'rewrite':
      return `${step.entity}: move items ${step.from.pk} / ${step.from.sk} -> ${step.to.pk} / ${step.to.sk}`;
    case 'user-migration':
      return `${step.entity}: migration file ${step.name}`;
  }
}

function itemsOf(step: MigrationStep): string {
  return 'items' in step && step.items !== undefined ? String(step.items) : '';
}
