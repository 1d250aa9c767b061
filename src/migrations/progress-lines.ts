import { createProgress, type ProgressReporter } from '../transfer/progress.js';
import type { MigrationProgressEvent } from './apply-migration.js';

/**
 * Reports an `apply`'s progress on `stream`: a bar (items done / total, rate, ETA) on a terminal,
 * one plain line per page and step otherwise (logs, CI).
 */
export function migrationProgressReporter(stream: NodeJS.WriteStream): {
  report: (event: MigrationProgressEvent) => void;
  stop: () => void;
} {
  const tty = Boolean(stream.isTTY);
  let bar: ProgressReporter | undefined;
  let shown = 0;
  let startedAt = Date.now();
  return {
    report(event) {
      if (tty) {
        if (event.phase === 'start') {
          bar?.stop();
          bar = createProgress(event.step.id, { enabled: true, stream });
          bar.start(event.total);
          shown = 0;
        } else {
          bar?.increment(event.done - shown);
          shown = event.done;
          if (event.phase === 'done') {
            bar?.stop();
            bar = undefined;
          }
        }
        return;
      }
      if (event.phase === 'start') startedAt = Date.now();
      const seconds = (Date.now() - startedAt) / 1000;
      const rate = seconds > 0 ? Math.round(event.done / seconds) : 0;
      const of = event.total !== undefined ? `/${event.total}` : '';
      stream.write(
        `monotable: ${event.step.id} ${event.phase} ${event.done}${of} items, ${event.written} written, ${rate} items/s\n`,
      );
    },
    stop() {
      bar?.stop();
    },
  };
}
