import { describe, expectTypeOf, it } from 'vitest';
import * as v from 'valibot';
import { z } from 'zod';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  defineEntity,
  defineModel,
  defineTable,
  ModelError,
  type AccessPatternDefinition,
  type AttributeMatch,
  type CheckTemplate,
  type EntityDefinition,
  type EntityInput,
  type EntityItem,
  type EntityKey,
  type EntityState,
  type IndexKeyAttributeNames,
  type InputOfAttributes,
  type ItemOfAttributes,
  type KeyAttributeNames,
  type KeyAttributeTuple,
  type KeyPartValue,
  type ModelEntity,
  type ModelEntityName,
  type ModelPattern,
  type ModelPatternName,
  type ModelPatternParams,
  type PatternEntityName,
  type PatternItem,
  type PatternParamNames,
  type PatternParams,
  type Placeholders,
  type StateMachineDefinition,
  type TableDefinition,
} from '../../src/model/index.js';
import { matchesAttributes } from '../../src/model/entity.js';
import { bookCapacity } from '../../src/repository/command-sender.js';
import { chunk } from '../../src/repository/batch-write.js';
import {
  type EntityRepository,
  RepositoryError,
  TableRepository,
  type Collection,
  type EntityTransactions,
  type TransactAction,
  type TransitionChange,
  type UpdateChanges,
  type WriteConditions,
} from '../../src/repository/index.js';
import { taskModel, type TaskModel } from './fixtures/task-model.js';

declare const client: DynamoDBClient;
const model = taskModel();
const db = new TableRepository(client, model);
type Task = ModelEntity<TaskModel, 'task'>;
type Doc = ModelEntity<TaskModel, 'doc'>;
type Event = ModelEntity<TaskModel, 'event'>;
type TaskItem = { id: string; title: string; status: 'todo' | 'doing' | 'done'; priority: number; note?: string | undefined; createdAt: string; version: number };

describe('generics of key templates', () => {
  it('Placeholders lists the attribute names of a template, widths dropped', () => {
    expectTypeOf<Placeholders<'PERSP#{round:4}#{expert}#{n}'>>().toEqualTypeOf<'round' | 'expert' | 'n'>();
    expectTypeOf<Placeholders<'METADATA'>>().toEqualTypeOf<never>();
  });

  it('CheckTemplate is the template itself, or an error naming the unknown attribute', () => {
    expectTypeOf<CheckTemplate<'JOB#{id}', 'id' | 'title'>>().toEqualTypeOf<'JOB#{id}'>();
    expectTypeOf<CheckTemplate<'JOB#{idd}', 'id'>>().toEqualTypeOf<'unknown attribute {idd} in key template'>();
  });
});

