import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../model/index.js';
import { ModelError } from '../model/errors.js';
import { DesignAssertionError, expectDesignOk } from './expect-design-ok.js';

const table = defineTable({ name: 'shop' });
const order = defineEntity(table, {
  name: 'order',
  attributes: { id: z.string(), status: z.string() },
  key: { pk: 'ORDER#{id}', sk: 'META' },
});
const note = defineEntity(table, {
  name: 'note',
  attributes: { id: z.string(), text: z.string() },
  key: { pk: 'NOTE#{id}', sk: 'NOTE' },
});
const getOrder = {
  description: 'Get an order',
  entities: ['order'],
  key: { pk: 'ORDER#{id}', sk: { equals: 'META' } },
} as const;

/** `note` is read by no pattern: a warning, not a problem. */
const served = defineModel({ table, entities: [order, note], accessPatterns: { getOrder } });
const refused = defineModel({
  table,
  entities: [order, note],
  accessPatterns: {
    getOrder,
    listFailedOrders: {
      description: 'Failed orders',
      entities: ['order'],
      key: { pk: 'ORDER#{id}' },
      filter: 'status = failed',
    },
    allOrders: { description: 'All orders', entities: ['order'], scan: true },
  },
});

function thrown(run: () => void): DesignAssertionError {
  try {
    run();
  } catch (error) {
    if (error instanceof DesignAssertionError) return error;
    throw error;
  }
  throw new Error('expected a DesignAssertionError');
}

describe('expectDesignOk', () => {
  it('passes a model whose every pattern is served by a key, warnings and all', () => {
    expect(() => expectDesignOk(served)).not.toThrow();
  });

  it('throws a plain Error listing every finding, one line each, problems before warnings', () => {
    const error = thrown(() => expectDesignOk(refused));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ModelError);
    expect(error.name).toBe('DesignAssertionError');
    expect(error.code).toBe('DesignAssertion');
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('design check of table shop: 2 problems, 1 warning');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}✗ listFailedOrders: uses a filter \(status = failed\) in place of a key/),
      expect.stringMatching(/^ {2}✗ allOrders: needs a Scan/),
      "  ! (model): entity 'note' is not read by any access pattern",
    ]);
    expect(error.payload.tableName).toBe('shop');
    expect(error.payload.problems.map((finding) => finding.pattern)).toEqual(['listFailedOrders', 'allOrders']);
    expect(error.payload.warnings).toHaveLength(1);
  });

  it('fails on warnings too with failOnWarnings', () => {
    const error = thrown(() => expectDesignOk(served, { failOnWarnings: true }));
    expect(error.message).toBe(
      "design check of table shop: 1 warning\n  ! (model): entity 'note' is not read by any access pattern",
    );
    expect(error.payload.problems).toEqual([]);
  });
});
