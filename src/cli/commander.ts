import { packageRequire } from '../shared/package-require.js';
import type * as Commander from 'commander';

// Start-up trick (docs/performance.md, "Starting the command line", bench section h):
// commander is CommonJS. Imported from an ES module, Node 20 lexes each of its files for their
// export names and loads them through the ES module loader; required, it loads them as plain
// CommonJS, which costs the command line's start less than half as much. The classes are the
// ones `import … from 'commander'` gives (one module instance), so `instanceof` holds across both.
const commander = packageRequire('commander') as typeof Commander;

/**
 * The parts of commander the command line uses, loaded as CommonJS.
 *
 * @example
 * const program = new Command('monotable');
 */
export const { Command, CommanderError, InvalidArgumentError } = commander;
export type Command = Commander.Command;
export type CommanderError = Commander.CommanderError;
export type InvalidArgumentError = Commander.InvalidArgumentError;
