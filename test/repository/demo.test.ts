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
    expect(output).toContain("refused: job {\"id\":\"job-2\"}: expected state 'running' but it is 'succeeded'");
    expect(output).toContain('8 days later the engine reaps 1 expired item; debug payloads left: 0');
    expect(output).toContain('| 1 | Get job by ID | PK=`JOB#<id>`, SK=`METADATA` |');
    expect(output).toMatch(/\| 3 \| List jobs by status, newest first \| .* \| 3 \| [\d.]+ \|/);
  });
});