describe('generics of attributes and entities', () => {
  const attributes = { id: z.string(), rank: v.optional(v.number()), state: z.enum(['a', 'b']).default('a') };

  it('ItemOfAttributes takes schema outputs, optional where the output may be undefined', () => {
    expectTypeOf<ItemOfAttributes<typeof attributes>>().toEqualTypeOf<{ id: string; state: 'a' | 'b'; rank?: number | undefined }>();
  });

  it('InputOfAttributes takes schema inputs, optional where a default applies', () => {
    expectTypeOf<InputOfAttributes<typeof attributes>>().toEqualTypeOf<{ id: string; rank?: number | undefined; state?: 'a' | 'b' | undefined }>();
  });

  it('EntityItem is the stored item with the version attribute', () => {
    expectTypeOf<EntityItem<Task>>().toEqualTypeOf<TaskItem>();
    expectTypeOf<EntityItem<Event>>().toEqualTypeOf<{ taskId: string; at: number; text: string }>();
  });

  it('EntityInput makes attributes with defaults optional and has no version', () => {
    expectTypeOf<EntityInput<Task>>().toEqualTypeOf<{ id: string; title: string; createdAt: string; status?: 'todo' | 'doing' | 'done' | undefined; priority?: number | undefined; note?: string | undefined }>();
  });

  it('EntityKey holds the placeholders of both key templates with their item types', () => {
    expectTypeOf<EntityKey<Doc>>().toEqualTypeOf<{ realm: string; kind: string; number: number }>();
    expectTypeOf<EntityKey<Task>>().toEqualTypeOf<{ id: string }>();
  });

  it('EntityState is the state attribute type, never without a state machine', () => {
    expectTypeOf<EntityState<Task>>().toEqualTypeOf<'todo' | 'doing' | 'done'>();
    expectTypeOf<EntityState<Doc>>().toEqualTypeOf<never>();
  });

  it('AttributeMatch lists allowed values per attribute and matchesAttributes takes it', () => {
    expectTypeOf<AttributeMatch<{ status: 'a' | 'b'; n?: number }>>().toEqualTypeOf<{ readonly status?: readonly ('a' | 'b')[]; readonly n?: readonly number[] }>();
    expectTypeOf(matchesAttributes<{ status: 'a' }>).parameter(0).toEqualTypeOf<AttributeMatch<{ status: 'a' }> | undefined>();
  });

  it('StateMachineDefinition ties transitions to the states', () => {
    expectTypeOf<StateMachineDefinition<'s', 'a' | 'b'>['transitions']>().toEqualTypeOf<{ readonly a?: readonly ('a' | 'b')[]; readonly b?: readonly ('a' | 'b')[] }>();
  });

  it('defineEntity infers the name and keeps the table it belongs to', () => {
    const table = defineTable({ name: 'ttt' });
    const entity = defineEntity(table, { name: 'thing', attributes: { id: z.string() }, key: { pk: 'T#{id}', sk: 'M' } });
    expectTypeOf(entity.name).toEqualTypeOf<'thing'>();
    expectTypeOf(entity).toMatchTypeOf<EntityDefinition<'thing'>>();
    // @ts-expect-error an entity declared without a version has no version attribute
    expectTypeOf<EntityItem<typeof entity>>().toHaveProperty('version');
  });

  it('defineTable keeps the declared indexes in the table type', () => {
    const table = defineTable({ name: 'ttt', indexes: { gsi1: { partitionKey: 'gsi1pk', projection: { type: 'KEYS_ONLY' } } } });
    expectTypeOf(table).toMatchTypeOf<TableDefinition>();
    expectTypeOf(table.indexes.gsi1.partitionKey).toEqualTypeOf<'gsi1pk'>();
  });

  it('attribute-keyed index helpers name the key attributes in order', () => {
    type Index = { readonly partitionKey: readonly ['tenantId', { readonly name: 'rank'; readonly type: 'N' }]; readonly sortKey: readonly ['at'] };
    expectTypeOf<KeyAttributeNames<Index['partitionKey']>>().toEqualTypeOf<'tenantId' | 'rank'>();
    expectTypeOf<KeyAttributeTuple<Index['partitionKey']>>().toEqualTypeOf<readonly ['tenantId', 'rank']>();
    expectTypeOf<IndexKeyAttributeNames<Index>>().toEqualTypeOf<'tenantId' | 'rank' | 'at'>();
  });
});

describe('generics of models and access patterns', () => {
  it('ModelEntityName and ModelPatternName list the names declared', () => {
    expectTypeOf<ModelEntityName<TaskModel>>().toEqualTypeOf<'task' | 'doc' | 'event'>();
    expectTypeOf<ModelPatternName<TaskModel>>().toEqualTypeOf<'getTask' | 'getTaskWithEvents' | 'listTasksByStatus' | 'listDocsOfKind' | 'listPublicDocsByKind'>();
  });

  it('ModelEntity picks the entity of one name', () => {
    expectTypeOf<ModelEntity<TaskModel, 'event'>['name']>().toEqualTypeOf<'event'>();
  });

  it('ModelPattern is the declared config and PatternEntityName its entities', () => {
    expectTypeOf<ModelPattern<TaskModel, 'listTasksByStatus'>['index']>().toEqualTypeOf<'gsi1'>();
    expectTypeOf<PatternEntityName<TaskModel, 'getTaskWithEvents'>>().toEqualTypeOf<'task' | 'event'>();
  });

  it('PatternItem is the union of the items a pattern returns', () => {
    expectTypeOf<PatternItem<TaskModel, 'getTaskWithEvents'>>().toEqualTypeOf<TaskItem | { taskId: string; at: number; text: string }>();
  });

  it('ModelPatternParams types parameters from the first entity of the pattern', () => {
    expectTypeOf<ModelPatternParams<TaskModel, 'listTasksByStatus'>>().toEqualTypeOf<{ status: 'todo' | 'doing' | 'done' }>();
    expectTypeOf<ModelPatternParams<TaskModel, 'listDocsOfKind'>>().toEqualTypeOf<{ realm: string; kind: string }>();
  });

  it('PatternParamNames and PatternParams read the pk and every sort-key template', () => {
    type Config = { readonly key: { readonly pk: 'A#{a}'; readonly sk: { readonly between: readonly ['B#{low}', 'B#{high}'] } } };
    expectTypeOf<PatternParamNames<Config>>().toEqualTypeOf<'a' | 'low' | 'high'>();
    expectTypeOf<PatternParams<Config, { a: number }>>().toEqualTypeOf<{ a: number; low: KeyPartValue; high: KeyPartValue }>();
  });

  it('defineModel keeps each pattern config in AccessPatternDefinition', () => {
    expectTypeOf(model.accessPatterns.getTask).toMatchTypeOf<AccessPatternDefinition>();
    expectTypeOf(model.accessPatterns.getTask.config.entities).toEqualTypeOf<readonly ['task']>();
  });

  it('defineModel refuses an entity of another table at run time only, but an unknown entity at compile time', () => {
    const table = defineTable({ name: 'ttt' });
    const item = defineEntity(table, { name: 'item', attributes: { id: z.string() }, key: { pk: 'I#{id}', sk: 'M' } });
    // @ts-expect-error 'other' is not an entity of the model
    defineModel({ table, entities: [item], accessPatterns: { p: { description: 'x', entities: ['other'], key: { pk: 'I#{id}' } } } });
  });
});

