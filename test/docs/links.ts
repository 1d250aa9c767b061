import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { headingAnchor, headings, proseOf } from './markdown.js';

/** A relative link of a Markdown file: `[text](target)` or a reference definition `[label]: target`. */
export interface RelativeLink {
  /** 1-based line of the link in its file. */
  readonly line: number;
  /** The target as written, `docs/modeling.md#the-design-check`, `#contents`. */
  readonly target: string;
  /** The file part, '' for a link into the same file. */
  readonly path: string;
  /** The anchor without '#', undefined when the link names none. */
  readonly anchor: string | undefined;
}

// `](target)` and `](target "title")` / `](<target>)`; reference definitions `[label]: target`.
const inlineLinkPattern = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const referencePattern = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;
// `https:`, `mailto:`, … : anything with a scheme is not a file of the repository.
const schemePattern = /^[a-z][a-z0-9+.-]*:/i;

/** Every relative link of a Markdown text's prose (code blocks and inline code are not links). */
export function relativeLinks(text: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  proseOf(text)
    .split('\n')
    .forEach((rawLine, index) => {
      const line = rawLine.replace(/`[^`]*`/g, '');
      const targets = [...line.matchAll(inlineLinkPattern)].map((match) => match[1]);
      const reference = referencePattern.exec(line);
      if (reference) targets.push(reference[1]);
      for (const target of targets) {
        if (schemePattern.test(target)) continue;
        const hash = target.indexOf('#');
        const path = hash === -1 ? target : target.slice(0, hash);
        const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
        links.push({ line: index + 1, target, path: decodeURIComponent(path), anchor });
      }
    });
  return links;
}

/**
 * The anchors GitHub gives a Markdown text: one per heading (a repeated heading gets `-1`, `-2`, …)
 * and every `<a id="…">` / `<a name="…">`.
 */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headings(text)) {
    const base = headingAnchor(heading.text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of proseOf(text).matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}

/** How a link checker sees the repository: which paths exist and what a Markdown file says. */
export interface LinkFiles {
  exists(path: string): boolean;
  isDirectory(path: string): boolean;
  read(path: string): string;
}

/** The repository below `root`, as it is on disk. */
export function filesBelow(root: string): LinkFiles {
  return {
    exists: (path) => existsSync(join(root, path)),
    isDirectory: (path) => statSync(join(root, path)).isDirectory(),
    read: (path) => readFileSync(join(root, path), 'utf8'),
  };
}

/**
 * The broken relative links of a Markdown file (`file` relative to the repository root), as
 * `file:line: target: reason`: a target that does not exist, or an anchor that no heading of the
 * target Markdown file (or of the same file, for `#anchor`) gives.
 */
export function brokenLinks(file: string, files: LinkFiles): string[] {
  const problems: string[] = [];
  for (const link of relativeLinks(files.read(file))) {
    const target = link.path === '' ? file : normalize(join(dirname(file), link.path)).replace(/\/$/, '');
    const problem = (() => {
      if (target.startsWith('..')) return 'leaves the repository';
      if (!files.exists(target)) return 'no such file';
      if (link.anchor === undefined) return undefined;
      if (files.isDirectory(target) || !target.toLowerCase().endsWith('.md'))
        return 'an anchor on a file that is not Markdown';
      return anchorsOf(files.read(target)).has(link.anchor) ? undefined : `no heading '#${link.anchor}' in ${target}`;
    })();
    if (problem) problems.push(`${file}:${link.line}: ${link.target}: ${problem}`);
  }
  return problems;
}
