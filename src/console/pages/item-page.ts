import { GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { fromStoredItem } from '../../repository/item-codec.js';
import type { ConsoleSession } from '../console-session.js';
import { csrfField } from '../csrf.js';
import { jsonText, plainItem } from '../dynamodb-json.js';
import { isMigrationRecord, labelItem, timeLeft } from '../entity-labels.js';
import { html, queryString, type SafeHtml } from '../html.js';
import { copyableCode, message, page } from '../layout.js';
import { describeTableKeys, keyValueFromText, type TableKeys } from '../table-keys.js';
import { editForms, type FieldErrors } from './entity-form.js';

/** What an item page shows beside the item: the outcome of a write, a refusal, a form's errors. */
export interface ItemPageExtras {
  readonly notice?: SafeHtml | string;
  readonly refusal?: SafeHtml | string;
  readonly errors?: FieldErrors;
  /** The values a refused edit tried to save, shown back in the form. */
  readonly edited?: Readonly<Record<string, unknown>>;
  /** A raw edit's text, shown back after a refusal. */
  readonly rawText?: string;
}

/** The primary key of an item as attribute values, from its text in the URL. */
export function itemKey(keys: TableKeys, pk: string, sk: string | undefined): Record<string, AttributeValue> {
  return {
    [keys.partitionKey.name]: keyValueFromText(keys.partitionKey, pk),
    ...(keys.sortKey && sk !== undefined ? { [keys.sortKey.name]: keyValueFromText(keys.sortKey, sk) } : {}),
  };
}

/** The URL of an item's page. */
export function itemUrl(tableName: string, pk: string, sk: string | undefined): string {
  return `/tables/${encodeURIComponent(tableName)}/item${queryString({ pk, sk })}`;
}

/**
 * An item's page: its entity and key parts, its attributes as DynamoDB JSON and as plain JSON,
 * and, when writes are allowed, its edit forms (the entity's, or a raw DynamoDB JSON edit on a
 * table the model does not describe).
 */
export async function itemPage(
  session: ConsoleSession,
  tableName: string,
  pk: string,
  sk: string | undefined,
  extras: ItemPageExtras = {},
): Promise<SafeHtml> {
  const keys = await describeTableKeys(session.client, tableName);
  const frame = session.frame(`Item ${pk} | ${sk ?? ''}`, 'items', tableName);
  const output = await session.client.send(
    new GetItemCommand({ TableName: tableName, Key: itemKey(keys, pk, sk), ConsistentRead: true }),
  );
  const notices = html`${extras.notice ? message(extras.notice) : ''}${extras.refusal ? message(extras.refusal, 'error') : ''}`;
  const back = html`<p><a href="/tables/${encodeURIComponent(tableName)}/items${queryString({ pk })}">&larr; Partition <code>${pk}</code></a></p>`;
  const stored = output.Item;
  if (!stored)
    return page(
      frame,
      html`${back}${notices}${message('No item has this key.', 'error')}${rawEdit(session, keys, undefined, extras)}`,
    );
  const plain = plainItem(stored);
  const model = session.model;
  const label = model && model.table.name === tableName ? labelItem(model, plain) : undefined;
  const ttl = keys.ttlAttribute === undefined ? undefined : plain[keys.ttlAttribute];
  const record = isMigrationRecord({ partitionKey: keys.partitionKey.name, sortKey: keys.sortKey?.name }, plain);
  const summary = html`<p>${label ? html`<span class="entity">${label.entity.name}</span> ${Object.entries(label.keyParts).map(([name, value]) => html`${name} = <code>${value}</code> `)}` : record ? html`<span class="entity">migration record</span> the model this table was migrated to (<code>monotable migrate</code>), revision <code>${String(plain.revision ?? 0)}</code>` : html`<span class="muted">No entity of the model.</span>`}
${typeof ttl === 'number' ? html` &middot; expires ${timeLeft(ttl, Date.now())}` : ''}</p>`;
  const views = html`<div class="grid">${copyableCode('item-plain', 'Plain JSON', jsonText(plain))}${copyableCode('item-dynamodb', 'DynamoDB JSON', jsonText(stored))}</div>`;
  let edit: SafeHtml = html``;
  if (session.options.allowWrites) {
    edit =
      label && model
        ? editForms(label.entity, session.csrfToken, fromStoredItem(label.entity, plain), extras.edited, extras.errors)
        : rawEdit(session, keys, stored, extras);
  }
  return page(frame, html`${back}${notices}${summary}${views}${edit}`);
}

/** The raw edit of any item: its whole DynamoDB JSON in a text area, and its delete. */
function rawEdit(
  session: ConsoleSession,
  keys: TableKeys,
  stored: Readonly<Record<string, AttributeValue>> | undefined,
  extras: ItemPageExtras,
): SafeHtml {
  if (!session.options.allowWrites) return html``;
  const table = encodeURIComponent(keys.tableName);
  const text = extras.rawText ?? (stored ? jsonText(stored) : '{\n  \n}');
  return html`<h2 id="raw-edit">${stored ? 'Edit as DynamoDB JSON' : 'Put an item (DynamoDB JSON)'}</h2>
<form method="post" action="/tables/${table}/raw-put" aria-label="Put item">${csrfField(session.csrfToken)}
<label for="raw-item">The whole item; it replaces the stored one (PutItem)</label><textarea id="raw-item" name="item">${text}</textarea>
<p><button type="submit">Put item</button></p></form>
${
  stored
    ? html`<form method="post" action="/tables/${table}/raw-delete" aria-label="Delete item">${csrfField(session.csrfToken)}
<input type="hidden" name="item" value="${jsonText(Object.fromEntries(Object.entries(stored).filter(([name]) => name === keys.partitionKey.name || name === keys.sortKey?.name)), 0)}">
<button type="submit">Delete item</button></form>`
    : ''
}`;
}
