import { describe, expect, it } from 'vitest';
import { storedItemOf } from './stored-item.js';

describe('storedItemOf', () => {
  it('reads the size digits and keeps the text in place, cutting it out only when asked', () => {
    const row = storedItemOf('312{"pk":{"S":"a"}}');
    expect(row.size).toBe(312);
    expect(row.textStart).toBe(3);
    expect(row.item).toEqual({ pk: { S: 'a' } });
    expect(row.text).toBe('{"pk":{"S":"a"}}');
  });

  it('reads a size SQLite wrote otherwise than as plain digits', () => {
    const row = storedItemOf('3.0{"pk":{"S":"a"}}');
    expect(row.size).toBe(3);
    expect(row.text).toBe('{"pk":{"S":"a"}}');
    expect(row.item).toEqual({ pk: { S: 'a' } });
  });
});
