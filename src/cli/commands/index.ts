import type { CliCommand } from '../command.js';
import { consoleCommand } from './console.js';
import { demoCommand } from './demo-command.js';
import { designCommand } from './design.js';
import { infraCommands } from './infra.js';
import { migrateCommands } from './migrate.js';
import { serveCommand } from './serve.js';
import { transferCommands } from './transfer.js';

/** Every `monotable` command, in help order. Adding a command is one line here. */
export const commands: readonly CliCommand[] = [
  demoCommand,
  serveCommand,
  designCommand,
  consoleCommand,
  infraCommands,
  transferCommands,
  migrateCommands,
];
