import { describe, expect, it } from 'vitest';
import { tieKind } from './index-tie.js';
import type { IndexDefinition, KeyAttribute } from './storage.js';

const attribute = (name: string): KeyAttribute => ({ name, type: 'S' });
const index = (kind: 'global' | 'local', partitionKeys: string[], sortKeys: string[]) =>
  ({
    name: 'i',
    kind,
    partitionKeys: partitionKeys.map(attribute),
    sortKeys: sortKeys.map(attribute),
  }) as unknown as IndexDefinition;

describe('the attributes an index tie hashes', () => {
  const pk = attribute('pk');
  const sk = attribute('sk');

  it('are the table attributes the index key does not hold', () => {
    expect(tieKind(index('local', ['pk'], ['lsk']), pk, sk)).toBe('sort key');
    expect(tieKind(index('global', ['pk'], ['other']), pk, sk)).toBe('sort key');
    expect(tieKind(index('global', ['other'], ['pk']), pk, sk)).toBe('sort key');
    expect(tieKind(index('global', ['sk'], []), pk, sk)).toBe('partition key');
    expect(tieKind(index('global', ['a', 'b'], ['sk', 'c']), pk, sk)).toBe('partition key');
    expect(tieKind(index('global', ['other'], ['more']), pk, sk)).toBe('table key');
    expect(tieKind(index('global', ['sk'], ['pk']), pk, sk)).toBe('table key');
  });

  it('are the whole key of a table without a sort key', () => {
    expect(tieKind(index('global', ['pk'], ['other']), pk, undefined)).toBe('table key');
    expect(tieKind(index('global', ['other'], []), pk, undefined)).toBe('table key');
  });
});
