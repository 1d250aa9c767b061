import { QueryCommand, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { KeyMismatchError } from '../../model/errors.js';
import { parseKeyValue } from '../../model/key-template.js';
import { reservedAttributeNames } from '../../model/table.js';
import type { ConsoleSession } from '../console-session.js';
import { plainItem } from '../dynamodb-json.js';
import { isMigrationRecord, labelItem, timeLeft } from '../entity-labels.js';
import { html, queryString, type SafeHtml } from '../html.js';
import { message, page } from '../layout.js';
import { decodeStartKey, encodeStartKey } from '../start-key.js';
import { describeTableKeys, keyValueFromText, textOfKeyValue, type TableKeys } from '../table-keys.js';

/** Items per partition page unless the URL asks for another size (at most {@link MAX_PAGE_SIZE}). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** What the Items page was asked for, from its URL. */
export interface ItemsQuery {
  readonly pk?: string;
  readonly entity?: string;
  readonly cursor?: string;
  readonly limit?: string;
  /** What the write that led here did (`deleted`), shown as a notice. */
  readonly done?: string;
}

/**
 * The Items page: a partition picked from a sample or searched by key, its items in key order as
 * the design draws them (`pk | sk → attributes`), each labelled with its entity and its key
 * parts, TTL as time left. One page of items per request (a Query with `Limit`), so a partition
 * of any size stays responsive; the cursor is the Query's `LastEvaluatedKey`.
 */
export async function itemsPage(session: ConsoleSession, tableName: string, query: ItemsQuery): Promise<SafeHtml> {
  const keys = await describeTableKeys(session.client, tableName);
  const frame = session.frame(`Items of ${tableName}`, 'items', tableName);
  const pk = query.pk;
  const form = html`${query.done ? message(`Done: ${query.done}.`) : ''}${searchForm(session, keys, query)}`;
  if (pk === undefined || pk === '') return page(frame, html`${form}${await partitionSample(session, keys)}`);
  const entityName = query.entity;
  if (entityName && session.model) {
    const entity = session.model.entities.find((candidate) => candidate.name === entityName);
    if (!entity) return page(frame, html`${form}${message(`The model has no entity named ${entityName}.`, 'error')}`);
    try {
      parseKeyValue(entity.key.pk, pk);
    } catch (error) {
      if (!(error instanceof KeyMismatchError)) throw error;
      return page(
        frame,
        html`${form}${message(html`The partition key <code>${pk}</code> does not parse for entity ${entity.name}'s template <code>${entity.key.pk.source}</code>.`, 'error')}`,
      );
    }
  }
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number.parseInt(query.limit ?? '', 10) || DEFAULT_PAGE_SIZE));
  let startKey: Record<string, AttributeValue> | undefined;
  if (query.cursor) {
    startKey = decodeStartKey(query.cursor);
    if (!startKey) return page(frame, html`${form}${message('The page cursor in the address is not valid.', 'error')}`);
  }
  const output = await session.client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keys.partitionKey.name },
      ExpressionAttributeValues: { ':pk': keyValueFromText(keys.partitionKey, pk) },
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const items = output.Items ?? [];
  const encodedTable = encodeURIComponent(tableName);
  const next = output.LastEvaluatedKey
    ? html`<a rel="next" href="/tables/${encodedTable}/items${queryString({ pk, entity: entityName, limit: query.limit, cursor: encodeStartKey(output.LastEvaluatedKey) })}">Next page &rarr;</a>`
    : html`<span class="muted">last page</span>`;
  const first = query.cursor
    ? html`<a href="/tables/${encodedTable}/items${queryString({ pk, entity: entityName, limit: query.limit })}">&larr; First page</a>`
    : '';
  const rows = items.map((item) => itemRow(session, keys, item));
  return page(
    frame,
    html`${form}<h2>Partition <code>${pk}</code></h2>
<nav class="pager" aria-label="Pages">${first}<span>${items.length} item${items.length === 1 ? '' : 's'} on this page</span>${next}</nav>
${items.length === 0 ? html`<p>No items in this partition${query.cursor ? ' after this point' : ''}.</p>` : html`<table class="items"><thead><tr><th scope="col">${keys.partitionKey.name} | ${keys.sortKey?.name ?? ''}</th><th scope="col">Entity</th><th scope="col">Attributes</th><th scope="col">TTL</th></tr></thead><tbody>${rows}</tbody></table>`}
<nav class="pager" aria-label="Pages, again">${first}${next}</nav>`,
  );
}

