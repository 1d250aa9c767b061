import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, filesBelow, type LinkFiles, relativeLinks } from './links.js';
import { documentationFiles, projectRoot } from './markdown.js';

/** Every relative link of the README, docs/ and the examples' READMEs reaches a file and a heading. */
describe('relative links of the docs', () => {
  const files = documentationFiles();

  it('are found (the README links to docs/)', () => {
    const readmeLinks = relativeLinks(filesBelow(projectRoot).read('README.md'));
    expect(readmeLinks.filter((link) => link.path.startsWith('docs/')).length).toBeGreaterThan(0);
  });

  it('resolve: the file exists and so does the heading an anchor names', () => {
    const repository = filesBelow(projectRoot);
    expect(files.flatMap((file) => brokenLinks(file, repository))).toEqual([]);
  });
});

describe('the link checker', () => {
  const pages: Record<string, string> = {
    'README.md': [
      '# Title',
      '## Contents',
      '- [Setup](#setup) and [the guide](docs/guide.md#the-design-check) and [code](src/)',
      '- [missing page](docs/gone.md), [missing heading](docs/guide.md#nowhere), [same file](#nowhere-here)',
      '- [web](https://example.com/x#y), `[not a link](docs/gone.md)`',
      '## Setup',
      '```md',
      '[in a code block](docs/gone.md)',
      '```',
      '[ref]: docs/guide.md#twice-1',
    ].join('\n'),
    'docs/guide.md': ['# Guide', '## The design check', '## Twice', '## Twice', '[back](../README.md#setup)'].join(
      '\n',
    ),
  };
  const fake: LinkFiles = {
    exists: (path) => path in pages || path === 'src',
    isDirectory: (path) => path === 'src',
    read: (path) => pages[path],
  };

  it("gives a repeated heading GitHub's numbered anchor", () => {
    expect([...anchorsOf(pages['docs/guide.md'])]).toEqual(['guide', 'the-design-check', 'twice', 'twice-1']);
  });

  it('reports a missing file, a missing heading in another file or the same one, and nothing else', () => {
    expect(brokenLinks('README.md', fake)).toEqual([
      'README.md:4: docs/gone.md: no such file',
      "README.md:4: docs/guide.md#nowhere: no heading '#nowhere' in docs/guide.md",
      "README.md:4: #nowhere-here: no heading '#nowhere-here' in README.md",
    ]);
    expect(brokenLinks('docs/guide.md', fake)).toEqual([]);
  });
});
