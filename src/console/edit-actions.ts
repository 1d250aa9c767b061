import { DeleteItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { EntityDefinition } from '../model/entity.js';
import { primaryKeyOf } from '../repository/item-codec.js';
import {
  InvalidTransitionError,
  ItemAlreadyExistsError,
  ItemNotFoundError,
  RepositoryError,
  ValidationError,
  VersionConflictError,
} from '../repository/errors.js';
import { ModelError } from '../model/errors.js';
import type { ConsoleSession } from './console-session.js';
import { fieldValue } from './form-values.js';
import { html, queryString, type SafeHtml } from './html.js';
import { message, page } from './layout.js';
import { acceptsMissing } from './pages/model-page.js';
import { createForm, editableAttributeNames, keyAttributeNames, type FieldErrors } from './pages/entity-form.js';
import { itemPage, itemUrl } from './pages/item-page.js';
import { describeTableKeys, textOfKeyValue } from './table-keys.js';

/** What a write answers: a redirect to the page that shows its outcome, or a page with the refusal. */
export type ActionResult = { readonly redirect: string } | { readonly status: number; readonly body: SafeHtml };

type Form = URLSearchParams;

function prefixed(
  entity: EntityDefinition,
  form: Form,
  prefix: string,
  names: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const text = form.get(`${prefix}${name}`);
    if (text !== null && text !== '') out[name] = fieldValue(entity.attributes[name], text);
  }
  return out;
}

function keyOf(entity: EntityDefinition, form: Form): Record<string, unknown> {
  return prefixed(entity, form, 'key.', keyAttributeNames(entity));
}

function expectedVersion(form: Form): number | undefined {
  const text = form.get('expectedVersion');
  return text === null || text === '' ? undefined : Number(text);
}

/** Each attribute's errors from a {@link ValidationError}, or the message of another refusal under `''`. */
function fieldErrors(error: unknown): FieldErrors {
  if (error instanceof ValidationError) {
    const out: Record<string, string[]> = {};
    for (const issue of error.payload.issues) (out[issue.attribute || ''] ??= []).push(issue.message);
    return out;
  }
  return { '': [(error as Error).message] };
}

/** Errors the repository or the model raise for bad input: shown on the page, never a stack. */
function isRefusal(error: unknown): boolean {
  return error instanceof RepositoryError || error instanceof ModelError;
}

function entityItemUrl(entity: EntityDefinition, values: Readonly<Record<string, unknown>>, notice: string): string {
  const key = primaryKeyOf(entity, values);
  return `${itemUrl(entity.table.name, key[entity.table.partitionKey] ?? '', key[entity.table.sortKey])}&${new URLSearchParams({ done: notice })}`;
}

/** Creates an item of the entity through its repository (the entity's schema validates it). */
export async function createAction(
  session: ConsoleSession,
  entity: EntityDefinition,
  form: Form,
): Promise<ActionResult> {
  const values = prefixed(entity, form, 'attr.', Object.keys(entity.attributes));
  const model = session.model;
  if (!model) throw new Error('no model');
  try {
    const item = await session
      .repository(model)
      .entity(entity.name)
      .create(values as never);
    return { redirect: entityItemUrl(entity, item as Record<string, unknown>, 'created') };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const refused =
      error instanceof ItemAlreadyExistsError ? { '': ['An item with this key already exists.'] } : fieldErrors(error);
    return {
      status: 422,
      body: page(
        session.frame(`New ${entity.name}`, 'model', model.table.name),
        createForm(entity, session.csrfToken, values, refused),
      ),
    };
  }
}

/**
 * Saves an edit through the repository's `update`, under the item's version when the entity is
 * versioned: a stale edit is refused with the current item shown.
 */
export async function updateAction(
  session: ConsoleSession,
  entity: EntityDefinition,
  form: Form,
): Promise<ActionResult> {
  const model = session.model;
  if (!model) throw new Error('no model');
  const key = keyOf(entity, form);
  const names = editableAttributeNames(entity);
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const name of names) {
    const text = form.get(`attr.${name}`) ?? '';
    // Only what the form changed is sent: an unchanged attribute stays as stored, and index
    // keys that depend on it are not rewritten.
    if (text === (form.get(`orig.${name}`) ?? '')) continue;
    const schema = entity.attributes[name];
    if (text === '' && schema && acceptsMissing(schema)) remove.push(name);
    else set[name] = fieldValue(schema, text);
  }
  const version = expectedVersion(form);
  try {
    await session
      .repository(model)
      .entity(entity.name)
      .update(
        key as never,
        { set, ...(remove.length ? { remove } : {}) } as never,
        version === undefined ? {} : { expectedVersion: version },
      );
    return { redirect: entityItemUrl(entity, key, 'saved') };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const { pk, sk } = renderedKey(entity, key);
    if (error instanceof VersionConflictError)
      return {
        status: 409,
        body: await itemPage(session, entity.table.name, pk, sk, {
          refusal: html`Not saved: the item changed since you opened it (you edited version ${error.payload.expectedVersion}, it is now at version ${error.payload.actualVersion ?? 'none'}). The current item is shown below; your edit was: <code>${JSON.stringify(set)}</code>`,
        }),
      };
    if (error instanceof ItemNotFoundError)
      return {
        status: 404,
        body: await itemPage(session, entity.table.name, pk, sk, { refusal: 'Not saved: the item no longer exists.' }),
      };
    return {
      status: 422,
      body: await itemPage(session, entity.table.name, pk, sk, {
        errors: fieldErrors(error),
        edited: { ...key, ...set },
      }),
    };
  }
}

