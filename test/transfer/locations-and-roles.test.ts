import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/transfer.js';
import { createLocalClient } from '../../src/local/index.js';
import {
  copyTable,
  exportTable,
  importTable,
  MissingFileError,
  TableNotFoundError,
  UnsupportedLocationRoleError,
} from '../../src/transfer/index.js';
import { itemToExportLine } from '../../src/transfer/export-json.js';
import { runCommand } from '../support/run-command.js';
import { createTable, scratchDirectory } from './support/engines.js';

const quiet = { progress: { enabled: false } } as const;
const run = (...args: string[]): Promise<string> => runCommand(register, ...args);

function helpOf(command: string): string {
  const program = new Command('monotable');
  register(program);
  const found = program.commands.find((candidate) => candidate.name() === command);
  if (!found) throw new Error(`no command ${command}`);
  return found.helpInformation();
}

/** The help text of one option, from its flags to the next option. */
function optionHelp(help: string, flags: string): string {
  const start = help.indexOf(flags);
  const next = help.indexOf('\n  -', start + flags.length);
  return help.slice(start, next < 0 ? undefined : next);
}

describe('a sqlite: source that does not exist', () => {
  const scratch = scratchDirectory();
  afterAll(() => scratch.remove());

  it('is refused by export, naming the file, and no file is created', async () => {
    const missing = join(scratch.path, 'nowhere', 'missing.db');
    const out = join(scratch.path, 'out.jsonl');
    const failure = run('export', '--from', `sqlite:${missing}`, '--table', 'app', '--out', out);
    await expect(failure).rejects.toThrow(MissingFileError);
    await expect(failure).rejects.toThrow(`sqlite:${missing}: no such file`);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(scratch.path, 'nowhere'))).toBe(false);
    expect(readdirSync(scratch.path)).toEqual([]);
  });

  it('is refused by copy as a source, and by import as a target, without creating either file', async () => {
    const missing = join(scratch.path, 'missing-source.db');
    await expect(
      copyTable({ from: `sqlite:${missing}`, to: `sqlite:${join(scratch.path, 'target.db')}`, table: 'app', ...quiet }),
    ).rejects.toThrow(MissingFileError);
    const lines = join(scratch.path, 'lines.jsonl');
    writeFileSync(lines, `${itemToExportLine({ pk: { S: 'a' } })}\n`);
    const target = join(scratch.path, 'missing-target.db');
    await expect(importTable({ to: `sqlite:${target}`, table: 'app', in: lines, ...quiet })).rejects.toThrow(
      `sqlite:${target}: no such file`,
    );
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(scratch.path, 'target.db'))).toBe(false);
  });
});

describe('a table missing from an existing sqlite: file', () => {
  const scratch = scratchDirectory();
  const path = join(scratch.path, 'app.db');
  afterAll(() => scratch.remove());

  it("is named in DynamoDB's words, with the location, by export", async () => {
    const client = createLocalClient({ path });
    await createTable(client, {
      TableName: 'present',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    client.destroy();
    const out = join(scratch.path, 'absent.jsonl');
    const failure = exportTable({ from: `sqlite:${path}`, table: 'absent', out, ...quiet });
    await expect(failure).rejects.toThrow(TableNotFoundError);
    await expect(failure).rejects.toThrow(`Requested resource not found: Table: absent not found (at sqlite:${path})`);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });
});

describe('adr-sqlite: is a source only', () => {
  it('is offered by the help of --from, never of --to', () => {
    expect(optionHelp(helpOf('export'), '--from <source>')).toContain('adr-sqlite:');
    expect(optionHelp(helpOf('copy'), '--from <source>')).toContain('adr-sqlite:');
    expect(optionHelp(helpOf('import'), '--to <target>')).not.toContain('adr-sqlite');
    expect(optionHelp(helpOf('copy'), '--to <target>')).not.toContain('adr-sqlite');
    expect(optionHelp(helpOf('import'), '--to <target>')).toContain('sqlite:<file>');
  });

  it('is refused as --to by import and copy, saying it is source only', async () => {
    const reason = /"adr-sqlite:blue\.db" cannot be used as a target: adr-sqlite: is source only/;
    await expect(run('import', '--to', 'adr-sqlite:blue.db', '--table', 't', '--in', 'x.jsonl')).rejects.toThrow(
      reason,
    );
    await expect(run('copy', '--from', 'sqlite:a.db', '--to', 'adr-sqlite:blue.db', '--table', 't')).rejects.toThrow(
      reason,
    );
  });

  it('is refused as a copy target before the source is opened', async () => {
    const scratch = scratchDirectory();
    try {
      const source = join(scratch.path, 'never-opened.db');
      await expect(
        copyTable({ from: `sqlite:${source}`, to: 'adr-sqlite:blue.db', table: 't', ...quiet }),
      ).rejects.toThrow(UnsupportedLocationRoleError);
      expect(existsSync(source)).toBe(false);
    } finally {
      scratch.remove();
    }
  });
});
