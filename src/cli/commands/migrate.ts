import { InvalidArgumentError, type Command } from '../commander.js';
import type { CliCommand } from '../command.js';
import type { Location } from '../../transfer/location.js';

interface ConnectionFlags {
  readonly model: string;
  readonly endpoint?: string;
  readonly file?: string;
  readonly aws?: string | true;
  readonly table?: string;
  readonly migrations: string;
  readonly count: boolean;
}

interface ApplyFlags extends ConnectionFlags {
  readonly allowRewrites?: boolean;
  readonly dryRun?: boolean;
  readonly maxWcu?: number;
  readonly maxRcu?: number;
  readonly perTransaction?: number;
  readonly json?: boolean;
}

/**
 * Adds `monotable migrate plan|apply|new`: the CLI over `planMigration` / `applyMigration`.
 *
 * @example
 * monotable migrate plan --model src/model.ts --endpoint http://127.0.0.1:8000
 * monotable migrate apply --model src/model.ts --file .monotable/app.db --max-wcu 500
 * monotable migrate new split-name
 */
export function register(program: Command): void {
  const migrate = program
    .command('migrate')
    .description("bring a table's items and indexes to a new model (planned from the model, applied resumably)");

  connectionOptions(migrate.command('plan'))
    .description('print the steps from the table’s recorded model (or its description) to the model')
    .option('--json', 'print the plan as JSON')
    .action(async (flags: ConnectionFlags & { json?: boolean }) => {
      const { plan } = await openAndPlan(flags, async (context) => context);
      if (flags.json) process.stdout.write(`${JSON.stringify((await planJson())(plan), null, 2)}\n`);
      else process.stdout.write(await renderPlan(plan));
    });

  connectionOptions(migrate.command('apply'))
    .description('run the plan: indexes, table settings, backfills, rewrites, migration files (resumable)')
    .option('--allow-rewrites', 'allow moving items to new primary keys (key template changes)')
    .option('--dry-run', 'print what each step would write, writing nothing')
    .option('--max-wcu <n>', 'write capacity units per second the item steps may use', parsePositive)
    .option('--max-rcu <n>', 'read capacity units per second the Scans may use', parsePositive)
    .option(
      '--per-transaction <n>',
      'item changes per TransactWriteItems, 1 to 100 (default 100 on a local engine, 1 on AWS: a transaction costs twice the write units)',
      parsePositive,
    )
    .option('--json', 'print the result as JSON')
    .action(async (flags: ApplyFlags) => {
      const { applyMigration } = await import('../../migrations/apply-migration.js');
      const { migrationProgressReporter } = await import('../../migrations/progress-lines.js');
      await openAndPlan(flags, async ({ plan, client, migrations }) => {
        process.stderr.write(await renderPlan(plan));
        const reporter = migrationProgressReporter(process.stderr);
        const result = await applyMigration(plan, client, {
          migrations,
          onProgress: reporter.report,
          ...(flags.allowRewrites ? { allowRewrites: true } : {}),
          ...(flags.dryRun ? { dryRun: true } : {}),
          ...(flags.maxWcu !== undefined ? { maxWcu: flags.maxWcu } : {}),
          ...(flags.maxRcu !== undefined ? { maxRcu: flags.maxRcu } : {}),
          ...(flags.perTransaction !== undefined ? { changesPerTransaction: flags.perTransaction } : {}),
        });
        reporter.stop();
        if (flags.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        for (const step of result.steps) {
          const what = step.resumed ? 'done before' : `${step.written} written, ${step.unchanged} unchanged`;
          process.stderr.write(`monotable: ${flags.dryRun ? 'would apply' : 'applied'} ${step.id}: ${what}\n`);
          for (const sample of step.samples ?? []) process.stderr.write(`  e.g. ${JSON.stringify(sample)}\n`);
        }
        const outcome = flags.dryRun
          ? 'dry run: nothing written'
          : result.recorded
            ? `model recorded in ${plan.tableName}`
            : 'nothing to do: the table is at this model';
        process.stderr.write(`monotable: ${outcome}\n`);
        return {};
      });
    });

  migrate
    .command('new <name>')
    .description('write the skeleton of a migration file (migrations/NNNN-<name>.ts)')
    .option('--migrations <dir>', 'folder of the migration files', 'migrations')
    .action(async (name: string, flags: { migrations: string }) => {
      const { newMigrationFile } = await import('../../migrations/user-migrations.js');
      console.error(`monotable: wrote ${newMigrationFile(flags.migrations, name)}`);
    });
}

/** The same commands in the shape `commands/index.ts` lists. */
export const migrateCommands: CliCommand = { register };

function connectionOptions(command: Command): Command {
  return command
    .requiredOption('--model <file>', 'the model module (default export or `model`)')
    .option('--endpoint <url>', 'an http(s) endpoint: monotable serve, DynamoDB Local')
    .option('--file <db>', 'a monotable SQLite file, opened in process')
    .option('--aws [region]', 'AWS DynamoDB (region from the environment when omitted)')
    .option('--table <name>', "physical table name (default the model's)")
    .option('--migrations <dir>', 'folder of the migration files', 'migrations')
    .option('--no-count', 'do not count the items of each step (saves one Scan)');
}

async function openAndPlan<T>(
  flags: ConnectionFlags,
  run: (context: {
    plan: import('../../migrations/plan-types.js').MigrationPlan;
    client: import('@aws-sdk/client-dynamodb').DynamoDBClient;
    migrations: readonly import('../../migrations/user-migrations.js').UserMigration[];
  }) => Promise<T>,
): Promise<T & { plan: import('../../migrations/plan-types.js').MigrationPlan }> {
  const { loadModel } = await import('../../infra/load-model.js');
  const { openClient } = await import('../../transfer/open-client.js');
  const { planMigration } = await import('../../migrations/plan-migration.js');
  const { loadUserMigrations } = await import('../../migrations/user-migrations.js');
  const model = await loadModel(flags.model);
  const migrations = await loadUserMigrations(flags.migrations);
  const opened = await openClient(locationOf(flags), { mustExist: true });
  try {
    const plan = await planMigration(model, opened.client, {
      migrations,
      count: flags.count,
      ...(flags.table ? { tableName: flags.table } : {}),
    });
    return { ...(await run({ plan, client: opened.client, migrations })), plan };
  } finally {
    await opened.close();
  }
}

function locationOf(flags: ConnectionFlags): Location {
  const given = [flags.endpoint, flags.file, flags.aws].filter((value) => value !== undefined);
  if (given.length !== 1)
    throw new InvalidArgumentError('give exactly one of --endpoint <url>, --file <db>, --aws [region]');
  if (flags.endpoint) return { kind: 'endpoint', url: flags.endpoint.replace(/\/$/, '') };
  if (flags.file) return { kind: 'sqlite', path: flags.file };
  return typeof flags.aws === 'string' ? { kind: 'aws', region: flags.aws } : { kind: 'aws' };
}

async function planJson() {
  return (await import('../../migrations/plan-migration.js')).planToJson;
}

async function renderPlan(plan: import('../../migrations/plan-types.js').MigrationPlan): Promise<string> {
  return (await import('../../migrations/render-plan.js')).renderPlan(plan);
}

function parsePositive(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new InvalidArgumentError('expected a positive number');
  return value;
}
