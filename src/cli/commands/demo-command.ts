import type { Command } from '../commander.js';
import type { CliCommand } from '../command.js';

/**
 * Adds `monotable demo` (what `npm start` runs). The demo (`demo.ts`, with the AWS SDK and the
 * example domain) is loaded when the command runs, so other commands never load it.
 *
 * @example
 * monotable demo
 */
export function register(program: Command): void {
  program
    .command('demo')
    .description('run the research-job demo on the embedded engine (no server, no Docker, no Java)')
    .action(async () => {
      const { runDemo } = await import('./demo.js');
      await runDemo((line) => console.log(line));
    });
}

/** The command in the CLI's command list form. */
export const demoCommand: CliCommand = { register };
