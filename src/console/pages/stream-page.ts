import type { ConsoleSession } from '../console-session.js';
import { html, queryString, rawHtml, type SafeHtml } from '../html.js';
import { message, page } from '../layout.js';
import { describeTableKeys } from '../table-keys.js';

// Renders each record as it arrives; the data goes in as text only (textContent), never as markup.
const STREAM_SCRIPT = `
const list = document.getElementById('records');
const status = document.getElementById('stream-status');
const source = new EventSource(list.dataset.events);
source.addEventListener('ready', () => { status.textContent = 'Listening: new records appear below.'; });
source.addEventListener('problem', (event) => { status.textContent = JSON.parse(event.data).message; source.close(); });
source.addEventListener('change', (event) => {
  const change = JSON.parse(event.data);
  const item = document.createElement('li');
  item.className = 'record';
  const head = document.createElement('strong');
  head.textContent = change.eventName + ' ' + (change.entity ?? '(' + (change.reason ?? 'no model') + ')');
  const key = document.createElement('code');
  key.textContent = ' ' + JSON.stringify(change.key);
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = 'images · sequence ' + change.sequenceNumber;
  const body = document.createElement('pre');
  body.textContent = JSON.stringify({ oldItem: change.oldItem, newItem: change.newItem }, null, 2);
  details.append(summary, body);
  item.append(head, key, details);
  list.prepend(item);
});
`;

/**
 * The Stream page: the table's stream records, live (server-sent events), decoded into entity
 * changes with `decodeChange` when the model describes the table, filterable by entity.
 */
export async function streamPage(
  session: ConsoleSession,
  tableName: string,
  query: URLSearchParams,
): Promise<SafeHtml> {
  const keys = await describeTableKeys(session.client, tableName);
  const frame = session.frame(`Stream of ${tableName}`, 'stream', tableName);
  if (!keys.streamArn) return page(frame, message('This table has no stream (StreamSpecification is off).'));
  const entity = query.get('entity') ?? '';
  const fromStart = query.get('from') === 'start';
  const model = session.model?.table.name === tableName ? session.model : undefined;
  const events = `/tables/${encodeURIComponent(tableName)}/stream/events${queryString({ entity, from: fromStart ? 'start' : undefined })}`;
  const filter = model
    ? html`<form method="get" aria-label="Filter"><label for="entity">Entity</label><select id="entity" name="entity"><option value="">(all)</option>${model.entities.map(
        (candidate) =>
          html`<option value="${candidate.name}"${candidate.name === entity ? html` selected` : ''}>${candidate.name}</option>`,
      )}</select> <label><input type="checkbox" name="from" value="start"${fromStart ? html` checked` : ''}> from the oldest record kept</label> <button type="submit">Apply</button></form>`
    : html`<p><a href="${queryString({ from: 'start' })}">Show from the oldest record kept</a></p>`;
  return page(
    frame,
    html`<p>Stream <code>${keys.streamArn}</code> (${keys.description.StreamSpecification?.StreamViewType ?? ''}).</p>${filter}
<p id="stream-status" role="status">Connecting&hellip;</p><ol id="records" aria-live="polite" data-events="${events}"></ol>
<script>${rawHtml(STREAM_SCRIPT)}</script>`,
  );
}
