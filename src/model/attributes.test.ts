import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { z } from 'zod';
import { validateAttributes } from './attributes.js';
import { matchesAttributes } from './entity.js';

const schemas = { id: z.string().min(1), rank: v.optional(v.number()), tags: z.array(z.string()).default([]) };

describe('attribute validation', () => {
  it('returns the schema outputs, defaults applied and absent optionals left out', async () => {
    expect(await validateAttributes(schemas, { id: 'a' })).toEqual({ ok: true, value: { id: 'a', tags: [] } });
  });

  it('reports each issue with its attribute and nested path', async () => {
    const result = await validateAttributes(schemas, { id: '', tags: ['ok', 3] });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((issue) => issue.path)).toEqual([['id'], ['tags', 1]]);
  });

  it('reports an unknown attribute, an inherited name included', async () => {
    const result = await validateAttributes(
      schemas,
      JSON.parse('{"id":"a","__proto__":1,"toString":2}') as Record<string, unknown>,
    );
    expect(!result.ok && result.issues.map((issue) => issue.attribute)).toEqual(['__proto__', 'toString']);
  });

  it('checks only the listed attributes of a partial write', async () => {
    expect(await validateAttributes(schemas, { rank: 2 }, ['rank'])).toEqual({ ok: true, value: { rank: 2 } });
  });
});

describe('attribute matches', () => {
  it('hold when every listed attribute has one of its values, and always without a match', () => {
    expect(matchesAttributes({ status: ['a', 'b'], kind: ['x'] }, { status: 'b', kind: 'x' })).toBe(true);
    expect(matchesAttributes({ status: ['a'] }, { status: 'b' })).toBe(false);
    expect(matchesAttributes({ status: ['a'] }, {})).toBe(false);
    expect(matchesAttributes(undefined, {})).toBe(true);
  });
});
