import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsInProse, commandsInShellBlocks, isSynopsis, refusalOf, synopsisProblems } from './cli-commands.js';
import { codeBlocks, documentationFiles, inlineCodeSpans, projectRoot, readDoc } from './markdown.js';

/** Every `monotable` command the docs show is one the CLI accepts, and the npm commands exist. */
const files = documentationFiles();
const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('commands shown in the docs', () => {
  const shown = files.flatMap((file) => [...commandsInShellBlocks(file), ...commandsInProse(file)]);
  const full = shown.filter((command) => !isSynopsis(command));
  const synopses = shown.filter(isSynopsis);

  it('include the README walk-throughs (serve, design, console, infra, copy, migrate)', () => {
    const readme = commandsInShellBlocks('README.md').map((command) => command.words[0]);
    expect(new Set(readme)).toEqual(new Set(['serve', 'design', 'console', 'infra', 'copy', 'migrate']));
  });

  it('parse with the real CLI: existing commands, options and valid values', async () => {
    const refused: string[] = [];
    for (const command of full) {
      const reason = await refusalOf(command.words);
      if (reason) refused.push(`${command.origin}: \`${command.text}\` → ${reason}`);
    }
    expect(refused).toEqual([]);
  });

  it('name model modules that exist', () => {
    const missing = full.flatMap((command) =>
      command.words
        .filter((word, i) => word.endsWith('.ts') && command.words[i - 1] !== '--out')
        .filter((path) => !existsSync(join(projectRoot, path)))
        .map((path) => `${command.origin}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('synopses name real commands and options', () => {
    expect(synopses.length).toBeGreaterThan(0);
    expect(
      synopses.flatMap((command) => synopsisProblems(command.words).map((problem) => `${command.origin}: ${problem}`)),
    ).toEqual([]);
  });
});

describe('getting started', () => {
  it('the README opens with `npm ci && npm start` and `npm test`, each with a comment', () => {
    const [first] = codeBlocks('README.md');
    expect(first.language).toBe('sh');
    const lines = first.code.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^npm ci && npm start\s+# \S/);
    expect(lines[1]).toMatch(/^npm test\s+# \S/);
    const firstFence = readDoc('README.md')
      .split('\n')
      .findIndex((line) => line.startsWith('```'));
    expect(firstFence + 1, 'the first code of the README').toBe(first.line);
  });

  it('npm start runs the demo and npm test the tests', () => {
    expect(manifest.scripts.start).toBe('node bin/monotable.js demo');
    expect(manifest.scripts.test).toMatch(/^vitest run\b/);
  });

  it('.ci/run runs `npm test`', () => {
    const ci = readFileSync(join(projectRoot, '.ci', 'run'), 'utf8');
    expect(ci.split('\n').some((line) => /^\s*npm test\b/.test(line))).toBe(true);
  });

  it('every `npm run <script>` the docs mention exists', () => {
    const scripts = files.flatMap((file) => [
      ...inlineCodeSpans(readDoc(file)),
      ...codeBlocks(file).flatMap((block) => block.code.split('\n')),
    ]);
    const named = scripts.flatMap((text) => [...text.matchAll(/\bnpm run ([\w:-]+)/g)].map((match) => match[1]));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !(name in manifest.scripts))).toEqual([]);
  });
});
