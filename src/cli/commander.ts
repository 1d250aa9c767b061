/**
 * The parts of commander the command line uses. The built command line bundles commander
 * (scripts/bundle-cli.mjs), so its code is in the code cache with the rest (docs/performance.md,
 * "Starting the command line").
 *
 * @example
 * const program = new Command('monotable');
 */
export { Command, CommanderError, InvalidArgumentError } from 'commander';
