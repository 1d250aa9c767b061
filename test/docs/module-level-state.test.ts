import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listedModuleState, moduleStateOf, moduleStateUnder, type ModuleState } from './module-level-state.js';

const HEADING = '### Module-level state';
const doc = readFileSync('docs/engine-internals.md', 'utf8');
const place = (state: ModuleState) => `${state.file} ${state.name}`;

describe('module-level mutable state in src/', () => {
  const listed = listedModuleState(doc, HEADING);
  const kept = listedModuleState(doc.slice(0, doc.indexOf('Still at module level')), HEADING);

  it('is listed, each place, in docs/engine-internals.md', () => {
    const names = new Set(listed.map(place));
    expect(
      moduleStateUnder('.', 'src')
        .map(place)
        .filter((found) => !names.has(found)),
    ).toEqual([]);
  });

  it('is kept with a reason in at most 10 places', () => {
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(10);
  });
});

describe('the module-level state scanner', () => {
  it('finds top-level lets and collections a function writes to, directly or through an alias', () => {
    const text = [
      'let loaded: string | undefined;',
      'const byKey = new Map<string, number>();',
      'const seen = new WeakSet<object>();',
      'const scratch = new Int32Array(4);',
      'const queue: number[] = [];',
      'export function use(key: string): void {',
      '  byKey.set(key, 1);',
      '  const words = scratch;',
      '  words[0] = 1;',
      '  queue.push(2);',
      '}',
      'export const look = (value: object) => seen.has(value);',
    ].join('\n');
    expect(moduleStateOf('a.ts', text).map((state) => state.name)).toEqual(['loaded', 'byKey', 'scratch', 'queue']);
  });

  it('passes constants: a table filled while the module loads, a collection only read, locals', () => {
    const text = [
      'const TOKENS = new Uint8Array(128);',
      "for (const character of 'abc') TOKENS[character.charCodeAt(0)] = 1;",
      "const WORDS: ReadonlySet<string> = new Set(['a', 'b']);",
      'export function check(word: string): boolean {',
      '  const local = new Map<string, number>();',
      '  local.set(word, 1);',
      '  return WORDS.has(word) && TOKENS[0] === 0;',
      '}',
    ].join('\n');
    expect(moduleStateOf('b.ts', text)).toEqual([]);
  });

  it('reads the places a doc lists from the table rows under a heading', () => {
    const markdown = [
      '# Doc',
      '### Module-level state',
      '| file | name | reason |',
      '|---|---|---|',
      '| `src/a.ts` | `pool` | shared |',
      '## Next',
      '| `src/b.ts` | `other` | not in the section |',
    ].join('\n');
    expect(listedModuleState(markdown, HEADING)).toEqual([{ file: 'src/a.ts', name: 'pool' }]);
  });
});
