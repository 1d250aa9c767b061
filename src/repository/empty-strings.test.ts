import { describe, expect, it } from 'vitest';
import { applyEmptyStringPolicy } from './empty-strings.js';
import { ValidationError } from './errors.js';

describe('the empty-string policy', () => {
  const item = { title: '', note: 'n', meta: { a: '', b: { c: '' }, d: 1 }, list: ['', 'x'] };

  it("'omit' drops empty strings, in nested maps too, and keeps list elements", () => {
    expect(applyEmptyStringPolicy('job', 'omit', item)).toEqual({ note: 'n', meta: { b: {}, d: 1 }, list: ['', 'x'] });
  });

  it("'reject' names every empty string by its path in one ValidationError", () => {
    const error = (() => {
      try {
        applyEmptyStringPolicy('job', 'reject', item);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).payload.issues.map((issue) => issue.path)).toEqual([
      ['title'],
      ['meta', 'a'],
      ['meta', 'b', 'c'],
    ]);
  });

  it("'keep' returns an equal copy, not the same object", () => {
    const kept = applyEmptyStringPolicy('job', 'keep', item);
    expect(kept).toEqual(item);
    expect(kept).not.toBe(item);
  });

  it('leaves sets, bytes and non-string values alone', () => {
    const values = { tags: new Set(['']), bytes: new Uint8Array([1]), zero: 0, no: false, none: null };
    expect(applyEmptyStringPolicy('job', 'reject', values)).toEqual(values);
  });
});
