import { codeBlocks, proseOf } from './markdown.js';

/** A Markdown file's text, by its path relative to the project root. */
export interface DocText {
  readonly file: string;
  readonly text: string;
}

/** A passage two docs share: where it starts in each and its first words. */
export interface SharedPassage {
  readonly files: readonly [string, string];
  readonly sample: string;
}

/**
 * Passages of prose that stand in two docs: `words` consecutive words, compared with white space
 * folded, so a paragraph copied and wrapped again is still found. One row per pair of files (the
 * first shared run), as a doc that repeats another repeats it at length.
 */
export function sharedProse(docs: readonly DocText[], words = 40): SharedPassage[] {
  const firstSeen = new Map<string, string>();
  const shared = new Map<string, SharedPassage>();
  for (const { file, text } of docs) {
    const tokens = proseOf(text).split(/\s+/).filter(Boolean);
    const seenHere = new Set<string>();
    for (let i = 0; i + words <= tokens.length; i++) {
      const passage = tokens.slice(i, i + words).join(' ');
      if (seenHere.has(passage)) continue;
      seenHere.add(passage);
      const other = firstSeen.get(passage);
      if (other === undefined) firstSeen.set(passage, file);
      else if (other !== file && !shared.has(`${other}\n${file}`))
        shared.set(`${other}\n${file}`, { files: [other, file], sample: passage.slice(0, 120) });
    }
  }
  return [...shared.values()];
}

/** Code blocks of at least `minLines` lines that stand, the same to the letter, in two docs. */
export function sharedCodeBlocks(docs: readonly DocText[], minLines = 3): SharedPassage[] {
  const firstSeen = new Map<string, string>();
  const shared: SharedPassage[] = [];
  for (const { file, text } of docs) {
    for (const block of codeBlocks(file, text)) {
      if (block.code.trim().split('\n').length < minLines) continue;
      const other = firstSeen.get(block.code);
      if (other === undefined) firstSeen.set(block.code, `${file}:${block.line}`);
      else shared.push({ files: [other, `${file}:${block.line}`], sample: block.code.slice(0, 120) });
    }
  }
  return shared;
}
