import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity } from './entity.js';
import { ModelDefinitionError } from './errors.js';
import { defineModel, entityByName, patternByName } from './model.js';
import { defineTable } from './table.js';

const table = defineTable({ name: 'research' });
const job = defineEntity(table, { name: 'job', attributes: { id: z.string() }, key: { pk: 'JOB#{id}', sk: 'META' } });
const loose = defineModel as unknown as (config: Record<string, unknown>) => ReturnType<typeof defineModel>;

describe('defineModel', () => {
  it('parses each access pattern key condition, the empty prefix meaning the whole partition', () => {
    const model = defineModel({
      table,
      entities: [job],
      accessPatterns: {
        getJob: { description: 'one', entities: ['job'], key: { pk: 'JOB#{id}', sk: { equals: 'META' } } },
        wholeJob: { description: 'all', entities: ['job'], key: { pk: 'JOB#{id}', sk: { beginsWith: '' } } },
      },
    });
    expect(model.accessPatterns.getJob.keyCondition?.sk).toMatchObject({
      operator: 'equals',
      templates: [{ source: 'META' }],
    });
    expect(model.accessPatterns.wholeJob.keyCondition?.sk?.templates[0]).toMatchObject({
      source: '',
      placeholders: [],
      prefix: '',
    });
  });

  it('keeps a declared consistentRead, and refuses one that is not a boolean, naming the pattern', () => {
    const model = defineModel({
      table,
      entities: [job],
      accessPatterns: {
        pollJob: {
          description: 'poll',
          entities: ['job'],
          key: { pk: 'JOB#{id}', sk: { equals: 'META' } },
          consistentRead: true,
        },
      },
    });
    expect(model.accessPatterns.pollJob.config.consistentRead).toBe(true);
    const declaring = (consistentRead: unknown) => () =>
      loose({
        table,
        entities: [job],
        accessPatterns: {
          pollJob: { description: 'poll', entities: ['job'], key: { pk: 'JOB#{id}' }, consistentRead },
        },
      });
    expect(declaring('yes')).toThrow("access pattern 'pollJob': consistentRead must be true or false, not a string");
    expect(declaring(null)).toThrow('consistentRead must be true or false, not null');
    expect(declaring(false)).not.toThrow();
  });

  it('refuses two entities of one name', () => {
    const twin = defineEntity(table, { name: 'job', attributes: { id: z.string() }, key: { pk: 'J#{id}', sk: 'M' } });
    expect(() => loose({ table, entities: [job, twin], accessPatterns: {} })).toThrow(
      "model of table 'research': two entities are named 'job'",
    );
  });

  it('refuses an entity declared on another table', () => {
    const other = defineTable({ name: 'other' });
    const stranger = defineEntity(other, {
      name: 'stranger',
      attributes: { id: z.string() },
      key: { pk: 'S#{id}', sk: 'M' },
    });
    expect(() => loose({ table, entities: [stranger], accessPatterns: {} })).toThrow(
      "entity 'stranger': belongs to table 'other', not to 'research'",
    );
  });

  it('looks entities and patterns up by name, and refuses unknown names with ModelDefinitionError', () => {
    const model = defineModel({
      table,
      entities: [job],
      accessPatterns: { getJob: { description: 'x', entities: ['job'], key: { pk: 'JOB#{id}' } } },
    });
    expect(entityByName(model, 'job')).toBe(job);
    expect(patternByName(model, 'getJob').name).toBe('getJob');
    expect(() => entityByName(model, 'nope')).toThrow("no entity named 'nope'");
    expect(() => patternByName(model, 'nope')).toThrow(ModelDefinitionError);
  });

  it('returns a frozen model', () => {
    expect(Object.isFrozen(defineModel({ table, entities: [job], accessPatterns: {} }))).toBe(true);
  });
});
