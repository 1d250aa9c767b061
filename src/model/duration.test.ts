import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineEntity, defineTable, ModelDefinitionError } from './index.js';
import { durationToSeconds, type Duration } from './duration.js';

describe('durations', () => {
  it('converts the spoken forms to seconds', () => {
    expect(durationToSeconds('7d')).toBe(604_800);
    expect(durationToSeconds({ hours: 1, minutes: 30 })).toBe(5_400);
  });

  it('refuses an invalid duration with a ModelDefinitionError naming it', () => {
    for (const bad of ['7 days', '7x', '', { days: -1 }, { hours: Number.NaN }] as unknown as Duration[]) {
      const error = (() => {
        try {
          return durationToSeconds(bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ModelDefinitionError);
      expect((error as ModelDefinitionError).code).toBe('ModelDefinition');
      expect((error as Error).message).toContain('invalid duration');
    }
  });

  it('defineEntity refuses an invalid TTL duration with a ModelDefinitionError naming the entity', () => {
    const table = defineTable({ name: 'sessions', timeToLiveAttribute: 'expires_at' });
    const define = () =>
      defineEntity(table, {
        name: 'session',
        attributes: { id: z.string() },
        key: { pk: 'SESSION#{id}', sk: 'META' },
        ttl: { after: '7 days' as Duration },
      });
    expect(define).toThrow(ModelDefinitionError);
    expect(define).toThrow(expect.objectContaining({ payload: { where: "entity 'session' ttl" } }));
    expect(define).toThrow(/entity 'session' ttl: invalid duration '7 days': use e\.g\. '7d', '12h', '30m'/);
  });
});