function searchForm(session: ConsoleSession, keys: TableKeys, query: ItemsQuery): SafeHtml {
  const entities = session.model?.entities ?? [];
  return html`<form method="get" role="search" aria-label="Find a partition"><label for="pk">Partition key (<code>${keys.partitionKey.name}</code>)</label>
<input id="pk" name="pk" value="${query.pk ?? ''}" autofocus placeholder="${entities[0]?.key.pk.source ?? ''}">
${
  entities.length
    ? html`<label for="entity">Check it against an entity's template</label><select id="entity" name="entity"><option value="">(any)</option>${entities.map(
        (entity) =>
          html`<option value="${entity.name}"${entity.name === query.entity ? html` selected` : ''}>${entity.name}: ${entity.key.pk.source}</option>`,
      )}</select>`
    : ''
} <button type="submit">Show partition</button></form>`;
}

/** A few partition keys to pick from: the distinct keys of the table's first Scan page. */
async function partitionSample(session: ConsoleSession, keys: TableKeys): Promise<SafeHtml> {
  const output = await session.client.send(
    new ScanCommand({
      TableName: keys.tableName,
      ProjectionExpression: '#pk',
      ExpressionAttributeNames: { '#pk': keys.partitionKey.name },
      Limit: 500,
    }),
  );
  const seen = new Set<string>();
  for (const item of output.Items ?? []) seen.add(textOfKeyValue(item[keys.partitionKey.name]));
  if (seen.size === 0) return html`<p>The table has no items.</p>`;
  const table = encodeURIComponent(keys.tableName);
  return html`<h2>Partitions</h2><p class="muted">The distinct partition keys among the table's first ${output.Count ?? 0} items (a Scan page); search for any other above.</p>
<ul class="partitions">${[...seen].map((pk) => html`<li><a href="/tables/${table}/items${queryString({ pk })}"><code>${pk}</code></a></li>`)}</ul>`;
}

function itemRow(session: ConsoleSession, keys: TableKeys, item: Record<string, AttributeValue>): SafeHtml {
  const plain = plainItem(item);
  const pk = textOfKeyValue(item[keys.partitionKey.name]);
  const sk = keys.sortKey ? textOfKeyValue(item[keys.sortKey.name]) : undefined;
  const model = session.model;
  const label = model && model.table.name === keys.tableName ? labelItem(model, plain) : undefined;
  const record = isMigrationRecord({ partitionKey: keys.partitionKey.name, sortKey: keys.sortKey?.name }, plain);
  const hidden =
    label && model ? reservedAttributeNames(model.table) : new Set([keys.partitionKey.name, keys.sortKey?.name]);
  const attributes = Object.entries(plain).filter(([name]) => !hidden.has(name) && name !== keys.ttlAttribute);
  const ttl = keys.ttlAttribute === undefined ? undefined : plain[keys.ttlAttribute];
  const href = `/tables/${encodeURIComponent(keys.tableName)}/item${queryString({ pk, sk })}`;
  return html`<tr><td><a class="key" href="${href}">${pk} | ${sk ?? ''}</a></td>
<td>${label ? html`<span class="entity">${label.entity.name}</span><div class="parts">${Object.entries(label.keyParts).map(([name, value]) => html`${name} = <code>${value}</code> `)}</div>` : record ? html`<span class="entity">migration record</span><div class="parts">revision = <code>${String(plain.revision ?? 0)}</code></div>` : html`<span class="muted">&mdash;</span>`}</td>
<td class="attributes">${attributes.map(([name, value]) => html`<code>${name}</code>=${shortValue(value)} `)}</td>
<td>${typeof ttl === 'number' ? timeLeft(ttl, Date.now()) : ''}</td></tr>`;
}

function shortValue(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : (JSON.stringify(value, (_k, v: unknown) =>
          typeof v === 'bigint' ? String(v) : v instanceof Set ? [...v] : v,
        ) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
