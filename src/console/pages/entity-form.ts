import type { EntityDefinition } from '../../model/entity.js';
import { statesOf } from '../../model/state-machine.js';
import { csrfField } from '../csrf.js';
import { fieldText } from '../form-values.js';
import { html, type SafeHtml } from '../html.js';
import { acceptsMissing } from './model-page.js';

/** Errors of one form, by attribute name; `''` holds those of no single field. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** The attributes that make up the entity's primary key (the placeholders of its templates). */
export function keyAttributeNames(entity: EntityDefinition): string[] {
  return [...new Set([...entity.key.pk.placeholders, ...entity.key.sk.placeholders])];
}

/** The attributes an update may set: not the key, the state (moved by transitions) or the version. */
export function editableAttributeNames(entity: EntityDefinition): string[] {
  const fixed = new Set([...keyAttributeNames(entity), entity.stateMachine?.attribute, entity.version]);
  return Object.keys(entity.attributes).filter((name) => !fixed.has(name));
}

function field(
  entity: EntityDefinition,
  name: string,
  value: unknown,
  errors: FieldErrors,
  options: { readonly readOnly?: boolean } = {},
): SafeHtml {
  const id = `field-${name}`;
  const fieldErrors = errors[name] ?? [];
  const schema = entity.attributes[name];
  const required = schema !== undefined && !acceptsMissing(schema);
  const text = fieldText(value);
  const describedBy = fieldErrors.length ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const input =
    text.length > 80 || text.includes('\n')
      ? html`<textarea id="${id}" name="attr.${name}"${describedBy}${options.readOnly ? html` readonly` : ''}>${text}</textarea>`
      : html`<input id="${id}" name="attr.${name}" value="${text}"${describedBy}${options.readOnly ? html` readonly` : ''}>`;
  return html`<div class="field"><label for="${id}">${name}${required ? ' *' : ''}</label>${input}${
    fieldErrors.length ? html`<div class="field-error" id="${id}-error">${fieldErrors.join('; ')}</div>` : ''
  }</div>`;
}

function formErrors(errors: FieldErrors): SafeHtml {
  const general = errors[''] ?? [];
  return general.length ? html`<div class="message error" role="alert">${general.join('; ')}</div>` : html``;
}

/** The form that creates an item of the entity (every attribute; the state takes its default when left empty). */
export function createForm(
  entity: EntityDefinition,
  token: string,
  values: Readonly<Record<string, unknown>> = {},
  errors: FieldErrors = {},
): SafeHtml {
  const names = Object.keys(entity.attributes);
  return html`<form method="post" action="/entities/${encodeURIComponent(entity.name)}/create" aria-label="Create ${entity.name}">
${csrfField(token)}${formErrors(errors)}${names.map((name) => field(entity, name, values[name], errors))}
<p><button type="submit">Create ${entity.name}</button></p></form>`;
}

function keyFields(entity: EntityDefinition, item: Readonly<Record<string, unknown>>): SafeHtml {
  return html`${keyAttributeNames(entity).map((name) => html`<input type="hidden" name="key.${name}" value="${fieldText(item[name])}">`)}`;
}

function versionField(entity: EntityDefinition, item: Readonly<Record<string, unknown>>): SafeHtml {
  const version = entity.version === undefined ? undefined : item[entity.version];
  return typeof version === 'number' ? html`<input type="hidden" name="expectedVersion" value="${version}">` : html``;
}

/**
 * The forms of a stored item of the entity: edit its attributes (under its version when the
 * entity is versioned), move it through its state machine, delete it.
 */
export function editForms(
  entity: EntityDefinition,
  token: string,
  item: Readonly<Record<string, unknown>>,
  edited: Readonly<Record<string, unknown>> = item,
  errors: FieldErrors = {},
): SafeHtml {
  const action = (verb: string): string => `/entities/${encodeURIComponent(entity.name)}/${verb}`;
  const machine = entity.stateMachine;
  const state = machine ? item[machine.attribute] : undefined;
  const transitions =
    machine && typeof state === 'string'
      ? ((machine.transitions as Readonly<Record<string, readonly string[] | undefined>>)[state] ?? [])
      : [];
  const editable = editableAttributeNames(entity);
  return html`<h2 id="edit">Edit</h2>
<form method="post" action="${action('update')}" aria-label="Edit ${entity.name}">${csrfField(token)}${keyFields(entity, item)}${versionField(entity, item)}
${formErrors(errors)}${keyAttributeNames(entity).map((name) => field(entity, name, item[name], {}, { readOnly: true }))}
${editable.map((name) => html`<input type="hidden" name="orig.${name}" value="${fieldText(item[name])}">${field(entity, name, edited[name], errors)}`)}
${entity.version ? html`<p class="muted">Saved only if the item is still at version ${fieldText(item[entity.version])}.</p>` : ''}
<p><button type="submit">Save changes</button></p></form>
${
  machine
    ? html`<h2 id="transitions">State: <code>${fieldText(state)}</code></h2>${
        transitions.length
          ? html`<div class="transitions" role="group" aria-label="Transitions">${transitions.map(
              (
                to,
              ) => html`<form class="inline" method="post" action="${action('transition')}">${csrfField(token)}${keyFields(entity, item)}
<input type="hidden" name="from" value="${fieldText(state)}"><input type="hidden" name="to" value="${to}"><button type="submit">&rarr; ${to}</button></form> `,
            )}</div>`
          : html`<p class="muted">No transition leaves ${fieldText(state)} (states: ${statesOf(machine).join(', ')}).</p>`
      }`
    : ''
}
<h2 id="delete">Delete</h2><form method="post" action="${action('delete')}" aria-label="Delete ${entity.name}">${csrfField(token)}${keyFields(entity, item)}${versionField(entity, item)}
<button type="submit">Delete this ${entity.name}</button></form>`;
}
