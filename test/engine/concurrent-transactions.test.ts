import { describe, expect, it } from 'vitest';
import { createTestTable } from '../../src/engine/test-tables.test-support.js';
import { exited, forkWorker, nextMessage } from './workers/fork-worker.js';
import { useTemporaryEngineFile } from './workers/temporary-engine-file.js';

interface TransferReport {
  committed: number;
  cancelled: number;
  problems: string[];
}

const processes = 4;
const transfersEach = 250;
const accounts = 4;
// Few units per account, so that many transfers find their source empty and cancel.
const startingBalance = 3;

describe('concurrent transactions on the same items from several processes', () => {
  const { path: filePath, withEngine } = useTemporaryEngineFile('monotable-transactions-');

  it('serialize: the sum is conserved, no balance goes negative, each transfer applies fully or not at all', async () => {
    const total = accounts * startingBalance;
    withEngine((engine) => {
      createTestTable(engine, { name: 'bank' });
      for (let index = 0; index < accounts; index += 1) {
        engine.handle('PutItem', {
          TableName: 'bank',
          Item: { pk: { S: `account-${index}` }, balance: { N: String(startingBalance) } },
        });
      }
    });
    const workers = Array.from({ length: processes }, (_, worker) =>
      forkWorker('transfer', filePath(), String(transfersEach), `w${worker}`, String(accounts), String(total)),
    );
    const reports = (await Promise.all(workers.map(nextMessage))) as TransferReport[];
    expect(await Promise.all(workers.map(exited))).toEqual(Array(processes).fill(0));
    expect(reports.flatMap((report) => report.problems)).toEqual([]);
    for (const report of reports) expect(report.committed + report.cancelled).toBe(transfersEach);

    const items = withEngine(
      (engine) => engine.handle('Scan', { TableName: 'bank' }).Items as Record<string, { S?: string; N?: string }>[],
    );
    const balances = new Map<number, number>();
    const expected = new Map<number, number>(Array.from({ length: accounts }, (_, index) => [index, startingBalance]));
    let ledgerEntries = 0;
    for (const item of items) {
      const name = item.pk.S as string;
      if (name.startsWith('account-')) balances.set(Number(name.slice('account-'.length)), Number(item.balance.N));
      else {
        // A ledger entry exists exactly for each committed transfer: replaying them gives the balances.
        ledgerEntries += 1;
        const from = Number(item.from.N);
        const to = Number(item.to.N);
        expected.set(from, (expected.get(from) as number) - 1);
        expected.set(to, (expected.get(to) as number) + 1);
      }
    }
    expect(ledgerEntries).toBe(reports.reduce((sum, report) => sum + report.committed, 0));
    expect(balances).toEqual(expected);
    expect([...balances.values()].reduce((sum, balance) => sum + balance, 0)).toBe(total);
    expect([...balances.values()].every((balance) => balance >= 0)).toBe(true);
    // Both outcomes happened, so the conditions were exercised under contention.
    expect(reports.reduce((sum, report) => sum + report.cancelled, 0)).toBeGreaterThan(0);
    expect(ledgerEntries).toBeGreaterThan(0);
  }, 180_000);
});
