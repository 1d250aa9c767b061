import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isObjectRecord, isPlainObject } from './plain-object.js';

describe('isPlainObject', () => {
  it('holds for object literals, JSON.parse objects and null-prototype objects only', () => {
    expect(isPlainObject({ S: 'a' })).toBe(true);
    expect(isPlainObject(JSON.parse('{"N":"1"}'))).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    for (const other of [[1], new Date(0), new Map(), Object(1), null, 'text', 1, undefined])
      expect(isPlainObject(other)).toBe(false);
  });
});

describe('isObjectRecord', () => {
  it('holds for any non-array object, also one made in another realm', () => {
    const foreign: unknown = runInNewContext('({ S: "a" })');
    expect(isPlainObject(foreign)).toBe(false);
    expect(isObjectRecord(foreign)).toBe(true);
    expect(isObjectRecord(new Date(0))).toBe(true);
    for (const other of [[1], null, 'text', 1, undefined]) expect(isObjectRecord(other)).toBe(false);
  });
});
