import type { Command } from '../commander.js';
import { checkDesign, type DesignCheckResult } from '../../model/design-check.js';
import { renderAccessPatternTable } from '../../model/design-doc.js';
import { loadModelModule } from '../../model/load-model-module.js';
import { watchDesign } from './design-watch.js';
import type { ModelDefinition } from '../../model/model.js';

/** The report of `monotable design check`, one line per finding. */
export function formatDesignCheck(model: ModelDefinition, result: DesignCheckResult): string {
  const lines: string[] = [];
  const count = Object.keys(model.accessPatterns).length;
  for (const problem of result.problems) lines.push(`✗ ${problem.pattern}: ${problem.reason}`);
  for (const warning of result.warnings) lines.push(`! ${warning.pattern}: ${warning.reason}`);
  if (result.ok)
    lines.push(
      `✓ ${count} access pattern${count === 1 ? '' : 's'}, each served by a key condition (table ${model.table.name})`,
    );
  else
    lines.push(
      `${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${count} access pattern${count === 1 ? '' : 's'}: no Scan, no filter in place of a key`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * Adds `monotable design check <model module>` (exit 1 when a pattern is not served by a key;
 * `--watch` checks again after every change) and
 * `monotable design doc <model module>` (the access-pattern table in Markdown).
 *
 * @example
 * monotable design check examples/research-jobs/model.ts
 * monotable design check --watch examples/research-jobs/model.ts
 * monotable design doc examples/research-jobs/model.ts >> README.md
 */
export function register(program: Command): void {
  const design = program
    .command('design')
    .description("check and document a model's access patterns (default export or `model`)");
  design
    .command('check <model>')
    .description('prove every access pattern is served by a key or index (no Scan, no filter in place of a key)')
    .option('-w, --watch', 'check again after each change to the model or a file it imports; Ctrl-C stops')
    .action(async (modulePath: string, flags: { watch?: boolean }) => {
      if (flags.watch) return watch(modulePath);
      const model = await loadModelModule(modulePath);
      const result = checkDesign(model);
      process.stdout.write(formatDesignCheck(model, result));
      if (!result.ok) process.exitCode = 1;
    });
  design
    .command('doc <model>')
    .description('print the access-pattern table: # | Access pattern | Key design')
    .action(async (modulePath: string) => {
      process.stdout.write(renderAccessPatternTable(await loadModelModule(modulePath)));
    });
}

/** `design check --watch`: runs until Ctrl-C (or SIGTERM), then exits 0, as stopping is how a watch ends. */
function watch(modulePath: string): void {
  const running = watchDesign(modulePath);
  const stop = (): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    running.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The command in the CLI's command list form. */
export const designCommand = { register };
