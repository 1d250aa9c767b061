import { validateAttributes } from '../model/attributes.js';
import type { EntityDefinition } from '../model/entity.js';
import { isTransitionAllowed } from '../model/state-machine.js';
import type { TransitionChange, UpdateChanges, WriteConditions } from './entity-repository.js';
import { InvalidTransitionError, UnsupportedOperationError, ValidationError } from './errors.js';
import { keyParamsOf } from './item-codec.js';
import { attributeKeyIssues } from './attribute-keys.js';
import { applyEmptyStringPolicy } from './empty-strings.js';
import type { UpdatePlan } from './requests/update-request.js';

/**
 * What single-item writes and transaction actions share: input validation and the update plans of
 * partial updates and transitions, so that a write means the same inside a transaction as outside.
 */

type Loose = Record<string, unknown>;

/**
 * Validates `input` with the entity's attribute schemas (only the `only` attributes for partial
 * writes) and returns the schema outputs; throws {@link ValidationError} before any request.
 *
 * @example
 * const item = await validateEntityInput(job, { id: '1', title: 'Survey', createdAt });
 */
export async function validateEntityInput(
  entity: EntityDefinition,
  input: Readonly<Loose>,
  only?: readonly string[],
): Promise<Loose> {
  const result = await validateAttributes(entity.attributes, input, only);
  if (!result.ok) throw new ValidationError(entity.name, result.issues);
  const keyIssues = attributeKeyIssues(
    entity,
    applyEmptyStringPolicy(entity.name, entity.table.emptyStrings, result.value),
  );
  if (keyIssues.length > 0) throw new ValidationError(entity.name, keyIssues);
  return result.value;
}

/**
 * Refuses an expected version on an entity that declares no version attribute, with
 * {@link UnsupportedOperationError} before any request: the condition could not be written, and
 * the write would go through unchecked, losing a concurrent update without a word.
 *
 * @example
 * checkExpectedVersion(doc, 3) // throws when `doc` declares no `version`
 */
export function checkExpectedVersion(entity: EntityDefinition, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && !entity.version) {
    throw new UnsupportedOperationError(
      entity.name,
      'expectedVersion needs a version attribute, and this entity declares none: the version could not be checked',
    );
  }
}

/**
 * Refuses what a partial update must not do, whatever the caller's types said: change a key
 * attribute (that is another item), the state attribute (that is a `transition`) or the version
 * (the repository manages it), or change nothing on an unversioned entity. Throws
 * {@link UnsupportedOperationError} before any request.
 *
 * @example
 * checkUpdateChanges(job, { set: { status: 'running' } }) // throws: 'status' is a key, state or version attribute: use transition()
 */
export function checkUpdateChanges(
  entity: EntityDefinition,
  changes: { readonly set?: object; readonly remove?: readonly unknown[] },
): void {
  const touched = [...Object.keys(changes.set ?? {}), ...(changes.remove ?? []).map(String)];
  refuseFixedAttributes(entity, touched);
  if (touched.length === 0 && !entity.version)
    throw new UnsupportedOperationError(entity.name, 'an update needs at least one change');
}

/** Refuses, among the attribute names a partial write touches, a key, state or version attribute. */
function refuseFixedAttributes(entity: EntityDefinition, touched: readonly string[]): void {
  const state = entity.stateMachine?.attribute;
  const fixed = new Set<string>([
    ...entity.key.pk.placeholders,
    ...entity.key.sk.placeholders,
    ...(state ? [state] : []),
    ...(entity.version ? [entity.version] : []),
  ]);
  for (const name of touched) {
    if (fixed.has(name)) {
      throw new UnsupportedOperationError(
        entity.name,
        `'${name}' is a key, state or version attribute: ${state === name ? 'use transition()' : 'write a new item instead'}`,
      );
    }
  }
}

/**
 * The plan of a partial update, after {@link checkUpdateChanges}: the `set` values validated, the
 * removals and conditions carried over. Single-item updates and transaction updates both go
 * through here, so they refuse the same changes.
 *
 * @example
 * const plan = await planUpdate(job, { set: { title: 'v2' } }, { expectedVersion: 1 });
 */
export async function planUpdate<E extends EntityDefinition>(
  entity: E,
  changes: UpdateChanges<E>,
  conditions: WriteConditions<E>,
): Promise<UpdatePlan> {
  checkUpdateChanges(entity, changes);
  checkExpectedVersion(entity, conditions.expectedVersion);
  const set = changes.set ? await validateEntityInput(entity, changes.set as Loose, Object.keys(changes.set)) : {};
  return {
    set,
    remove: (changes.remove ?? []) as readonly string[],
    ...(conditions.where ? { where: conditions.where as Loose } : {}),
    ...(conditions.expectedVersion !== undefined ? { expectedVersion: conditions.expectedVersion } : {}),
  };
}

/**
 * The plan of a state transition, after checking that the entity has a state machine
 * ({@link UnsupportedOperationError}) and that it allows `from → to` ({@link InvalidTransitionError},
 * reason `not-allowed`). The plan's condition makes the database check the stored state.
 *
 * @example
 * const plan = await planTransition(job, { id: '1' }, { from: 'queued', to: 'running' });
 */
export async function planTransition<E extends EntityDefinition>(
  entity: E,
  key: Readonly<Loose>,
  change: TransitionChange<E>,
): Promise<UpdatePlan & Required<Pick<UpdatePlan, 'expectedState'>>> {
  const machine = entity.stateMachine;
  if (!machine) throw new UnsupportedOperationError(entity.name, 'this entity has no state machine');
  const from = change.from as string;
  const to = change.to as string;
  if (!isTransitionAllowed(machine, from, to)) {
    throw new InvalidTransitionError(
      { entity: entity.name, key: keyParamsOf(entity, key) },
      from,
      undefined,
      to,
      'not-allowed',
    );
  }
  const extra = (change.set ?? {}) as Loose;
  // As in an update, whatever the caller's types said: a key value there would contradict the
  // item's key, a version would clash with the bump, and the state is the transition's own.
  refuseFixedAttributes(entity, Object.keys(extra));
  const set = await validateEntityInput(entity, { ...extra, [machine.attribute]: to }, [
    ...Object.keys(extra),
    machine.attribute,
  ]);
  return { set, expectedState: { attribute: machine.attribute, value: from } };
}
