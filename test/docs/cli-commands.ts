import { type Command, CommanderError } from 'commander';
import { createProgram } from '../../src/cli/main.js';
import { codeBlocks, inlineCodeSpans, readDoc, where } from './markdown.js';

/** A `monotable …` command line as shown in the docs, split into words. */
export interface ShownCommand {
  readonly origin: string;
  readonly text: string;
  readonly words: string[];
}

/**
 * Splits a shell line into words: quotes group, an unquoted `#` starts a comment, `$ ` prompts
 * and `npx` are dropped. Enough for the one-line commands the docs show.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: string | undefined;
  let inWord = false;
  for (const char of line.replace(/^\s*\$\s+/, '')) {
    if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '#' && !inWord) {
      break;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words[0] === 'npx' ? words.slice(1) : words;
}

/** `monotable` command lines of the shell blocks (`sh`, `bash`, `shell`, `console`) of a doc. */
export function commandsInShellBlocks(file: string): ShownCommand[] {
  const out: ShownCommand[] = [];
  for (const block of codeBlocks(file)) {
    if (!['sh', 'bash', 'shell', 'console'].includes(block.language) || block.directive === 'skip') continue;
    block.code.split('\n').forEach((line, index) => {
      const words = shellWords(line);
      if (words[0] === 'monotable')
        out.push({ origin: `${where(block)}+${index + 1}`, text: line.trim(), words: words.slice(1) });
    });
  }
  return out;
}

/** `monotable …` inline code spans of a doc's prose (synopses such as `monotable export --from <source>`). */
export function commandsInProse(file: string): ShownCommand[] {
  return inlineCodeSpans(readDoc(file))
    .filter((span) => /^(npx )?monotable\s/.test(span))
    .map((span) => ({ origin: `${file} (inline)`, text: span, words: shellWords(span).slice(1) }));
}

/** A command line with `<placeholders>` or `[optional parts]`: a synopsis, not a runnable command. */
export function isSynopsis(command: ShownCommand): boolean {
  return command.words.some((word) => /[<>[\]]/.test(word) || word === '…');
}

/** The program with every action replaced by a recorder and every exit turned into an exception. */
function inertProgram(): { program: Command; ran: string[] } {
  const ran: string[] = [];
  const program = createProgram();
  const visit = (command: Command, path: string[]): void => {
    command.exitOverride();
    command.configureOutput({ writeOut: () => {}, writeErr: () => {} });
    // Only commands with an action of their own (leaves) get a recorder; groups keep showing help.
    if (command.commands.length === 0 && command !== program) command.action(() => void ran.push(path.join(' ')));
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return { program, ran };
}

/**
 * Parses a full command line with the real CLI definition, without running anything. Returns
 * the reason it is refused (unknown command or option, missing argument, bad value), or
 * undefined when a command would run.
 */
export async function refusalOf(words: readonly string[]): Promise<string | undefined> {
  const { program, ran } = inertProgram();
  try {
    await program.parseAsync(['node', 'monotable', ...words]);
  } catch (error) {
    if (error instanceof CommanderError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return ran.length === 1 ? undefined : 'no command would run';
}

/**
 * For a synopsis: the command path must exist and every `--option` named must belong to it.
 * Returns the problems found.
 */
export function synopsisProblems(words: readonly string[]): string[] {
  let command: Command = createProgram();
  let index = 0;
  while (index < words.length && command.commands.length > 0 && /^[a-z][\w-]*$/.test(words[index])) {
    const next = command.commands.find((sub) => sub.name() === words[index]);
    if (!next) return [`no command '${words.slice(0, index + 1).join(' ')}'`];
    command = next;
    index++;
  }
  if (command.commands.length > 0 && words.slice(index).some((word) => !/^[<[]/.test(word))) {
    return [`'${words.slice(0, index).join(' ')}' needs a subcommand`];
  }
  const problems: string[] = [];
  for (const word of words.slice(index)) {
    const option = /^\[?(--?[a-z][\w-]*)/.exec(word)?.[1];
    if (!option || option === '--help' || option === '-h') continue;
    if (!command.options.some((candidate) => candidate.long === option || candidate.short === option)) {
      problems.push(`'monotable ${words.slice(0, index).join(' ')}' has no option ${option}`);
    }
  }
  return problems;
}
