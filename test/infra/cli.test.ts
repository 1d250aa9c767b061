import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../src/cli/commands/infra.js';
import { runCommand } from '../support/run-command.js';
import { model } from '../../examples/research-jobs/model.js';
import { cloudFormationTemplate, ModelModuleError } from '../../src/infra/index.js';
import { scratchDirectory } from '../transfer/support/engines.js';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { createLocalClient } from '../../src/local/index.js';
import { buildCreateTableInput, TableDriftError } from '../../src/repository/index.js';
import { model as ticketModel } from './support/ticket-model-module.js';

const modelModule = join(import.meta.dirname, '..', '..', 'examples', 'research-jobs', 'model.ts');

const run = (...args: string[]): Promise<string> => runCommand(register, ...args);

/** Runs one command as `run` does and returns what it said on standard error (its status lines). */
async function stderrOf(...args: string[]): Promise<string> {
  const program = new Command('monotable').exitOverride();
  register(program);
  const said = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await program.parseAsync(['node', 'monotable', ...args]);
    return said.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
  } finally {
    said.mockRestore();
  }
}

describe('monotable infra', () => {
  const scratch = scratchDirectory();
  afterAll(() => scratch.remove());

  it('cloudformation prints the template of a model module', async () => {
    expect(JSON.parse(await run('infra', 'cloudformation', modelModule))).toEqual(cloudFormationTemplate(model));
  });

  it('cdk writes the construct to --out', async () => {
    const out = join(scratch.path, 'infra', 'lib', 'data-stack.ts');
    expect(await run('infra', 'cdk', modelModule, '--out', out, '--class-name', 'ResearchData')).toBe('');
    const source = readFileSync(out, 'utf8');
    expect(source).toContain('export class ResearchData extends Construct');
    expect(source).toContain("timeToLiveAttribute: 'expires_at'");
    expect(source).toContain('stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES');
    expect(source).toContain("new NodejsFunction(this, 'JobStatusCountersHandler'");
    expect(source).toContain('jobStatusCounters.addEventSource(');
  });

  it('create-table creates a table with multi-attribute GSI keys in a local SQLite file', async () => {
    const ticketModule = join(import.meta.dirname, 'support', 'ticket-model-module.ts');
    const file = join(scratch.path, 'tickets.db');
    await run('infra', 'create-table', ticketModule, '--to', `sqlite:${file}`);
    const client = createLocalClient({ path: file });
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: 'tickets' }));
      const index = Table?.GlobalSecondaryIndexes?.find((candidate) => candidate.IndexName === 'byTenantStatus');
      expect(index?.KeySchema).toEqual(
        buildCreateTableInput(ticketModel).GlobalSecondaryIndexes?.find((i) => i.IndexName === 'byTenantStatus')
          ?.KeySchema,
      );
      expect(index?.KeySchema?.map((element) => element.KeyType)).toEqual(['HASH', 'HASH', 'RANGE', 'RANGE']);
      expect(Table?.AttributeDefinitions).toContainEqual({ AttributeName: 'priority', AttributeType: 'N' });
    } finally {
      client.destroy();
    }
  });

  it('create-table on an existing table says it matches the model, or fails listing every difference', async () => {
    const ticketModule = join(import.meta.dirname, 'support', 'ticket-model-module.ts');
    const file = join(scratch.path, 'existing.db');
    await run('infra', 'create-table', ticketModule, '--to', `sqlite:${file}`);
    expect(await stderrOf('infra', 'create-table', ticketModule, '--to', `sqlite:${file}`)).toContain(
      'table tickets already exists and matches the model',
    );
    // Another model pointed at the same table: the command fails (main exits 1 with the message).
    const error = await run('infra', 'create-table', modelModule, '--to', `sqlite:${file}`, '--table-name', 'tickets')
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TableDriftError);
    const { differences } = (error as TableDriftError).payload;
    expect(differences.map((difference) => `${difference.kind} ${difference.subject}`)).toContain(
      'extra-index byTenantStatus',
    );
    for (const { description } of differences) expect((error as Error).message).toContain(description);
  });

  it('explains a module without a model', async () => {
    const notAModel = join(import.meta.dirname, 'support', 'synthesize.ts');
    await expect(run('infra', 'cloudformation', notAModel)).rejects.toThrow(ModelModuleError);
    await expect(run('infra', 'cloudformation', 'missing.ts')).rejects.toThrow('missing.ts: no such file');
  });
});
