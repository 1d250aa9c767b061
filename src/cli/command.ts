import type { Command } from './commander.js';

/**
 * One `monotable <command>`: it adds itself (name, options, action) to the program.
 * Commands live in `commands/`, one file each, and are listed in `commands/index.ts`.
 */
export interface CliCommand {
  register(program: Command): void;
}
