import {
  checkConsistentReadDeclaration,
  checkFilterDeclaration,
  parseAttributeCondition,
  parseKeyCondition,
  type AccessPatternConfig,
  type AttributeConditionPart,
  type ParsedKeyCondition,
  type PatternParams,
  type SortKeyOperator,
} from './access-pattern.js';
import type { IndexKeyAttributeNames } from './attribute-index.js';
import type { EntityDefinition, EntityItem } from './entity.js';
import { ModelDefinitionError } from './errors.js';
import type { TableDefinition } from './table.js';

/** A declared access pattern with its name and parsed key condition. */
export interface AccessPatternDefinition<C extends AccessPatternConfig = AccessPatternConfig> {
  readonly name: string;
  readonly config: C;
  readonly keyCondition?: ParsedKeyCondition;
  /** On an attribute-keyed index: the constrained key attributes, in declaration order. */
  readonly attributeCondition?: readonly AttributeConditionPart[];
}

/**
 * A whole model: one table, its entities, its access patterns. Plain data — infrastructure, the
 * design check, documentation and repositories all read the same object.
 */
export interface ModelDefinition<
  T extends TableDefinition = TableDefinition,
  Es extends readonly EntityDefinition[] = readonly EntityDefinition[],
  P extends Readonly<Record<string, AccessPatternConfig>> = Readonly<Record<string, AccessPatternConfig>>,
> {
  readonly kind: 'model';
  readonly table: T;
  readonly entities: Es;
  /** Access patterns by name, in declaration order. */
  readonly accessPatterns: { readonly [N in keyof P]: AccessPatternDefinition<P[N]> };
}

/** The entity named `N` in model `M`. */
export type ModelEntity<M extends ModelDefinition, N extends string> = Extract<
  M['entities'][number],
  { readonly name: N }
>;
/** Entity names of a model. */
export type ModelEntityName<M extends ModelDefinition> = M['entities'][number]['name'];
/** Access pattern names of a model. */
export type ModelPatternName<M extends ModelDefinition> = keyof M['accessPatterns'] & string;
/** The declared config of pattern `N`. */
export type ModelPattern<M extends ModelDefinition, N extends ModelPatternName<M>> = M['accessPatterns'][N]['config'];
/** Entity names a pattern returns. */
export type PatternEntityName<M extends ModelDefinition, N extends ModelPatternName<M>> = ModelPattern<
  M,
  N
>['entities'][number] &
  string;
/** The item union a pattern returns. */
export type PatternItem<M extends ModelDefinition, N extends ModelPatternName<M>> = EntityItem<
  ModelEntity<M, PatternEntityName<M, N>>
>;
/** The parameters of pattern `N`: `{ status: JobStatus }` for `STATUS#{status}`. */
export type ModelPatternParams<M extends ModelDefinition, N extends ModelPatternName<M>> = PatternParams<
  ModelPattern<M, N>,
  EntityItem<ModelEntity<M, ModelPattern<M, N>['entities'][0] & string>>
>;

/** Patterns on an attribute-keyed index may only constrain that index's key attributes. */
type CheckAttributePatterns<P, T extends TableDefinition> = {
  readonly [N in keyof P]: P[N] extends {
    readonly index: infer I extends keyof T['indexes'];
    readonly key: { readonly attributes: infer Attributes };
  }
    ? {
        readonly key: {
          readonly attributes: {
            readonly [A in keyof Attributes]: A extends IndexKeyAttributeNames<T['indexes'][I]>
              ? SortKeyOperator
              : `'${A & string}' is not a key attribute of index ${I & string}`;
          };
        };
      }
    : unknown;
};

/**
 * Declares a model. Entities must belong to `table` and have distinct names; access patterns may
 * only name entities of the model and indexes of the table (checked at compile time). Whether each
 * pattern is actually served by a key is the design check's job ({@link checkDesign}), so that a
 * broken design can still be loaded, checked and explained.
 *
 * @example
 * export const model = defineModel({
 *   table,
 *   entities: [job, finding],
 *   accessPatterns: {
 *     getJob: { description: 'Get job by ID', entities: ['job'], key: { pk: 'JOB#{id}', sk: { equals: 'METADATA' } } },
 *   },
 * });
 */
export function defineModel<
  T extends TableDefinition,
  const Es extends readonly EntityDefinition[],
  const P extends Readonly<Record<string, AccessPatternConfig<Es[number]['name'], keyof T['indexes'] & string>>>,
>(config: {
  readonly table: T;
  readonly entities: Es;
  readonly accessPatterns: P & NoInfer<CheckAttributePatterns<P, T>>;
}): ModelDefinition<T, Es, P> {
  const names = new Set<string>();
  for (const entity of config.entities) {
    if (names.has(entity.name))
      throw new ModelDefinitionError(
        `model of table '${config.table.name}'`,
        `two entities are named '${entity.name}'`,
      );
    if (entity.table !== (config.table as TableDefinition)) {
      throw new ModelDefinitionError(
        `entity '${entity.name}'`,
        `belongs to table '${entity.table.name}', not to '${config.table.name}'`,
      );
    }
    names.add(entity.name);
  }
  const accessPatterns: Record<string, AccessPatternDefinition> = {};
  for (const [name, pattern] of Object.entries(config.accessPatterns)) {
    checkFilterDeclaration(name, pattern);
    checkConsistentReadDeclaration(name, pattern);
    const keyCondition = parseKeyCondition(pattern, config.table.separator);
    const attributeCondition = parseAttributeCondition(pattern);
    accessPatterns[name] = {
      name,
      config: pattern,
      ...(keyCondition ? { keyCondition } : {}),
      ...(attributeCondition ? { attributeCondition } : {}),
    };
  }
  return Object.freeze({
    kind: 'model' as const,
    table: config.table,
    entities: config.entities,
    accessPatterns: accessPatterns as ModelDefinition<T, Es, P>['accessPatterns'],
  });
}

/** Looks an entity up by name, or throws. */
export function entityByName(model: ModelDefinition, name: string): EntityDefinition {
  const entity = model.entities.find((candidate) => candidate.name === name);
  if (!entity) throw new ModelDefinitionError(`model of table '${model.table.name}'`, `no entity named '${name}'`);
  return entity;
}

/** Looks an access pattern up by name, or throws. */
export function patternByName(model: ModelDefinition, name: string): AccessPatternDefinition {
  const pattern = (model.accessPatterns as Readonly<Record<string, AccessPatternDefinition>>)[name];
  if (!pattern)
    throw new ModelDefinitionError(`model of table '${model.table.name}'`, `no access pattern named '${name}'`);
  return pattern;
}
