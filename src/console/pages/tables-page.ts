import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ListTablesCommand,
  type KeySchemaElement,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { ConsoleSession } from '../console-session.js';
import { html, type SafeHtml } from '../html.js';
import { page } from '../layout.js';

/** Every table name the endpoint lists (all pages of ListTables). */
export async function listTableNames(session: ConsoleSession): Promise<string[]> {
  const names: string[] = [];
  let start: string | undefined;
  do {
    const output = await session.client.send(new ListTablesCommand(start ? { ExclusiveStartTableName: start } : {}));
    names.push(...(output.TableNames ?? []));
    start = output.LastEvaluatedTableName;
  } while (start);
  return names;
}

/** The Tables page: each table's key schema, indexes, TTL, stream, billing mode, item count and size. */
export async function tablesPage(session: ConsoleSession): Promise<SafeHtml> {
  const names = await listTableNames(session);
  const rows = await Promise.all(names.map((name) => tableRow(session, name)));
  const body = names.length
    ? html`<table><caption class="muted">${names.length} table${names.length === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Table</th><th scope="col">Key schema</th><th scope="col">Indexes</th><th scope="col">TTL</th><th scope="col">Stream</th><th scope="col">Billing mode</th><th scope="col">Items</th><th scope="col">Size</th></tr></thead>
<tbody>${rows}</tbody></table>
<p class="muted">Item count and size are DynamoDB's own figures (refreshed about every six hours on AWS).</p>`
    : html`<p>No tables yet.${session.model ? html` The model's table <code>${session.model.table.name}</code> is created when the console starts on a local engine.` : ''}</p>`;
  return page(session.frame('Tables', 'tables'), body);
}

async function tableRow(session: ConsoleSession, name: string): Promise<SafeHtml> {
  const [{ Table: table }, ttl] = await Promise.all([
    session.client.send(new DescribeTableCommand({ TableName: name })),
    session.client.send(new DescribeTimeToLiveCommand({ TableName: name })).catch(() => undefined),
  ]);
  const description: TableDescription = table ?? {};
  const ttlStatus = ttl?.TimeToLiveDescription;
  const stream = description.StreamSpecification;
  const encoded = encodeURIComponent(name);
  return html`<tr><th scope="row"><a href="/tables/${encoded}/items">${name}</a></th>
<td>${keySchema(description.KeySchema)}</td>
<td>${indexes(description)}</td>
<td>${ttlStatus?.TimeToLiveStatus === 'ENABLED' ? html`<code>${ttlStatus.AttributeName}</code>` : (ttlStatus?.TimeToLiveStatus ?? 'unknown')}</td>
<td>${stream?.StreamEnabled ? html`<a href="/tables/${encoded}/stream">${stream.StreamViewType}</a>` : 'off'}</td>
<td>${description.BillingModeSummary?.BillingMode ?? (description.ProvisionedThroughput?.ReadCapacityUnits ? 'PROVISIONED' : 'PAY_PER_REQUEST')}</td>
<td>${description.ItemCount ?? 0}</td><td>${formatBytes(description.TableSizeBytes ?? 0)}</td></tr>`;
}

/** `pk (HASH), sk (RANGE)`; a multi-attribute key lists each attribute in order. */
export function keySchema(schema: readonly KeySchemaElement[] | undefined): SafeHtml {
  const parts = (schema ?? []).map(
    (element) => html`<code>${element.AttributeName}</code> <span class="muted">(${element.KeyType})</span>`,
  );
  return html`${parts.map((part, index) => (index === 0 ? part : html`, ${part}`))}`;
}

function indexes(description: TableDescription): SafeHtml {
  const entries = [
    ...(description.GlobalSecondaryIndexes ?? []).map((index) => ({ kind: 'GSI', ...index })),
    ...(description.LocalSecondaryIndexes ?? []).map((index) => ({ kind: 'LSI', ...index })),
  ];
  if (entries.length === 0) return html`<span class="muted">none</span>`;
  return html`<ul>${entries.map(
    (index) =>
      html`<li><strong>${index.IndexName}</strong> <span class="muted">${index.kind}, ${index.Projection?.ProjectionType ?? ''}</span><br>${keySchema(index.KeySchema)}</li>`,
  )}</ul>`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
