/** Which code the `monotable` command runs for the package at a folder (see cli-entry.js). */
export interface CliEntry {
  /** `built`: dist/ (JavaScript); `sources`: the TypeScript sources, through tsx. */
  readonly kind: 'built' | 'sources';
  /** Absolute path of the module whose `main` runs the command line. */
  readonly module: string;
  /** Why the sources run: `'no build'` or `'build older than the sources'`. */
  readonly why?: string;
}

export function cliEntry(root: string): CliEntry;
