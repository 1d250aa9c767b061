import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkDesign } from '../model/design-check.js';
import { defineEntity, defineModel, defineTable } from '../model/index.js';
import { unservedModel } from '../../test/repository/fixtures/unserved-model.js';
import { designCheckOf, requireServedPatterns } from './design-gate.js';
import { DesignCheckFailedError, RepositoryError } from './errors.js';

describe('requireServedPatterns', () => {
  it('refuses a model with unserved patterns, every finding in the payload, the first three in the message', () => {
    const model = unservedModel();
    const error = (() => {
      try {
        requireServedPatterns(model);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DesignCheckFailedError);
    expect(error).toBeInstanceOf(RepositoryError);
    const { problems } = checkDesign(model);
    expect(problems.length).toBeGreaterThan(3);
    expect(error).toMatchObject({ code: 'DesignCheckFailed', payload: { tableName: 'orders', problems } });
    const message = (error as Error).message;
    expect(message).toContain(
      "access pattern 'listByStatus' is not served: no key serves it: entity 'order' carries no keys for index 'gsi1', so it is never in it",
    );
    expect(message).toContain("access pattern 'listFailed' is not served: uses a filter (status = failed)");
    expect(message).toContain(`; and ${problems.length - 3} more.`);
    expect(message).not.toContain('byCustomer');
    expect(message).toContain("{ designCheck: 'skip' }");
  });

  it('names a model-wide finding as the model', () => {
    const table = defineTable({ name: 'empty' });
    const thing = defineEntity(table, {
      name: 'thing',
      attributes: { id: z.string() },
      key: { pk: 'T#{id}', sk: 'T' },
    });
    const model = defineModel({ table, entities: [thing], accessPatterns: {} });
    expect(() => requireServedPatterns(model)).toThrow(
      "The model of table 'empty' fails the design check: the model declares no access patterns: list them before designing keys.",
    );
  });

  it("lets a model through with 'skip', and a served model always", () => {
    expect(() => requireServedPatterns(unservedModel(), 'skip')).not.toThrow();
    const table = defineTable({ name: 'served' });
    const thing = defineEntity(table, {
      name: 'thing',
      attributes: { id: z.string() },
      key: { pk: 'T#{id}', sk: 'T' },
    });
    const served = defineModel({
      table,
      entities: [thing],
      accessPatterns: { get: { description: 'Get', entities: ['thing'], key: { pk: 'T#{id}', sk: { equals: 'T' } } } },
    });
    expect(() => requireServedPatterns(served)).not.toThrow();
  });

  it('checks a model object once: the same result object for the same model, a new one for another', () => {
    const model = unservedModel();
    const first = designCheckOf(model);
    expect(designCheckOf(model)).toBe(first);
    expect(first).toEqual(checkDesign(model));
    expect(designCheckOf(unservedModel())).not.toBe(first);
  });
});
