import { InvalidArgumentError, type Command } from '../commander.js';
import type { CliCommand } from '../command.js';
import { parseLocation, type Location } from '../../transfer/location.js';
import { assertWritable } from '../../transfer/open-client.js';

const engineLocations =
  'http(s)://host:port (monotable serve, DynamoDB Local) or aws[:<region>] (without a region: AWS_REGION, else the AWS profile)';
// A file source is opened read-only: nothing is written to it or beside it (no -wal or -shm).
const sourceHelp = `sqlite:<file> (a monotable file, opened read-only), adr-sqlite:<file>[?table=<name>] (a plain ADR-shaped table), ${engineLocations}`;
// adr-sqlite: is read-only: it is never offered as a target.
const targetHelp = `sqlite:<file> (a monotable file), ${engineLocations}`;

/**
 * Adds `monotable export`, `monotable import` and `monotable copy`.
 *
 * @example
 * monotable export --from sqlite:app.db --table app --out app.jsonl
 * monotable import --to aws --table app --in app.jsonl
 * monotable copy --from adr-sqlite:blue.db --to http://127.0.0.1:8000 --table blue_dialogue
 *
 * Each command loads its implementation (and with it the AWS SDK) when it runs, so that
 * `monotable serve` and the others start without it.
 */
export function register(program: Command): void {
  program
    .command('export')
    .description("write every item of a table as DynamoDB JSON lines (the format of DynamoDB's export to S3)")
    .requiredOption('--from <source>', sourceHelp, parseLocationArgument)
    .requiredOption('--table <name>', 'table to read')
    .option('--out <file>', 'file to write (standard output when omitted)')
    .option('--segments <n>', 'parallel Scan segments', parseCount, 4)
    .action(async (flags: { from: Location; table: string; out?: string; segments: number }) => {
      const { exportTable } = await import('../../transfer/export-table.js');
      const result = await exportTable(flags);
      console.error(
        `monotable: exported ${result.items} items of ${flags.table}${flags.out ? ` to ${flags.out}` : ''}`,
      );
    });

  program
    .command('import')
    .description('load DynamoDB JSON lines into an existing table (resumable: rerun after an interruption)')
    .requiredOption('--to <target>', targetHelp, parseTargetArgument)
    .requiredOption('--table <name>', 'table to write')
    .requiredOption('--in <file>', 'DynamoDB JSON lines file (progress is kept beside it in <file>.progress)')
    .option('--restart', 'ignore the progress of an earlier run and start from the first line')
    .option('--concurrency <n>', 'BatchWriteItem calls in flight', parseCount, 4)
    .action(async (flags: { to: Location; table: string; in: string; restart?: boolean; concurrency: number }) => {
      const { importTable } = await import('../../transfer/import-table.js');
      const result = await importTable(flags);
      const resumed = result.resumedAfterLine > 0 ? ` (resumed after line ${result.resumedAfterLine})` : '';
      console.error(`monotable: imported ${result.items} items into ${flags.table}${resumed}`);
    });

  program
    .command('copy')
    .description(
      'stream every item of a table into another engine, creating the target table like the source if missing',
    )
    .requiredOption('--from <source>', sourceHelp, parseLocationArgument)
    .requiredOption('--to <target>', targetHelp, parseTargetArgument)
    .requiredOption('--table <name>', 'table to read, and to write unless --target-table is given')
    .option('--target-table <name>', 'name of the table at the target')
    .option('--no-create-table', 'fail instead of creating a missing target table')
    .option('--segments <n>', 'parallel Scan segments', parseCount, 4)
    .option('--concurrency <n>', 'BatchWriteItem calls in flight', parseCount, 4)
    .action(
      async (flags: {
        from: Location;
        to: Location;
        table: string;
        targetTable?: string;
        createTable: boolean;
        segments: number;
        concurrency: number;
      }) => {
        const { copyTable } = await import('../../transfer/copy-table.js');
        const result = await copyTable(flags);
        const target = flags.targetTable ?? flags.table;
        console.error(
          `monotable: copied ${result.items} items into ${target}${result.createdTable ? ' (table created)' : ''}`,
        );
      },
    );
}

/** The same commands in the shape `commands/index.ts` lists. */
export const transferCommands: CliCommand = { register };

function parseLocationArgument(text: string): Location {
  try {
    return parseLocation(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** A `--to` argument: a location that can be written to. */
function parseTargetArgument(text: string): Location {
  const location = parseLocationArgument(text);
  try {
    assertWritable(location);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  return location;
}

function parseCount(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 64)
    throw new InvalidArgumentError('expected a whole number from 1 to 64');
  return value;
}
