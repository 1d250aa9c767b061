/**
 * HTML built from template literals with every interpolated value escaped, so the user's data
 * (keys, attribute values, error messages) can never become markup. Only {@link SafeHtml}
 * values, made by `html` itself or by {@link rawHtml}, are inserted as they are.
 *
 * @example
 * html`<td>${item.pk}</td>`.text; // '<td>JOB#&lt;1&gt;</td>' for pk 'JOB#<1>'
 */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Interpolated = SafeHtml | string | number | bigint | boolean | undefined | null | readonly Interpolated[];

/** Text escaped for HTML content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function render(value: Interpolated): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The tagged template: literal parts kept, interpolations escaped (arrays joined). */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolated[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup the console wrote itself (its stylesheet and script), inserted unescaped. */
export function rawHtml(text: string): SafeHtml {
  return new SafeHtml(text);
}

/** A query string from parameters, leaving out empty ones: `?pk=JOB%231`. */
export function queryString(params: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
