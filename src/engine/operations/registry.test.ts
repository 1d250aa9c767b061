import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operationRegistry, requestShapes } from './registry.js';

const engineRoot = fileURLToPath(new URL('..', import.meta.url));
const operationsRoot = join(engineRoot, 'operations');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$|\.test-support\.ts$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files `file` imports (static imports and re-exports, type-only ones too), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]/g)].map((match) =>
    resolve(dirname(file), match[1].replace(/\.js$/, '.ts')),
  );
}

/** Every source file reachable from `start` through imports. */
function reachableFrom(start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...importsOf(file).filter((target) => target.startsWith(engineRoot)));
  }
  return seen;
}

describe('the operation registry', () => {
  it('lists every operation a file under operations/ defines, once', () => {
    const defined = sourceFiles(operationsRoot).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /defineOperation\(\{\s*name:\s*(?:'([^']+)'|`\$\{STREAMS_TARGET_PREFIX\}(\w+)`)/g,
        ),
      ].map((match) => match[1] ?? `DynamoDBStreams_20120810.${match[2]}`),
    );
    expect(defined.length).toBe(new Set(defined).size);
    expect([...operationRegistry.keys()].sort()).toEqual(defined.sort());
  });

  it('names each operation as its definition does, and pairs a request shape with every DynamoDB operation', () => {
    for (const [name, definition] of operationRegistry) {
      expect(definition.name).toBe(name);
      expect(definition.shape === undefined).toBe(name.startsWith('DynamoDBStreams_20120810.'));
      if (definition.shape) expect(requestShapes[name]).toBe(definition.shape);
    }
  });

  it('is not imported back by validation (no import cycle between validation/ and operations/)', () => {
    const reached = reachableFrom(sourceFiles(join(engineRoot, 'validation')));
    const intoOperations = [...reached].filter((file) => file.startsWith(operationsRoot));
    expect(intoOperations.map((file) => relative(engineRoot, file))).toEqual([]);
  });

  it('finds an import cycle when there is one (the check can fail)', () => {
    // operations/ imports validation/, so everything validation/ reaches from operations/ includes operations/ files.
    const reached = reachableFrom([join(operationsRoot, 'registry.ts')]);
    expect([...reached].some((file) => file.startsWith(join(engineRoot, 'validation')))).toBe(true);
  });
});
