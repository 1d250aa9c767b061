import type { CliCommand } from '../command.js';
import { serveCommand } from './serve.js';

/** Every `monotable` command, in help order. Adding a command is one line here. */
export const commands: readonly CliCommand[] = [serveCommand];