/** Moves the item through its state machine (`from` → `to`) with the repository's `transition`. */
export async function transitionAction(
  session: ConsoleSession,
  entity: EntityDefinition,
  form: Form,
): Promise<ActionResult> {
  const model = session.model;
  if (!model) throw new Error('no model');
  const key = keyOf(entity, form);
  const from = form.get('from') ?? '';
  const to = form.get('to') ?? '';
  try {
    await session
      .repository(model)
      .entity(entity.name)
      .transition(key as never, { from, to } as never);
    return { redirect: entityItemUrl(entity, key, `moved ${from} → ${to}`) };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const { pk, sk } = renderedKey(entity, key);
    const text =
      error instanceof InvalidTransitionError
        ? `Not moved: ${error.message}`
        : `Not moved: ${(error as Error).message}`;
    return { status: 409, body: await itemPage(session, entity.table.name, pk, sk, { refusal: text }) };
  }
}

/** Deletes the item through the repository (under its version when versioned). */
export async function deleteAction(
  session: ConsoleSession,
  entity: EntityDefinition,
  form: Form,
): Promise<ActionResult> {
  const model = session.model;
  if (!model) throw new Error('no model');
  const key = keyOf(entity, form);
  const version = expectedVersion(form);
  const { pk, sk } = renderedKey(entity, key);
  try {
    await session
      .repository(model)
      .entity(entity.name)
      .delete(key as never, version === undefined ? {} : { expectedVersion: version });
    return {
      redirect: `/tables/${encodeURIComponent(entity.table.name)}/items${queryString({ pk, done: 'deleted' })}`,
    };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return {
      status: 409,
      body: await itemPage(session, entity.table.name, pk, sk, { refusal: `Not deleted: ${(error as Error).message}` }),
    };
  }
}

function renderedKey(entity: EntityDefinition, key: Readonly<Record<string, unknown>>): { pk: string; sk: string } {
  const rendered = primaryKeyOf(entity, key);
  return { pk: rendered[entity.table.partitionKey] ?? '', sk: rendered[entity.table.sortKey] ?? '' };
}

/** A raw PutItem of DynamoDB JSON, for tables without a model: the engine's own validation answers. */
export async function rawPutAction(session: ConsoleSession, tableName: string, form: Form): Promise<ActionResult> {
  const text = form.get('item') ?? '';
  const keys = await describeTableKeys(session.client, tableName);
  let item: Record<string, AttributeValue>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new SyntaxError('the item must be a JSON object of attribute values');
    item = parsed as Record<string, AttributeValue>;
  } catch (error) {
    return rawRefusal(session, tableName, `Not saved: ${(error as Error).message}`, text);
  }
  const pk = textOfKeyValue(item[keys.partitionKey.name]);
  const sk = keys.sortKey ? textOfKeyValue(item[keys.sortKey.name]) : undefined;
  try {
    await session.client.send(new PutItemCommand({ TableName: tableName, Item: item }));
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return rawRefusal(session, tableName, `Not saved: ${error.name}: ${error.message}`, text, pk, sk);
  }
  return { redirect: `${itemUrl(tableName, pk, sk)}&done=saved` };
}

/** A raw DeleteItem by the key in the form. */
export async function rawDeleteAction(session: ConsoleSession, tableName: string, form: Form): Promise<ActionResult> {
  const keys = await describeTableKeys(session.client, tableName);
  const key = JSON.parse(form.get('item') ?? '{}') as Record<string, AttributeValue>;
  const pk = textOfKeyValue(key[keys.partitionKey.name]);
  await session.client.send(new DeleteItemCommand({ TableName: tableName, Key: key }));
  return { redirect: `/tables/${encodeURIComponent(tableName)}/items${queryString({ pk, done: 'deleted' })}` };
}

async function rawRefusal(
  session: ConsoleSession,
  tableName: string,
  text: string,
  rawText: string,
  pk?: string,
  sk?: string,
): Promise<ActionResult> {
  if (pk) return { status: 422, body: await itemPage(session, tableName, pk, sk, { refusal: text, rawText }) };
  return {
    status: 422,
    body: page(
      session.frame(`Put an item into ${tableName}`, 'items', tableName),
      html`${message(text, 'error')}<pre>${rawText}</pre>`,
    ),
  };
}

/** An error DynamoDB answered (a `ValidationException`…), as opposed to a failure of the console. */
export function isServiceError(error: unknown): error is Error & { name: string; $fault?: string } {
  return error instanceof Error && typeof (error as { $fault?: unknown }).$fault === 'string';
}
