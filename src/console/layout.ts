import { html, rawHtml, type SafeHtml } from './html.js';

/** The sections of the console, in the navigation's order. */
export type ConsoleSection = 'tables' | 'model' | 'items' | 'patterns' | 'stream' | 'capacity';

/** What every page shows around its own content. */
export interface PageFrame {
  readonly title: string;
  readonly section: ConsoleSection;
  /** The table the page is about, for the per-table links (items, stream). */
  readonly tableName?: string;
  /** Where the data lives, shown in the header: `in memory`, `database app.sqlite`, an endpoint. */
  readonly source: string;
  readonly readOnly: boolean;
  readonly hasModel: boolean;
}

// Styles and the one script ship inside the page: nothing is fetched from elsewhere, so the
// console works offline and a first load is a single response.
const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#5b6470;--line:#d0d7de;--accent:#0b5cad;--ok:#1a7f37;--bad:#cf222e;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9aa4ae;--line:#30363d;--accent:#58a6ff;--ok:#3fb950;--bad:#f85149;--code:#161b22}}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}a:focus,button:focus,input:focus,select:focus,textarea:focus,summary:focus{outline:3px solid var(--accent);outline-offset:2px}
header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding:.6rem 1rem;border-bottom:1px solid var(--line)}
header strong{font-size:1.05rem}header nav{display:flex;gap:.9rem;flex-wrap:wrap}header nav a[aria-current=page]{font-weight:700;text-decoration:none}
.source{margin-left:auto;color:var(--muted);font-size:.85rem}main{padding:1rem;max-width:1200px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:var(--bg);padding:.3rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}th,td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:var(--code)}code,pre,.key{font-family:ui-monospace,monospace;font-size:.88rem}pre{background:var(--code);padding:.6rem;overflow:auto;border:1px solid var(--line)}
.served{color:var(--ok);font-weight:600}.unserved,.error,.field-error{color:var(--bad);font-weight:600}.muted{color:var(--muted)}
.message{border:1px solid var(--line);border-left:5px solid var(--accent);padding:.5rem .8rem;margin:.6rem 0}.message.error{border-left-color:var(--bad)}
form.inline{display:inline}label{display:block;margin:.4rem 0 .1rem}input[type=text],input:not([type]),textarea,select{font:inherit;padding:.25rem .4rem;min-width:18rem;max-width:100%}
textarea{width:100%;min-height:12rem;font-family:ui-monospace,monospace}button{font:inherit;padding:.25rem .8rem;cursor:pointer}
.entity{display:inline-block;border:1px solid var(--line);border-radius:.8rem;padding:0 .45rem;font-size:.8rem}.parts{color:var(--muted);font-size:.82rem}
.pager{display:flex;gap:1rem;align-items:center}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(24rem,1fr));gap:1rem}
`;

const SCRIPT = `
document.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-copy]');
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  if (source && navigator.clipboard) navigator.clipboard.writeText(source.textContent).then(() => { button.textContent = 'Copied'; });
});
`;

/** A whole page: header with the navigation, the source of the data, then `body`. */
export function page(frame: PageFrame, body: SafeHtml): SafeHtml {
  const link = (section: ConsoleSection, href: string, label: string): SafeHtml =>
    html`<a href="${href}"${frame.section === section ? rawHtml(' aria-current="page"') : ''}>${label}</a>`;
  const table = frame.tableName === undefined ? undefined : encodeURIComponent(frame.tableName);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${frame.title} &middot; monotable console</title><style>${rawHtml(STYLE)}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><strong>monotable console</strong><nav aria-label="Sections">
${link('tables', '/tables', 'Tables')}
${frame.hasModel ? link('model', '/model', 'Model') : ''}
${table === undefined ? '' : link('items', `/tables/${table}/items`, 'Items')}
${frame.hasModel ? link('patterns', '/patterns', 'Access patterns') : ''}
${table === undefined ? '' : link('stream', `/tables/${table}/stream`, 'Stream')}
${link('capacity', '/capacity', 'Capacity')}
</nav><span class="source">${frame.source}${frame.readOnly ? ' · read-only' : ''}</span></header>
<main id="main" tabindex="-1"><h1>${frame.title}</h1>${body}</main>
<script>${rawHtml(SCRIPT)}</script></body></html>`;
}

/** A block of code with a button that copies it. */
export function copyableCode(id: string, label: string, code: string): SafeHtml {
  return html`<div><p><strong>${label}</strong> <button type="button" data-copy="${id}">Copy</button></p><pre id="${id}">${code}</pre></div>`;
}

/** A message box; `error` styles it as a refusal. */
export function message(text: SafeHtml | string, kind: 'info' | 'error' = 'info'): SafeHtml {
  return html`<div class="message ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</div>`;
}
