import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * House rule: `src/local` (the in-process client and the server) reaches the engine only
 * through `engine/engine.ts` (the `Engine`), `engine/answer.ts` (its `Answer` and the
 * visitor that reads stored items) and `engine/errors.ts` (`DynamoDBError`). How storage
 * holds items (the stored-row column, the text reader) stays inside the engine, so it can
 * change without the transport knowing. Tests may reach further, to build rows by hand.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

const ALLOWED: ReadonlySet<string> = new Set(['src/engine/engine.ts', 'src/engine/answer.ts', 'src/engine/errors.ts']);

function localSourceFiles(): string[] {
  return readdirSync(join(root, 'src/local'), { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.[cm]?[jt]s$/.test(entry.name) && !/\.test(-d)?\.ts$|\.test-support\.ts$/.test(entry.name),
    )
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Every module specifier of a static import or re-export, and of a dynamic `import()` with a literal. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)) found.push(match[1]);
  for (const match of text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) found.push(match[1]);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]);
  return found;
}

/** The engine files `file` (a path from the root) imports that the rule does not allow. */
function forbiddenEngineImports(file: string, text: string): string[] {
  return specifiers(text)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => posix.normalize(posix.join(dirname(file), specifier)).replace(/\.js$/, '.ts'))
    .filter((target) => target.startsWith('src/engine/') && !ALLOWED.has(target));
}

describe('house rule: src/local imports only engine/engine.ts, engine/answer.ts and engine/errors.ts of the engine', () => {
  it('finds each kind of import it is meant to find', () => {
    const file = 'src/local/sdk-accelerator/fast-wire/reader.ts';
    expect(
      forbiddenEngineImports(
        file,
        [
          "import { StoredItem } from '../../../engine/storage/stored-item.js';",
          "import type { Item } from '../../../engine/values/attribute-value.js';",
          "export { parseStoredItem } from '../../../engine/storage/stored-item-parser.js';",
          "const lexer = await import('../../../engine/storage/stored-text-reader.js');",
          "import {\n  Answer,\n  isStoredItem,\n} from '../../../engine/answer.js';",
          "import { Engine } from '../../../engine/engine.js';",
          "import { DynamoDBError } from '../../../engine/errors.js';",
          "import { crc32 } from '../../crc32.js';",
        ].join('\n'),
      ),
    ).toEqual([
      'src/engine/storage/stored-item.ts',
      'src/engine/values/attribute-value.ts',
      'src/engine/storage/stored-item-parser.ts',
      'src/engine/storage/stored-text-reader.ts',
    ]);
  });

  it('holds for every source file of src/local', () => {
    const files = localSourceFiles();
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((file) =>
      forbiddenEngineImports(file, readFileSync(join(root, file), 'utf8')).map((target) => `${file} → ${target}`),
    );
    expect(offending).toEqual([]);
  });
});

describe('house rule: the fast path is a plug-in over a narrow engine interface', () => {
  it('src/local/sdk-accelerator reaches the engine only through engine/answer.ts (its AcceleratedEngine is the rest)', () => {
    const files = localSourceFiles().filter((file) => file.startsWith('src/local/sdk-accelerator/'));
    expect(files.length).toBeGreaterThan(10);
    const engineImports = files.flatMap((file) =>
      specifiers(readFileSync(join(root, file), 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => posix.normalize(posix.join(dirname(file), specifier)).replace(/\.js$/, '.ts'))
        .filter((target) => target.startsWith('src/engine/') && target !== 'src/engine/answer.ts')
        .map((target) => `${file} → ${target}`),
    );
    expect(engineImports).toEqual([]);
  });

  it('the engine names nothing of the fast path', () => {
    const engineFiles = readdirSync(join(root, 'src/engine'), { recursive: true, withFileTypes: true })
      .filter(
        (entry) =>
          entry.isFile() && entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$|\.test-support\.ts$/.test(entry.name),
      )
      .map((entry) => join(entry.parentPath, entry.name));
    expect(engineFiles.length).toBeGreaterThan(50);
    const naming = engineFiles.filter((file) =>
      /sdk-accelerator|local\//.test(specifiers(readFileSync(file, 'utf8')).join('\n')),
    );
    expect(naming.map((file) => relative(root, file))).toEqual([]);
  });
});
