import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDesignCheck } from '../../src/cli/commands/design.js';
import { checkDesign, defineModel, renderAccessPatternTable, type ModelDefinition } from '../../src/model/index.js';
import { loadModelModule } from '../../src/model/load-model-module.js';
import { job, model as researchModel } from '../../examples/research-jobs/model.js';
import { codeBlocks, documentationFiles, headings, projectRoot, readDoc, section } from './markdown.js';
import { shellWords } from './cli-commands.js';
import { packageEntryPoints } from './typescript-blocks.js';

/** What the docs say about the project's own output and structure, compared with the real thing. */
const readme = readDoc('README.md');

// Links (the Contents' anchors among them) are checked in links.test.ts.
describe('README structure', () => {
  it('every Contents entry is a top-level section (##)', () => {
    const contents = section(readme, 'Contents');
    const titles = [...contents.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1]);
    const topLevel = headings(readme)
      .filter((heading) => heading.level === 2)
      .map((heading) => heading.text);
    expect(titles.filter((title) => !topLevel.includes(title))).toEqual([]);
  });
});

describe('paths named in the docs', () => {
  it('exist (src/, test/, examples/, bench/, scripts/, docs/)', () => {
    const missing = documentationFiles().flatMap((file) =>
      [...readDoc(file).matchAll(/(?<![\w./-])((?:src|test|examples|bench|scripts|docs)\/[\w./*-]*)/g)]
        .map((match) => match[1].replace(/[.,]+$/, ''))
        // Globs (`*.test-d.ts`) and generated output are not files of the repository.
        .filter((path) => !path.includes('*') && !path.startsWith('test/docs/.generated'))
        .filter((path) => !existsSync(join(projectRoot, path)))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

/** The transcript blocks of a doc: `$ npx monotable design …` lines and the output under them. */
function designTranscripts(file: string): { words: string[]; output: string }[] {
  const out: { words: string[]; output: string }[] = [];
  for (const block of codeBlocks(file)) {
    let current: { words: string[]; lines: string[] } | undefined;
    const flush = () => current && out.push({ words: current.words, output: `${current.lines.join('\n').trim()}\n` });
    for (const line of block.code.split('\n')) {
      if (line.startsWith('$ ')) {
        flush();
        const words = shellWords(line);
        current = words[0] === 'monotable' && words[1] === 'design' ? { words: words.slice(2), lines: [] } : undefined;
      } else current?.lines.push(line);
    }
    flush();
  }
  return out;
}

describe('design check and doc output shown in the docs', () => {
  const transcripts = documentationFiles().flatMap((file) =>
    designTranscripts(file).map((transcript) => ({ file, ...transcript })),
  );

  it('are found: the check in the README, the access-pattern table in docs/modeling.md', () => {
    const found = transcripts.map((transcript) => `${transcript.file}: ${transcript.words[0]}`);
    expect(found).toContain('README.md: check');
    expect(found).toContain('docs/modeling.md: doc');
  });

  for (const { file, words, output } of transcripts) {
    it(`${file}: monotable design ${words.join(' ')}`, async () => {
      // A package specifier (`monotable/examples/…/model`) is read from the sources behind it, as
      // the built files it names in an installed package exist only after a build.
      const model = await loadModelModule(packageEntryPoints().get(words[1]) ?? words[1], projectRoot);
      const actual =
        words[0] === 'check' ? formatDesignCheck(model, checkDesign(model)) : renderAccessPatternTable(model);
      expect(output).toBe(actual.endsWith('\n') ? actual : `${actual}\n`);
    });
  }

  it('the refused pattern shown is what the check prints for a filter in place of a key', () => {
    const refusal = documentationFiles()
      .flatMap((file) => codeBlocks(file))
      .find((block) => block.language === '' && block.code.startsWith('✗ '));
    expect(refusal, 'a bare block starting with ✗').toBeDefined();
    const withFilter = defineModel({
      table: researchModel.table,
      entities: [job],
      accessPatterns: {
        listFailedJobs: {
          description: 'List failed jobs',
          entities: ['job'],
          key: { pk: 'JOB#{id}' },
          filter: 'status = failed',
        },
      },
    }) as ModelDefinition;
    const result = checkDesign(withFilter);
    expect(result.ok).toBe(false);
    expect(formatDesignCheck(withFilter, result).split('\n')).toContain(refusal!.code.trim());
  });
});

describe("the examples' access-pattern tables", () => {
  const examples = documentationFiles().filter((file) => file.startsWith('examples/'));

  for (const file of examples) {
    it(`${file} shows what \`monotable design doc\` prints for its model`, async () => {
      const lines = readDoc(file).split('\n');
      const start = lines.indexOf('| # | Access pattern | Key design |');
      expect(start, 'an access-pattern table').toBeGreaterThanOrEqual(0);
      let end = start;
      while (end < lines.length && lines[end].startsWith('|')) end++;
      const model = await loadModelModule(join(file, '..', 'model.ts'), projectRoot);
      expect(`${lines.slice(start, end).join('\n')}\n`).toBe(renderAccessPatternTable(model));
    });
  }
});
