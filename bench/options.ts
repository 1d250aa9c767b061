/** Command-line options of `npm run bench -- …`. */
export interface BenchOptions {
  /** Operations to run (`get,put,update,query,gsi,batch,transact`); all by default. */
  readonly only: ReadonlySet<OperationName>;
  /** Sections to run (`sdk,servers,engine,scale,partiql,streams,consistency,isolation,startup,migrate`); all by default. */
  readonly sections: ReadonlySet<SectionName>;
  readonly quick: boolean;
  /** Timed iterations per operation and peer. */
  readonly iterations: number;
  /** Largest table of the Query scale section. */
  readonly scaleMax: number;
  /** Where to write the Markdown report; none with `--no-write`. */
  readonly resultsFile: string | undefined;
}

export const OPERATION_NAMES = ['get', 'put', 'update', 'query', 'gsi', 'batch', 'transact'] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];
export const SECTION_NAMES = [
  'sdk',
  'servers',
  'engine',
  'scale',
  'partiql',
  'streams',
  'consistency',
  'isolation',
  'startup',
  'migrate',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

const USAGE = `npm run bench -- [--quick] [--only get,put,…] [--sections sdk,servers,engine,scale,partiql,streams,consistency,isolation,startup,migrate]
                    [--iterations N] [--scale-max N] [--no-write]
operations: ${OPERATION_NAMES.join(', ')}`;

export function parseOptions(argv: readonly string[]): BenchOptions {
  let only = new Set<OperationName>(OPERATION_NAMES);
  let sections = new Set<SectionName>(SECTION_NAMES);
  let quick = false;
  let iterations: number | undefined;
  let scaleMax: number | undefined;
  let write = true;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) fail(`${argument} needs a value`);
      return next;
    };
    if (argument === '--quick') quick = true;
    else if (argument === '--only') only = pick(value(), OPERATION_NAMES);
    else if (argument === '--sections') sections = pick(value(), SECTION_NAMES);
    else if (argument === '--iterations') iterations = positive(value());
    else if (argument === '--scale-max') scaleMax = positive(value());
    else if (argument === '--no-write') write = false;
    else if (argument === '--help' || argument === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown option ${argument}`);
  }
  return {
    only,
    sections,
    quick,
    iterations: iterations ?? (quick ? 150 : 1500),
    scaleMax: scaleMax ?? (quick ? 100_000 : 1_000_000),
    resultsFile: write ? new URL('./RESULTS.md', import.meta.url).pathname : undefined,
  };
}

function pick<T extends string>(list: string, allowed: readonly T[]): Set<T> {
  const chosen = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of chosen)
    if (!allowed.includes(name as T)) fail(`unknown name ${name} (one of ${allowed.join(', ')})`);
  return new Set(chosen as T[]);
}

function positive(text: string): number {
  const number = Number(text);
  if (!Number.isInteger(number) || number <= 0) fail(`not a positive integer: ${text}`);
  return number;
}

function fail(message: string): never {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(2);
}
