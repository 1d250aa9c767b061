import { beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks, documentationFiles, where, type CodeBlock } from './markdown.js';
import { runGenerated, typeCheck, writeGeneratedBlocks, type GeneratedBlock } from './typescript-blocks.js';

/**
 * Every TypeScript block of the README, docs/ and the examples' READMEs is real code: written as
 * a module under test/docs/.generated (imports mapped to the sources), type-checked with the
 * project's compiler options, and run with tsx unless marked `<!-- docs-test: compile-only -->`.
 * `<!-- docs-test: skip -->` leaves a block out entirely.
 */
function typeScriptBlocks(): CodeBlock[] {
  return documentationFiles().flatMap((file) =>
    codeBlocks(file).filter(
      (block) => ['ts', 'typescript', 'tsx'].includes(block.language) && block.directive !== 'skip',
    ),
  );
}

const blocks = typeScriptBlocks();
let generated: GeneratedBlock[] = [];
let importProblems: string[] = [];

describe('TypeScript blocks of the docs', () => {
  beforeAll(() => {
    ({ generated, problems: importProblems } = writeGeneratedBlocks(blocks));
  });

  it('are found where expected (the README has runnable examples)', () => {
    expect(blocks.filter((block) => block.file === 'README.md').length).toBeGreaterThanOrEqual(4);
  });

  it('import only what the package exports, and relative files that exist', () => {
    expect(importProblems).toEqual([]);
  });

  it('type-check with the project compiler options', () => {
    expect(generated.length).toBe(blocks.length);
    expect(typeCheck(generated.map((entry) => entry.path))).toEqual([]);
  }, 300_000); // one tsc run over every block, beside the other suites on a shared machine

  describe('run', () => {
    for (const block of blocks.filter((candidate) => candidate.directive === 'run')) {
      it(`${where(block)} runs to completion`, async () => {
        const entry = generated.find((candidate) => candidate.block === block);
        expect(entry, 'written by beforeAll').toBeDefined();
        const result = await runGenerated(entry!.path);
        expect(result.stderr.trim() === '' || result.code === 0 ? '' : result.stderr).toBe('');
        expect(result.code).toBe(0);
      }, 90_000);
    }
  });
});
