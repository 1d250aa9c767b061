import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/infra.js';
import { runCommand } from '../support/run-command.js';
import { model } from '../../examples/research-jobs/model.js';
import { cloudFormationTemplate, ModelModuleError } from '../../src/infra/index.js';
import { scratchDirectory } from '../transfer/support/engines.js';

const modelModule = join(import.meta.dirname, '..', '..', 'examples', 'research-jobs', 'model.ts');

const run = (...args: string[]): Promise<string> => runCommand(register, ...args);

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
  });

  it('explains a module without a model', async () => {
    const notAModel = join(import.meta.dirname, 'support', 'synthesize.ts');
    await expect(run('infra', 'cloudformation', notAModel)).rejects.toThrow(ModelModuleError);
    await expect(run('infra', 'cloudformation', 'missing.ts')).rejects.toThrow('missing.ts: no such file');
  });
});
