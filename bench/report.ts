import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** One measured comparison: our figure, the reference, and the target on their ratio. */
export interface ResultRow {
  readonly section: string;
  readonly operation: string;
  readonly ours: string;
  readonly reference: string;
  /** How many times better we are (reference ÷ ours), or the plain ratio for "within" targets. */
  readonly ratio: number | undefined;
  readonly target: string;
  readonly met: boolean | undefined;
  readonly note?: string;
}

export function formatUs(us: number | undefined): string {
  if (us === undefined || !Number.isFinite(us)) return 'n/a';
  if (us >= 10_000) return `${(us / 1000).toFixed(1)} ms`;
  if (us >= 1000) return `${(us / 1000).toFixed(2)} ms`;
  return `${us.toFixed(1)} µs`;
}

export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined || !Number.isFinite(ratio)
    ? 'n/a'
    : `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(2)}×`;
}

function verdict(met: boolean | undefined): string {
  return met === undefined ? '–' : met ? 'met' : 'MISSED';
}

const HEADER = ['section', 'operation', 'monotable', 'reference', 'ratio', 'target', 'result'];

function cells(row: ResultRow): string[] {
  return [row.section, row.operation, row.ours, row.reference, formatRatio(row.ratio), row.target, verdict(row.met)];
}

/** A plain-text table for the terminal. */
export function printTable(rows: readonly ResultRow[]): void {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...table.map((line) => line[column].length)));
  for (const [index, line] of table.entries()) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column])).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
  const judged = rows.filter((row) => row.met !== undefined);
  console.log(`\ntargets met: ${judged.filter((row) => row.met).length} of ${judged.length}`);
}

export function machineDescription(): string {
  const processors = cpus();
  return [
    `- CPU: ${processors[0]?.model ?? 'unknown'} (${processors.length} logical cores)`,
    `- memory: ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `- Node.js ${process.version} on ${process.platform}/${process.arch}`,
    `- date: ${new Date().toISOString().slice(0, 10)}`,
    // Other work on the machine inflates every figure, so the report says how busy it was.
    `- load average when the run started: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  ].join('\n');
}

/** The load average now, for the end of a run (the start is in `machineDescription`). */
export function loadAtEnd(): string {
  return `- load average when the run ended: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}`;
}

/**
 * One part of RESULTS.md: its heading, the machine, the rows, the method and the notes.
 * `machine` is `machineDescription()` taken when the run started.
 */
export function resultsMarkdown(
  title: string,
  machine: string,
  rows: readonly ResultRow[],
  method: string,
  notes: readonly string[],
): string {
  return [
    `# ${title}`,
    '',
    'Written by `npm run bench`; rerun it to refresh this part.',
    '',
    '## Machine',
    '',
    machine,
    loadAtEnd(),
    '',
    '## Results',
    '',
    'Every ratio compares figures taken in this one run.',
    '',
    `| ${HEADER.join(' | ')} |`,
    `| ${HEADER.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${cells(row).join(' | ')} |`),
    '',
    '## Method',
    '',
    method,
    ...(notes.length > 0 ? ['', '## Notes from this run', '', ...notes.map((note) => `- ${note}`)] : []),
    '',
  ].join('\n');
}

/** Where each part of RESULTS.md after the main one begins, in the file's order. */
const PART_MARKS = {
  isolation: '<!-- per-test isolation: written by `npm run bench -- --sections isolation` -->',
  startup: '<!-- server start: written by `npm run bench -- --sections startup` -->',
  migrate: '<!-- migration backfill: written by `npm run bench -- --sections migrate` -->',
} as const;

type PartName = 'main' | keyof typeof PART_MARKS;

/**
 * Writes RESULTS.md from its parts: the main sections (a)–(f), per-test isolation (g),
 * server start (h) and the migration backfill (i). A part left undefined is kept as the file has it, so a run of one part
 * does not erase the figures of the others.
 */
export function writeResults(file: string, parts: { readonly [name in PartName]?: string }): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const found = Object.entries(PART_MARKS)
    .map(([name, mark]) => ({ name: name as keyof typeof PART_MARKS, mark, at: previous.indexOf(mark) }))
    .filter((part) => part.at >= 0)
    .sort((a, b) => a.at - b.at);
  const previousParts: Partial<Record<PartName, string>> = { main: previous.slice(0, found[0]?.at ?? previous.length) };
  found.forEach((part, index) => {
    previousParts[part.name] = previous.slice(part.at + part.mark.length, found[index + 1]?.at ?? previous.length);
  });
  const text = (name: PartName) => (parts[name] ?? previousParts[name] ?? '').trim();
  const sections = [text('main')];
  for (const [name, mark] of Object.entries(PART_MARKS) as [keyof typeof PART_MARKS, string][]) {
    const body = text(name);
    if (body) sections.push(`${mark}\n\n${body}`);
  }
  writeFileSync(file, `${sections.join('\n\n')}\n`);
}
