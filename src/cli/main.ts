import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from './commander.js';
import { commands } from './commands/index.js';

/**
 * The package's version, from the first package.json above this module (src/cli/ or dist/src/cli/,
 * or the bundle it is in: dist/cli/).
 */
function packageVersion(): string {
  let folder = new URL('./', moduleUrl());
  for (;;) {
    const manifest = new URL('package.json', folder);
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    const parent = new URL('../', folder);
    if (parent.href === folder.href) throw new Error('no package.json above the command line module');
    folder = parent;
  }
}

/**
 * This module's URL: in a CommonJS bundle, whose `import.meta` is empty, the bundle's own file.
 * Read in a `try`, which tells esbuild the code expects an empty `import.meta`: it then does not
 * warn about it when bundling.
 */
function moduleUrl(): string {
  let url: string | undefined;
  try {
    url = import.meta.url;
  } catch {
    url = undefined;
  }
  return url ?? pathToFileURL(__filename).href;
}

/** Builds the `monotable` program with every registered command. */
export function createProgram(): Command {
  const program = new Command('monotable')
    .description('DynamoDB single-table design, with a local DynamoDB-compatible engine')
    .version(packageVersion())
    .showHelpAfterError();
  for (const command of commands) command.register(program);
  return program;
}

/** Runs the CLI; resolves with the exit code for commands that finish. */
export async function main(argv: readonly string[] = process.argv): Promise<number> {
  const program = createProgram().exitOverride();
  try {
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    console.error(`monotable: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
