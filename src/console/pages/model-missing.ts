import type { ConsoleSession } from '../console-session.js';
import { html, type SafeHtml } from '../html.js';
import { message } from '../layout.js';

/** What a model page shows without a model: why (the load failure, with its file) or how to give one. */
export function modelMissing(session: ConsoleSession): SafeHtml {
  const failure = session.options.modelFailure;
  if (failure)
    return message(html`The model file <code>${failure.file}</code> failed to load: ${failure.message}`, 'error');
  return message(
    html`No model: start the console with <code>--model &lt;file&gt;</code> to see entities and access patterns. The tables and their items are browsable without one.`,
  );
}
