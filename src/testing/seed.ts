import type { EntityInput, EntityItem } from '../model/entity.js';
import type { ModelDefinition, ModelEntity, ModelEntityName } from '../model/model.js';
import type { EntityRepository } from '../repository/entity-repository.js';
import type { TableRepository } from '../repository/table-repository.js';

/**
 * Items to seed, by entity name (`N`: the names given): each item is what that entity's `create` accepts, so a
 * misspelt entity or attribute, or a value of the wrong type, is a compile error.
 *
 * @example
 * const items: SeedItems<typeof model> = { ticket: [{ id: 'T-1', projectId: 'web', title: 'Login fails' }] };
 */
export type SeedItems<M extends ModelDefinition, N extends ModelEntityName<M> = ModelEntityName<M>> = {
  readonly [K in N]: readonly EntityInput<ModelEntity<M, K>>[];
};

/** What {@link seedItems} wrote: the stored items (defaults, version), by entity, for the names seeded. */
export type SeededItems<M extends ModelDefinition, N extends ModelEntityName<M> = ModelEntityName<M>> = {
  -readonly [K in N]: EntityItem<ModelEntity<M, K>>[];
};

/** The typed repository of each entity of a model, by entity name. */
export type EntityRepositories<M extends ModelDefinition> = {
  readonly [N in ModelEntityName<M>]: EntityRepository<ModelEntity<M, N>>;
};

/**
 * Writes the items through the entities' repositories, one `create` each, in the order given
 * (entity by entity): keys, index keys and TTL are derived as in production, input is validated
 * by the entity's schemas, and an item whose key is taken fails with `ItemAlreadyExistsError`.
 *
 * @example
 * const { ticket } = await seedItems(db, { ticket: [{ id: 'T-1', projectId: 'web', title: 'Login fails' }] });
 */
export async function seedItems<M extends ModelDefinition, N extends ModelEntityName<M>>(
  db: TableRepository<M>,
  items: SeedItems<M, N>,
): Promise<SeededItems<M, N>> {
  const seeded: Record<string, unknown[]> = {};
  for (const [name, inputs] of Object.entries(items as Record<string, readonly unknown[] | undefined>)) {
    if (inputs === undefined) continue;
    // An unknown name (possible only past the types) fails here, naming it.
    const repository = db.entity(name as ModelEntityName<M>) as unknown as EntityRepository<never>;
    const written: unknown[] = [];
    for (const input of inputs) written.push(await repository.create(input as never));
    seeded[name] = written;
  }
  return seeded as SeededItems<M, N>;
}
