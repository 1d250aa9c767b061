import cliProgress from 'cli-progress';

/** Reports how far a long transfer is. */
export interface ProgressReporter {
  /** Starts the display; `total` (items) enables a bar and an ETA. */
  start(total?: number): void;
  increment(count: number): void;
  stop(): void;
}

export interface ProgressOptions {
  /** Show progress; default: only when standard error is a terminal, so pipes and CI stay quiet. */
  readonly enabled?: boolean;
  readonly stream?: NodeJS.WritableStream;
}

const quiet: ProgressReporter = { start() {}, increment() {}, stop() {} };

/**
 * A progress line on standard error — items, items/s and ETA — or nothing when not on a TTY.
 * Standard output stays clean for `monotable export` without `--out`.
 *
 * @example
 * const progress = createProgress('import', { enabled: true });
 * progress.start(1000); progress.increment(25); progress.stop();
 */
export function createProgress(label: string, options: ProgressOptions = {}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const enabled = options.enabled ?? Boolean((stream as NodeJS.WriteStream).isTTY);
  if (!enabled) return quiet;
  let bar: cliProgress.SingleBar | undefined;
  let startedAt = 0;
  let value = 0;
  const rate = () => {
    const seconds = (Date.now() - startedAt) / 1000;
    return seconds > 0 ? Math.round(value / seconds) : 0;
  };
  return {
    start(total) {
      startedAt = Date.now();
      const known = total !== undefined && total > 0;
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: known
            ? `${label} [{bar}] {value}/{total} items | {rate} items/s | ETA {eta_formatted}`
            : `${label} {value} items | {rate} items/s | {duration_formatted}`,
          hideCursor: true,
          etaBuffer: 50,
          fps: 5,
          noTTYOutput: options.enabled === true,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(known ? total : 0, 0, { rate: 0 });
    },
    increment(count) {
      value += count;
      // DynamoDB's item count is an estimate: grow the total rather than run past it.
      if (bar && bar.getTotal() > 0 && value > bar.getTotal()) bar.setTotal(value);
      bar?.increment(count, { rate: rate() });
    },
    stop() {
      bar?.update(value, { rate: rate() });
      bar?.stop();
    },
  };
}
