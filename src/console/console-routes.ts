import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsoleSession } from './console-session.js';
import { CSRF_FIELD, isValidCsrfToken } from './csrf.js';
import {
  createAction,
  deleteAction,
  rawDeleteAction,
  rawPutAction,
  transitionAction,
  updateAction,
  type ActionResult,
} from './edit-actions.js';
import { html, type SafeHtml } from './html.js';
import { message, page } from './layout.js';
import { capacityPage } from './pages/capacity-page.js';
import { createForm } from './pages/entity-form.js';
import { itemPage } from './pages/item-page.js';
import { itemsPage } from './pages/items-page.js';
import { modelMissing } from './pages/model-missing.js';
import { modelPage } from './pages/model-page.js';
import { patternPage, patternsPage } from './pages/pattern-page.js';
import { streamPage } from './pages/stream-page.js';
import { tablesPage } from './pages/tables-page.js';
import { sendStreamEvents } from './stream-events.js';

/** What a route answers: a page, a redirect, or nothing when it wrote the response itself (events). */
export type RouteAnswer =
  | { readonly status?: number; readonly body: SafeHtml }
  | { readonly redirect: string }
  | 'sent';

/** A request refused before any route: the reason becomes a page with this status. */
export class ConsoleRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const WRITE_ACTIONS = {
  create: createAction,
  update: updateAction,
  transition: transitionAction,
  delete: deleteAction,
} as const;

/** Answers a GET: every page of the console has its own address. */
export async function answerGet(session: ConsoleSession, url: URL, response: ServerResponse): Promise<RouteAnswer> {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const query = url.searchParams;
  const done = query.get('done');
  const notice = done ? `Done: ${done}.` : undefined;
  if (parts.length === 0) return { redirect: session.model ? '/model' : '/tables' };
  const [section, name, sub, extra] = parts;
  if (section === 'tables' && name === undefined) return { body: await tablesPage(session) };
  if (section === 'model' && name === undefined) return { body: modelPage(session) };
  if (section === 'capacity' && name === undefined) return { body: capacityPage(session) };
  if (section === 'patterns' && name === undefined) return { body: patternsPage(session) };
  if (section === 'patterns' && name !== undefined && sub === undefined)
    return { body: await patternPage(session, name, query) };
  if (section === 'entities' && name !== undefined && sub === 'new') {
    const entity = session.model?.entities.find((candidate) => candidate.name === name);
    if (!entity) throw new ConsoleRequestError(404, `The model has no entity named ${name}.`);
    const body = session.options.allowWrites
      ? createForm(entity, session.csrfToken)
      : message('The console is read-only: start it with --allow-writes to create items.', 'error');
    return { body: page(session.frame(`New ${entity.name}`, 'model', entity.table.name), body) };
  }
  if (section === 'tables' && name !== undefined) {
    if (sub === 'items' && extra === undefined) {
      const body = await itemsPage(session, name, {
        ...optional('done', query.get('done')),
        ...optional('pk', query.get('pk')),
        ...optional('entity', query.get('entity')),
        ...optional('cursor', query.get('cursor')),
        ...optional('limit', query.get('limit')),
      });
      return { body };
    }
    if (sub === 'item' && extra === undefined)
      return {
        body: await itemPage(
          session,
          name,
          query.get('pk') ?? '',
          query.get('sk') ?? undefined,
          notice ? { notice } : {},
        ),
      };
    if (sub === 'stream' && extra === undefined) return { body: await streamPage(session, name, query) };
    if (sub === 'stream' && extra === 'events') {
      await sendStreamEvents(
        session,
        name,
        { ...optional('entity', query.get('entity')), fromStart: query.get('from') === 'start' },
        response,
      );
      return 'sent';
    }
  }
  throw new ConsoleRequestError(404, `No page at ${url.pathname}.`);
}

/**
 * Answers a POST: each one changes data, so each must carry the session's CSRF token and the
 * console must have been started with writes allowed.
 */
export async function answerPost(session: ConsoleSession, url: URL, form: URLSearchParams): Promise<RouteAnswer> {
  if (!isValidCsrfToken(session.csrfToken, form.get(CSRF_FIELD) ?? undefined))
    throw new ConsoleRequestError(
      403,
      'Refused: the request does not carry this console session’s token (CSRF). Reload the page and try again.',
    );
  if (!session.options.allowWrites)
    throw new ConsoleRequestError(403, 'Refused: the console is read-only (start it with --allow-writes).');
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [section, name, verb] = parts;
  let result: ActionResult | undefined;
  if (section === 'entities' && name !== undefined && verb !== undefined && verb in WRITE_ACTIONS) {
    const model = session.model;
    const entity = model?.entities.find((candidate) => candidate.name === name);
    if (!entity) throw new ConsoleRequestError(404, `The model has no entity named ${name}.`);
    result = await WRITE_ACTIONS[verb as keyof typeof WRITE_ACTIONS](session, entity, form);
  } else if (section === 'tables' && name !== undefined && verb === 'raw-put') {
    result = await rawPutAction(session, name, form);
  } else if (section === 'tables' && name !== undefined && verb === 'raw-delete') {
    result = await rawDeleteAction(session, name, form);
  }
  if (!result) throw new ConsoleRequestError(404, `Nothing to post to at ${url.pathname}.`);
  return result;
}

function optional<K extends string>(name: K, value: string | null): { [P in K]?: string } {
  return (value === null ? {} : { [name]: value }) as { [P in K]?: string };
}

/** The page of a refused or failed request: the message, never a stack. */
export function problemPage(session: ConsoleSession, title: string, text: string): SafeHtml {
  return page(
    session.frame(title, 'tables'),
    html`${message(text, 'error')}${session.options.modelFailure ? modelMissing(session) : ''}`,
  );
}

/** Reads a form body (`application/x-www-form-urlencoded`), refusing one over `limit` bytes. */
export async function readForm(request: IncomingMessage, limit = 1024 * 1024): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ConsoleRequestError(413, 'The form is too large.');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
