import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { register as registerDesign } from '../../src/cli/commands/design.js';

async function run(...args: string[]): Promise<{ output: string; exitCode: number | undefined }> {
  const program = new Command('monotable').exitOverride();
  registerDesign(program);
  let output = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output += String(chunk);
    return true;
  });
  const before = process.exitCode;
  try {
    await program.parseAsync(['node', 'monotable', ...args]);
  } finally {
    write.mockRestore();
  }
  const exitCode = process.exitCode === before ? undefined : (process.exitCode as number | undefined);
  process.exitCode = before;
  return { output, exitCode };
}

describe('monotable design', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks a model module and prints its access-pattern table', async () => {
    const check = await run('design', 'check', 'examples/research-jobs/model.ts');
    expect(check.output).toContain('✓ 8 access patterns, each served by a key condition (table research-jobs)');
    expect(check.exitCode).toBeUndefined();
    const doc = await run('design', 'doc', 'examples/research-jobs/model.ts');
    expect(
      doc.output.startsWith(
        '| # | Access pattern | Key design |\n|---|---|---|\n| 1 | Get job by ID | PK=`JOB#<id>`, SK=`METADATA` |',
      ),
    ).toBe(true);
  });

  it('refuses a design that needs a Scan or a filter, exit code 1', async () => {
    const check = await run('design', 'check', 'test/repository/fixtures/refused-model.ts');
    expect(check.exitCode).toBe(1);
    expect(check.output).toContain('✗ listFailedOrders: uses a filter (status = failed) in place of a key');
    expect(check.output).toContain('✗ allOrders: needs a Scan');
  });
});
