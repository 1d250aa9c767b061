import { timingSafeEqual } from 'node:crypto';
import { html, type SafeHtml } from './html.js';

/** The form field that carries the session's CSRF token. */
export const CSRF_FIELD = 'csrf';

/** The hidden field every data-changing form carries. */
export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

/** Whether `given` is the session's token (compared in constant time). */
export function isValidCsrfToken(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
