import { readFileSync } from 'node:fs';

// Linux reports times in clock ticks; 100 per second on every mainstream distribution.
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, all threads) a process has used so far, in milliseconds,
 * from /proc/<pid>/stat; undefined where /proc is missing (macOS, Windows).
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
