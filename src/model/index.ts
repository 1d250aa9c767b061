/**
 * `monotable/model`: tables, entities, access patterns and the design check, and the types that
 * name what a model holds. The list is explicit so that what users may rely on is a decision: a
 * helper the repository or infra layer shares with the model is imported by its path, not from here
 * (`test/public-api.test.ts` pins the list).
 *
 * @example
 * import { checkDesign, defineEntity, defineModel, defineTable } from 'monotable/model';
 * const table = defineTable({ name: 'app', partitionKey: 'pk', sortKey: 'sk' });
 */
export { defineTable } from './table.js';
export type {
  BillingMode,
  EmptyStringPolicy,
  GlobalIndexDefinition,
  IndexProjection,
  TableConfig,
  TableDefinition,
  TemplateIndexDefinition,
} from './table.js';
export type { StreamHandlerDeclaration, StreamViewType, TableStreamDefinition } from './table-stream.js';
export { defineEntity } from './entity.js';
export type {
  EntityAttributeIndexDefinition,
  EntityConfig,
  EntityDefinition,
  EntityIndexDefinition,
  EntityInput,
  EntityItem,
  EntityKey,
  EntityState,
  EntityTtlDefinition,
  EntityTypes,
  AttributeMatch,
  IndexSharding,
} from './entity.js';
export { defineModel } from './model.js';
export type {
  AccessPatternDefinition,
  ModelDefinition,
  ModelEntity,
  ModelEntityName,
  ModelPattern,
  ModelPatternName,
  ModelPatternParams,
  PatternEntityName,
  PatternItem,
} from './model.js';
export type {
  AccessPatternConfig,
  PatternParams,
  PatternParamNames,
  SortKeyCondition,
  SortKeyOperator,
} from './access-pattern.js';
export type {
  AttributeIndexDefinition,
  IndexKeyAttributeNames,
  KeyAttributeNames,
  KeyAttributeTuple,
} from './attribute-index.js';
export type { AttributeSchemas, InputOfAttributes, ItemOfAttributes } from './attributes.js';
export { parseKeyValue } from './key-template.js';
export type { CheckTemplate, KeyPartValue, Placeholders } from './key-template.js';
export type { StateMachineDefinition } from './state-machine.js';
export type { DurationString } from './duration.js';
export { checkDesign } from './design-check.js';
export type { DesignCheckResult, DesignFinding } from './design-check.js';
export { renderAccessPatternTable } from './design-doc.js';
export { loadModelModule, ModelModuleError } from './load-model-module.js';
export { EmptyKeyPartError, KeyMismatchError, ModelDefinitionError, ModelError } from './errors.js';
