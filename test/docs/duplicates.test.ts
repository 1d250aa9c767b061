import { describe, expect, it } from 'vitest';
import { sharedCodeBlocks, sharedProse } from './duplicates.js';
import { documentationFiles, readDoc } from './markdown.js';

/**
 * One source per topic: the README gives the tour and links to docs/ for the reference, so no
 * passage of prose and no code example stands in two of the README, docs/ and the examples' READMEs.
 */
describe('the docs say each thing once', () => {
  const docs = documentationFiles().map((file) => ({ file, text: readDoc(file) }));

  it('no two docs share a passage of prose (30 words running)', () => {
    expect(sharedProse(docs, 30)).toEqual([]);
  });

  it('no two docs show the same code block', () => {
    expect(sharedCodeBlocks(docs)).toEqual([]);
  });
});

describe('the duplicate finder', () => {
  const paragraph =
    'Reading an engine is a parallel Scan, the admin path, where a Scan belongs. Items stay in the wire format from end to end, so numbers, binary, sets, nested maps and lists arrive exactly as they left.';
  const wrap = (text: string, width: number) => text.replace(new RegExp(`(.{1,${width}})( |$)`, 'g'), '$1\n');
  const example = '```ts\nconst a = 1;\nconst b = 2;\nconsole.log(a + b);\n```\n';

  it('finds a paragraph copied and wrapped again, and a copied code block', () => {
    const docs = [
      { file: 'README.md', text: `# Tour\n\n${wrap(paragraph, 60)}\n${example}` },
      { file: 'docs/guide.md', text: `# Guide\n\nIntro.\n\n${wrap(paragraph, 90)}\n${example}` },
    ];
    expect(sharedProse(docs, 30).map((passage) => passage.files)).toEqual([['README.md', 'docs/guide.md']]);
    const fenceLine = (text: string) => text.split('\n').indexOf('```ts') + 1;
    expect(sharedCodeBlocks(docs).map((passage) => passage.files)).toEqual([
      [`README.md:${fenceLine(docs[0].text)}`, `docs/guide.md:${fenceLine(docs[1].text)}`],
    ]);
  });

  it('passes a shorter shared run, prose inside code blocks, and one doc repeating itself', () => {
    const short = paragraph.split(' ').slice(0, 20).join(' ');
    const docs = [
      { file: 'README.md', text: `${short} and then the tour goes on.\n\n${paragraph}\n\n${paragraph}\n` },
      { file: 'docs/guide.md', text: `${short} but the guide says otherwise.\n\n\`\`\`\n${paragraph}\n\`\`\`\n` },
    ];
    expect(sharedProse(docs, 30)).toEqual([]);
    expect(sharedCodeBlocks(docs)).toEqual([]);
  });
});
