import type { KeyTemplate } from './key-template.js';

/**
 * The key of the item where a table records the model it was migrated to (`monotable migrate`).
 * Its partition key starts with the separator, which no entity key written by a template with a
 * literal prefix can: the design check refuses any entity whose key templates could render it.
 */
export const reservedItemKey = { partitionKey: '#monotable', sortKey: 'MODEL' } as const;

/**
 * True when `template` could render `value` (placeholders stand for any non-empty text).
 *
 * @example
 * templateCanRender(parseKeyTemplate('{id}'), '#monotable') // true
 * templateCanRender(parseKeyTemplate('JOB#{id}'), '#monotable') // false
 */
export function templateCanRender(template: KeyTemplate, value: string): boolean {
  const pattern = template.parts
    .map((part) => (part.kind === 'literal' ? part.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '.+'))
    .join('');
  return new RegExp(`^${pattern}$`, 's').test(value);
}

/** True when an entity with these key templates could address the reserved item. */
export function keyCanAddressReservedItem(key: { readonly pk: KeyTemplate; readonly sk: KeyTemplate }): boolean {
  return templateCanRender(key.pk, reservedItemKey.partitionKey) && templateCanRender(key.sk, reservedItemKey.sortKey);
}
