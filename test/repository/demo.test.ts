import { describe, expect, it } from 'vitest';
import { runDemo } from '../../src/cli/commands/demo.js';

describe('monotable demo', () => {
  it('runs the research-job demo on the embedded engine end to end', async () => {
    const lines: string[] = [];
    await runDemo((line) => lines.push(line));
    const output = lines.join('\n');
    expect(output).toContain("created 'research-jobs'");
    expect(output).toContain('30 findings (batch write, 25 per call) + report, read back in one Query');
    expect(output).toMatch(/page 1: job-5 \(09:04\), job-4 \(09:03\)/);
    expect(output).toMatch(/page 3: job-1 \(09:00\)\s+\(last page\)/);
    expect(output).toContain('refused: job {"id":"job-2"}: expected state \'running\' but it is \'succeeded\'');
    // 1 debug payload and 14 receipts, one per job change that moved a counter: 7 creates, 5 starts, job-2 succeeded, job-5 failed.
    expect(output).toMatch(
      /8 days later the engine reaps 15 expired items \(the debug payload, and the receipts the counters handler keeps 2 days\); debug payloads left: 0/,
    );
    expect(output).toContain('  counters after the creates: queued 7');
    expect(output).toContain('  counters after the starts: queued 2, running 5');
    expect(output).toContain(
      '  counters after the transitions (the refused ones moved nothing): queued 2, running 4, succeeded 1',
    );
    expect(output).toContain('  counters after job-5 failed: queued 2, running 3, succeeded 1, failed 1');
    expect(output).toContain(
      '  counters after the reap (TTL deletions of receipts move no counter): queued 2, running 3, succeeded 1, failed 1',
    );
    expect(output).toContain('| 1 | Get job by ID | PK=`JOB#<id>`, SK=`METADATA` |');
    expect(output).toMatch(/\| 3 \| List jobs by status, newest first \| .* \| 3 \| [\d.]+ \|/);
  });
});
