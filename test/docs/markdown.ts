import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: every path in these tests is relative to it. */
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * What the docs test does with a fenced block, set by an HTML comment on the line right before
 * the fence (`<!-- docs-test: skip -->`). Without one, a TypeScript block is type-checked and run.
 */
export type BlockDirective = 'run' | 'compile-only' | 'skip';

export interface CodeBlock {
  /** The Markdown file, relative to the project root. */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The info string's first word (`ts`, `sh`, or '' for a bare fence). */
  readonly language: string;
  readonly code: string;
  readonly directive: BlockDirective;
}

export interface Heading {
  readonly level: number;
  readonly text: string;
  readonly line: number;
}

/** The Markdown files whose code the docs test checks: the README, docs/ and the examples' READMEs. */
export function documentationFiles(): string[] {
  const files = ['README.md'];
  for (const name of readdirSync(join(projectRoot, 'docs')).sort()) {
    if (name.endsWith('.md')) files.push(`docs/${name}`);
  }
  for (const name of readdirSync(join(projectRoot, 'examples')).sort()) {
    if (existsSync(join(projectRoot, 'examples', name, 'README.md'))) files.push(`examples/${name}/README.md`);
  }
  return files;
}

export function readDoc(file: string): string {
  return readFileSync(join(projectRoot, file), 'utf8');
}

const fencePattern = /^(`{3,}|~{3,})\s*([\w+-]*)/;
const directivePattern = /^<!--\s*docs-test:\s*(run|compile-only|skip)\s*-->\s*$/;

/** Every fenced code block of a Markdown file, in order. */
export function codeBlocks(file: string, text = readDoc(file)): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = fencePattern.exec(lines[i]);
    if (!open) continue;
    const fence = open[1];
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].startsWith(fence)) body.push(lines[j++]);
    const directive = i > 0 ? directivePattern.exec(lines[i - 1].trim())?.[1] : undefined;
    blocks.push({
      file,
      line: i + 1,
      language: open[2].toLowerCase(),
      code: `${body.join('\n')}\n`,
      directive: (directive as BlockDirective | undefined) ?? 'run',
    });
    i = j;
  }
  return blocks;
}

/** The text outside fenced blocks, with each fenced block's lines blanked (line numbers kept). */
export function proseOf(text: string): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      const open = fencePattern.exec(line);
      if (fence === undefined && open) {
        fence = open[1];
        return '';
      }
      if (fence !== undefined) {
        if (line.startsWith(fence)) fence = undefined;
        return '';
      }
      return line;
    })
    .join('\n');
}

/** Inline code spans of the prose (`like this`), a span broken over lines joined with a space. */
export function inlineCodeSpans(text: string): string[] {
  const spans: string[] = [];
  for (const match of proseOf(text).matchAll(/(?<!`)`([^`]+)`(?!`)/g)) spans.push(match[1].replace(/\s*\n\s*/g, ' '));
  return spans;
}

/** ATX headings outside fenced blocks. */
export function headings(text: string): Heading[] {
  const out: Heading[] = [];
  proseOf(text)
    .split('\n')
    .forEach((line, index) => {
      const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (match) out.push({ level: match[1].length, text: match[2], line: index + 1 });
    });
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(text: string): string {
  return text
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The section that starts at the heading `text` (its heading line included) and ends before the
 * next heading of the same or a higher level.
 */
export function section(text: string, headingText: string): string {
  const all = headings(text);
  const start = all.find((heading) => heading.text === headingText);
  if (!start) throw new Error(`no heading '${headingText}'`);
  const end = all.find((heading) => heading.line > start.line && heading.level <= start.level);
  const lines = text.split('\n');
  return `${lines
    .slice(start.line - 1, end ? end.line - 1 : lines.length)
    .join('\n')
    .trimEnd()}\n`;
}

/** `file:line`, for failure messages. */
export function where(block: Pick<CodeBlock, 'file' | 'line'>): string {
  return `${block.file}:${block.line}`;
}

/** A project-relative path, for messages and generated imports. */
export function fromRoot(path: string): string {
  return relative(projectRoot, path);
}
