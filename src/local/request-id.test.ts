import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.js';

describe('request ids', () => {
  it('are 52 characters of [A-Z0-9] and distinct, through the small first pool and the full ones after it', () => {
    // 8 ids come from the first pool, 256 from each later one: 1,000 ids cross four refills.
    const ids = Array.from({ length: 1000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[A-Z0-9]{52}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
