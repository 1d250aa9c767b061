import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { register } from '../../src/cli/commands/transfer.js';
import { createLocalClient } from '../../src/local/index.js';
import { MissingRegionError } from '../../src/transfer/index.js';
import { runCommand } from '../support/run-command.js';
import { createTable, scratchDirectory } from './support/engines.js';

const run = (...args: string[]): Promise<string> => runCommand(register, ...args);

describe('an aws target without a region', () => {
  const scratch = scratchDirectory();
  afterAll(() => scratch.remove());
  afterEach(() => vi.unstubAllEnvs());

  it('says how to give one, before anything is sent', async () => {
    // No region anywhere the SDK looks: the environment, or a profile in a config file.
    vi.stubEnv('AWS_REGION', undefined);
    vi.stubEnv('AWS_PROFILE', undefined);
    vi.stubEnv('AWS_CONFIG_FILE', join(scratch.path, 'no-config'));
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(scratch.path, 'no-credentials'));
    const path = join(scratch.path, 'source.sqlite');
    const source = createLocalClient({ path });
    await createTable(source, {
      TableName: 'app',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    source.destroy();
    const failure = run('copy', '--from', `sqlite:${path}`, '--to', 'aws', '--table', 'app');
    await expect(failure).rejects.toThrow(MissingRegionError);
    await expect(failure).rejects.toThrow(
      'aws: no AWS region is given. Name one in the location (aws:eu-west-1), set AWS_REGION',
    );
    await expect(failure).rejects.toThrow('~/.aws/config');
  });
});
