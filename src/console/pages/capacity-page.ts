import type { ConsoleSession } from '../console-session.js';
import { html, type SafeHtml } from '../html.js';
import { page } from '../layout.js';

/**
 * The Capacity page: the capacity each access pattern and entity operation consumed in this
 * session, from the session's `CapacityLedger` (every repository call of the console books
 * into it).
 */
export function capacityPage(session: ConsoleSession): SafeHtml {
  const totals = [...session.ledger.totals()];
  const format = (units: number): string => (Number.isInteger(units) ? String(units) : units.toFixed(1));
  const body = totals.length
    ? html`<table><thead><tr><th scope="col">Access pattern or operation</th><th scope="col">Requests</th><th scope="col">Capacity units</th><th scope="col">Read units</th><th scope="col">Write units</th></tr></thead>
<tbody>${totals.map(
        ([label, total]) =>
          html`<tr><th scope="row"><code>${label}</code></th><td>${total.requests}</td><td>${format(total.capacityUnits)}</td><td>${format(total.readUnits)}</td><td>${format(total.writeUnits)}</td></tr>`,
      )}</tbody></table>`
    : html`<p>Nothing consumed yet in this session: run an access pattern or edit an item.</p>`;
  return page(
    session.frame('Capacity', 'capacity', session.model?.table.name),
    html`${body}<p class="muted">Consumed capacity as DynamoDB reports it (<code>ReturnConsumedCapacity: TOTAL</code>), per label of the session's ledger. The most accessed and most throttled keys appear here once the engine reports them; it does not yet.</p>`,
  );
}
