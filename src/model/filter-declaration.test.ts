import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkDesign,
  defineEntity,
  defineModel,
  defineTable,
  ModelDefinitionError,
  renderAccessPatternTable,
} from './index.js';
import { loadModelModule } from './load-model-module.js';

const table = defineTable({ name: 'shop' });
const order = defineEntity(table, {
  name: 'order',
  attributes: { id: z.string(), status: z.string() },
  key: { pk: 'ORDER#{id}', sk: 'META' },
});

/** A pattern as a JavaScript model (or a cast) can declare it, past the types. */
function modelWithFilter(filter: unknown) {
  return defineModel({
    table,
    entities: [order],
    accessPatterns: {
      getOrder: { description: 'Get order', entities: ['order'], key: { pk: 'ORDER#{id}' } },
      openOrders: {
        description: 'Open orders',
        entities: ['order'],
        key: { pk: 'ORDER#{id}' },
        filter: filter as string,
      },
    },
  });
}

describe('a declared filter', () => {
  it('that is an object is refused, naming the access pattern', () => {
    expect(() => modelWithFilter({ status: 'open' })).toThrow(ModelDefinitionError);
    expect(() => modelWithFilter({ status: 'open' })).toThrow(
      "access pattern 'openOrders': filter must be a FilterExpression string such as 'status = :open', not an object",
    );
  });

  it('that is an array, a number, null or empty is refused too', () => {
    expect(() => modelWithFilter(['status = :open'])).toThrow(/'openOrders': filter must be .* not an array/);
    expect(() => modelWithFilter(3)).toThrow(/not a number/);
    expect(() => modelWithFilter(null)).toThrow(/not null/);
    expect(() => modelWithFilter('  ')).toThrow(/not an empty string/);
  });

  it('that is a string is kept, and the design check refuses it with the expression shown', () => {
    const model = modelWithFilter('status = :open');
    const openOrders = checkDesign(model).problems.find((problem) => problem.pattern === 'openOrders');
    expect(openOrders?.reason).toMatch(/^uses a filter \(status = :open\) in place of a key/);
    expect(renderAccessPatternTable(model)).not.toContain('[object Object]');
  });

  it('that is an object is refused when a JavaScript model module is loaded', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'monotable-model-'));
    try {
      const modelIndex = pathToFileURL(fileURLToPath(new URL('./index.ts', import.meta.url))).href;
      const file = join(directory, 'model.mjs');
      writeFileSync(
        file,
        `import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from ${JSON.stringify(modelIndex)};
const table = defineTable({ name: 'shop' });
const order = defineEntity(table, { name: 'order', attributes: { id: z.string() }, key: { pk: 'ORDER#{id}', sk: 'META' } });
export default defineModel({ table, entities: [order], accessPatterns: {
  openOrders: { description: 'Open orders', entities: ['order'], key: { pk: 'ORDER#{id}' }, filter: { status: 'open' } },
} });
`,
      );
      await expect(loadModelModule(file)).rejects.toThrow(
        /cannot be imported: access pattern 'openOrders': filter must be a FilterExpression string/,
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
