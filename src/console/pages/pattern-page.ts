import type { AccessPatternDefinition, ModelDefinition } from '../../model/model.js';
import { ModelError } from '../../model/errors.js';
import { RepositoryError } from '../../repository/errors.js';
import type { ConsoleSession } from '../console-session.js';
import { jsonText } from '../dynamodb-json.js';
import { fieldValue } from '../form-values.js';
import { html, queryString, type SafeHtml } from '../html.js';
import { copyableCode, message, page } from '../layout.js';
import type { SentRequest } from '../recording-sender.js';
import { awsCliLine, sdkV3Code } from '../request-code.js';
import { modelMissing } from './model-missing.js';

/** One input of a pattern's form: a key-template placeholder or a constrained key attribute. */
export interface PatternParameter {
  readonly name: string;
  /** `between` on an attribute-keyed index takes a low and a high value. */
  readonly range: boolean;
}

/** The parameters of a pattern, in the order its key condition names them. */
export function patternParameters(pattern: AccessPatternDefinition): PatternParameter[] {
  if (pattern.attributeCondition)
    return pattern.attributeCondition.map((part) => ({ name: part.name, range: part.operator === 'between' }));
  const names = [
    ...(pattern.keyCondition?.pk.placeholders ?? []),
    ...(pattern.keyCondition?.sk?.templates.flatMap((template) => template.placeholders) ?? []),
  ];
  return [...new Set(names)].map((name) => ({ name, range: false }));
}

function patternsOf(model: ModelDefinition): AccessPatternDefinition[] {
  return Object.values(model.accessPatterns as Readonly<Record<string, AccessPatternDefinition>>);
}

/** The list of access patterns, each a link to its form. */
export function patternsPage(session: ConsoleSession): SafeHtml {
  const model = session.model;
  if (!model) return page(session.frame('Access patterns', 'patterns'), modelMissing(session));
  return page(
    session.frame('Access patterns', 'patterns', model.table.name),
    html`<ol>${patternsOf(model).map(
      (pattern) =>
        html`<li><a href="/patterns/${encodeURIComponent(pattern.name)}">${pattern.config.description}</a> <code class="muted">${pattern.name}</code></li>`,
    )}</ol>`,
  );
}

/**
 * Runs an access pattern: a form generated from its parameters (a GET form, so a run has its
 * own address), and, once submitted, one page of results through the repository layer with its
 * cursor, the consumed capacity, and each request sent as JSON, SDK v3 code and an AWS CLI line.
 */
export async function patternPage(session: ConsoleSession, name: string, query: URLSearchParams): Promise<SafeHtml> {
  const model = session.model;
  if (!model) return page(session.frame('Access pattern', 'patterns'), modelMissing(session));
  const pattern = patternsOf(model).find((candidate) => candidate.name === name);
  if (!pattern)
    return page(
      session.frame('Access pattern', 'patterns'),
      message(`The model has no access pattern named ${name}.`, 'error'),
    );
  const parameters = patternParameters(pattern);
  const firstEntity = model.entities.find((entity) => entity.name === pattern.config.entities[0]);
  const input = (parameter: string, suffix = ''): SafeHtml => {
    const id = `param-${parameter}${suffix}`;
    return html`<label for="${id}">${parameter}${suffix === '.low' ? ' (low)' : suffix === '.high' ? ' (high)' : ''}</label><input id="${id}" name="p.${parameter}${suffix}" value="${query.get(`p.${parameter}${suffix}`) ?? ''}">`;
  };
  const form = html`<p>${pattern.config.description}. Returns ${pattern.config.entities.join(', ')}${pattern.config.index ? html` from index <code>${pattern.config.index}</code>` : ''}.</p>
<form method="get" aria-label="Run ${pattern.name}"><input type="hidden" name="run" value="1">
${parameters.map((parameter) => (parameter.range ? html`${input(parameter.name, '.low')}${input(parameter.name, '.high')}` : input(parameter.name)))}
<label for="limit">Page size (Limit)</label><input id="limit" name="limit" value="${query.get('limit') ?? '25'}" inputmode="numeric">
<p><button type="submit">Run ${pattern.name}</button></p></form>`;
  const frame = session.frame(`Run ${pattern.name}`, 'patterns', model.table.name);
  if (query.get('run') === null) return page(frame, form);

  const params: Record<string, unknown> = {};
  for (const parameter of parameters) {
    const schema = firstEntity?.attributes[parameter.name];
    if (parameter.range) {
      params[parameter.name] = ['.low', '.high'].map((suffix) =>
        fieldValue(schema, query.get(`p.${parameter.name}${suffix}`) ?? ''),
      );
    } else {
      const text = query.get(`p.${parameter.name}`) ?? '';
      if (text !== '') params[parameter.name] = fieldValue(schema, text);
    }
  }
  const limit = Number.parseInt(query.get('limit') ?? '', 10);
  const cursor = query.get('cursor') ?? undefined;
  const sent: SentRequest[] = [];
  let result: { items: unknown[]; cursor?: string };
  try {
    result = await session.repository(model, sent).query(pattern.name as never, params as never, {
      ...(limit > 0 ? { limit } : {}),
      ...(cursor ? { cursor } : {}),
    });
  } catch (error) {
    if (!(error instanceof RepositoryError || error instanceof ModelError)) throw error;
    return page(frame, html`${form}${message(`Not run: ${error.message}`, 'error')}`);
  }
  const next = result.cursor
    ? html`<a rel="next" href="/patterns/${encodeURIComponent(pattern.name)}${queryString({ ...Object.fromEntries(query), cursor: result.cursor })}">Next page &rarr;</a>`
    : html`<span class="muted">no further page</span>`;
  return page(
    frame,
    html`${form}<h2 id="results">${result.items.length} item${result.items.length === 1 ? '' : 's'}</h2>
<nav class="pager" aria-label="Pages">${next}</nav>
${result.cursor ? html`<p>Cursor: <code class="cursor">${result.cursor}</code></p>` : ''}
<pre id="items">${jsonText(result.items)}</pre>
<h2 id="requests">Requests sent</h2>${sent.map((request, index) => sentRequest(session, request, index))}`,
  );
}

function sentRequest(session: ConsoleSession, request: SentRequest, index: number): SafeHtml {
  const input = request.input as Record<string, unknown>;
  return html`<section aria-label="Request ${index + 1}"><h3>${request.command} <span class="muted">booked as ${request.label}</span></h3>
<p>Consumed capacity: <code class="consumed">${jsonText(request.consumedCapacity ?? null, 0)}</code></p>
<div class="grid">${copyableCode(`request-${index}`, 'Request (DocumentClient input)', jsonText(input))}
${copyableCode(`sdk-${index}`, 'SDK v3', sdkV3Code(request.command, input))}</div>
${copyableCode(`cli-${index}`, 'AWS CLI', awsCliLine(request.command, input, session.options.endpoint))}</section>`;
}
