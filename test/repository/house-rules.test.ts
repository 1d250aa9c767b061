import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of the project, checked on the sources: the model and the engine never
 * import each other, only `src/local` joins the SDK and the engine, repositories reach neither the
 * engine nor `src/local` outside tests, and no repository code scans except the admin module.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const isTest = (file: string) => /\.test(-d)?\.ts$/.test(file);

/** The module specifiers a file imports (static, re-exported or dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]);
}

/** Files of `directory` importing a module whose specifier matches `pattern`, as `file → specifier`. */
function importing(directory: string, pattern: RegExp, keep: (file: string) => boolean = () => true): string[] {
  return sourceFiles(directory)
    .filter(keep)
    .flatMap((file) =>
      importsOf(file)
        .filter((specifier) => pattern.test(specifier))
        .map((specifier) => `${file} → ${specifier}`),
    );
}

describe('house rules', () => {
  it('the model never imports the engine, the local client or the SDK', () => {
    expect(importing('src/model', /\/engine\/|\/local\/|^@aws-sdk\//)).toEqual([]);
  });

  it('the engine never imports the model, the repositories or the SDK', () => {
    expect(importing('src/engine', /\/model\/|\/repository\/|^@aws-sdk\//)).toEqual([]);
  });

  it('repositories import neither the engine nor the local client outside tests', () => {
    expect(importing('src/repository', /\/engine\/|\/local\//, (file) => !isTest(file))).toEqual([]);
  });

  it('no repository code scans but the named admin module', () => {
    const scanning = sourceFiles('src/repository').filter((file) =>
      /\bScanCommand\b|\.scan\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(scanning).toEqual(['src/repository/admin-scan.ts']);
  });
});
