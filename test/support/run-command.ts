import { Command } from 'commander';
import { vi } from 'vitest';

/**
 * Runs one `monotable` command in process, through the same commander registration the CLI
 * uses, and returns what it wrote to standard output (standard error is swallowed).
 */
export async function runCommand(register: (program: Command) => void, ...args: string[]): Promise<string> {
  const program = new Command('monotable').exitOverride().configureOutput({ writeErr: () => {} });
  register(program);
  const written: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
  const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await program.parseAsync(['node', 'monotable', ...args]);
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return written.join('');
}
