import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InvalidArgumentError, type Command } from '../commander.js';
import type { CliCommand } from '../command.js';
import { cdkConstructSource } from '../../infra/cdk-source.js';
import { cloudFormationTemplate } from '../../infra/cloudformation.js';
import { loadModel } from '../../infra/load-model.js';
import { tableSpec } from '../../infra/table-spec.js';
import { parseLocation, type Location } from '../../transfer/location.js';

/**
 * Adds `monotable infra cdk|cloudformation|create-table <model module>`.
 *
 * @example
 * monotable infra cdk examples/research-jobs/model.ts --out infra/lib/data-stack.ts
 * monotable infra cloudformation examples/research-jobs/model.ts > table.json
 * monotable infra create-table examples/research-jobs/model.ts --to sqlite:.monotable/app.db
 *
 * create-table loads the AWS SDK when it runs, so other commands start without it. On an
 * existing table it checks the table against the model and fails (exit 1) listing every difference.
 */
export function register(program: Command): void {
  const infra = program
    .command('infra')
    .description('infrastructure generated from a model module (default export or `model`)');

  infra
    .command('cdk <model>')
    .description("write a CDK construct (TypeScript, aws-cdk-lib) and stack declaring the model's table")
    .option('--out <file>', 'file to write (standard output when omitted), e.g. infra/lib/data-stack.ts')
    .option('--class-name <name>', 'construct class name (default <Table>Table)', parseIdentifier)
    .action(async (modulePath: string, flags: { out?: string; className?: string }) => {
      const model = await loadModel(modulePath);
      emit(cdkConstructSource(model, { className: flags.className, modelModule: modulePath }), flags.out);
    });

  infra
    .command('cloudformation <model>')
    .description("write a CloudFormation template (JSON) declaring the model's table")
    .option('--out <file>', 'file to write (standard output when omitted)')
    .action(async (modulePath: string, flags: { out?: string }) => {
      emit(`${JSON.stringify(cloudFormationTemplate(await loadModel(modulePath)), null, 2)}\n`, flags.out);
    });

  infra
    .command('create-table <model>')
    .description(
      "create the model's table (with its indexes and TTL) on an engine; an existing one is compared with the model (exit 1, listing every difference, when it differs)",
    )
    .requiredOption('--to <target>', 'sqlite:<file>, an http(s) endpoint URL, or aws[:<region>]', parseTarget)
    .option('--table-name <name>', "physical name (default the model's)")
    .action(async (modulePath: string, flags: { to: Location; tableName?: string }) => {
      const model = await loadModel(modulePath);
      const { ensureModelTable } = await import('../../infra/ensure-model-table.js');
      const { openClient } = await import('../../transfer/open-client.js');
      const { client, description, close } = await openClient(flags.to);
      try {
        const created = await ensureModelTable(client, model, flags.tableName ? { tableName: flags.tableName } : {});
        const name = tableSpec(model, flags.tableName ? { tableName: flags.tableName } : {}).tableName;
        // A table that differs from the model has thrown TableDriftError above: exit 1 with every difference.
        console.error(
          `monotable: table ${name} ${created ? 'created' : 'already exists and matches the model'} at ${description}`,
        );
      } finally {
        await close();
      }
    });
}

/** The same commands in the shape `commands/index.ts` lists. */
export const infraCommands: CliCommand = { register };

function emit(text: string, out: string | undefined): void {
  if (!out) {
    process.stdout.write(text);
    return;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.error(`monotable: wrote ${out}`);
}

function parseIdentifier(text: string): string {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text)) throw new InvalidArgumentError('expected a TypeScript class name');
  return text;
}

function parseTarget(text: string): Location {
  try {
    return parseLocation(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}
