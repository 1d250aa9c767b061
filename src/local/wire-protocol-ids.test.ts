import { describe, expect, it } from 'vitest';
import { newRequestId } from './wire-protocol.js';

describe('request ids', () => {
  it('are 52 characters of [A-Z0-9] and distinct, across refills of the pool', () => {
    // 256 ids come from each pool: 1,000 ids cross four refills.
    const ids = Array.from({ length: 1000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[A-Z0-9]{52}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