describe('generics of repositories', () => {
  it('TableRepository.entity returns the EntityRepository of that entity', () => {
    expectTypeOf(db.entity('doc')).toEqualTypeOf<EntityRepository<Doc>>();
    expectTypeOf(db.entity('task').transaction).toEqualTypeOf<EntityTransactions<Task>>();
  });

  it('EntityRepository methods take keys and inputs and return items of their entity', () => {
    const tasks = db.entity('task');
    expectTypeOf(tasks.get).parameter(0).toEqualTypeOf<{ id: string }>();
    expectTypeOf(tasks.get).returns.resolves.toEqualTypeOf<TaskItem | undefined>();
    expectTypeOf(tasks.create).returns.resolves.toEqualTypeOf<TaskItem>();
    expectTypeOf(tasks.delete).returns.resolves.toEqualTypeOf<TaskItem | undefined>();
    expectTypeOf(tasks.batchGet).returns.resolves.toHaveProperty('items').toEqualTypeOf<TaskItem[]>();
  });

  it('UpdateChanges leaves key, state and version attributes out of set and remove', () => {
    expectTypeOf<keyof NonNullable<UpdateChanges<Task>['set']>>().toEqualTypeOf<'title' | 'priority' | 'note' | 'createdAt'>();
    expectTypeOf<NonNullable<UpdateChanges<Task>['remove']>[number]>().toEqualTypeOf<'note'>();
  });

  it('WriteConditions take stored attributes and a version number', () => {
    expectTypeOf<WriteConditions<Task>['where']>().toEqualTypeOf<Partial<TaskItem> | undefined>();
    expectTypeOf<WriteConditions<Task>['expectedVersion']>().toEqualTypeOf<number | undefined>();
  });

  it('TransitionChange takes states of the machine only', () => {
    expectTypeOf<TransitionChange<Task>['from']>().toEqualTypeOf<'todo' | 'doing' | 'done'>();
    // @ts-expect-error 'paused' is not a state
    const change: TransitionChange<Task> = { from: 'todo', to: 'paused' };
    void change;
  });

  it('Collection has one array per entity of the pattern', () => {
    expectTypeOf<Collection<TaskModel, 'getTaskWithEvents'>>().toEqualTypeOf<{ task: TaskItem[]; event: { taskId: string; at: number; text: string }[] }>();
  });

  it('transaction builders all produce TransactAction', () => {
    expectTypeOf(db.entity('task').transaction.check).returns.resolves.toEqualTypeOf<TransactAction>();
    expectTypeOf(db.transact).parameter(0).toEqualTypeOf<readonly (TransactAction | Promise<TransactAction>)[]>();
  });

  it('RepositoryError and ModelError carry their code and payload types', () => {
    const error = new RepositoryError('Custom', 'message', { answer: 42 });
    expectTypeOf(error.code).toEqualTypeOf<'Custom'>();
    expectTypeOf(error.payload).toEqualTypeOf<{ answer: number }>();
    expectTypeOf(new ModelError('M', 'm', { where: 'x' }).payload).toEqualTypeOf<{ where: string }>();
  });

  it('bookCapacity passes the output type through and chunk keeps the element type', () => {
    expectTypeOf(bookCapacity<{ ConsumedCapacity?: unknown; n: 1 }>).returns.resolves.toEqualTypeOf<{ ConsumedCapacity?: unknown; n: 1 }>();
    expectTypeOf(chunk([1, 2, 3], 2)).toEqualTypeOf<number[][]>();
  });
});
