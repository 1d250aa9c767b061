import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulePathOf } from '../../model/load-model-module.js';

/** Options of {@link watchDesign}. */
export interface DesignWatchOptions {
  /** Quiet time after the last change before the check runs again, in ms (editors write in bursts). Default 200. */
  readonly debounceMs?: number;
  readonly cwd?: string;
  /** Where the checks' output and the watch's own lines go; default the process's. */
  readonly stdout?: NodeJS.WritableStream;
  readonly stderr?: NodeJS.WritableStream;
}

/** A running watch: `close()` stops watching and ends a check under way. */
export interface DesignWatch {
  close(): void;
}

const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?|json)$/;
/** A bound on the import walk, so a model importing half a project still starts at once. */
const MAX_WATCHED_FILES = 500;

/**
 * Runs `monotable design check <model>` now and again after every change to the model file, to a
 * file it imports (relative imports, followed from file to file) or to a script in the model's
 * folder, printing the findings each time. Each check runs in a fresh `monotable` process:
 * Node keeps every module it imported for the life of a process, so only a new process reads
 * the model's own imports afresh after an edit.
 *
 * @example
 * const watch = watchDesign('examples/tickets/model.ts');
 * process.on('SIGINT', () => { watch.close(); process.exit(0); });
 */
export function watchDesign(modulePath: string, options: DesignWatchOptions = {}): DesignWatch {
  const cwd = options.cwd ?? process.cwd();
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const debounceMs = options.debounceMs ?? 200;
  const modelFile = modulePathOf(modulePath, cwd);
  const modelFolder = dirname(modelFile);
  const watchers = new Map<string, FSWatcher>();
  let watched = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: ChildProcess | undefined;
  let again = false;
  let closed = false;

  const changed = (folder: string, name: string | null): void => {
    if (closed || name === null) return;
    const file = join(folder, name);
    if (!watched.has(file) && !(folder === modelFolder && SCRIPT_FILE.test(name))) return;
    clearTimeout(timer);
    timer = setTimeout(check, debounceMs);
  };

  const follow = (): void => {
    watched = localImportGraph(modelFile);
    const folders = new Set([modelFolder, ...[...watched].map((file) => dirname(file))]);
    for (const [folder, watcher] of watchers)
      if (!folders.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      // The folder, not the file: editors that save by renaming a new file over the old one
      // would leave a watch on the file itself watching nothing.
      const watcher = watch(folder, (_event, name) => changed(folder, name));
      watcher.on('error', () => undefined);
      watchers.set(folder, watcher);
    }
  };

  const check = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    stdout.write(`\n[${clockTime()}] design check ${modulePath}\n`);
    const child = spawn(process.execPath, [cliPath(), 'design', 'check', modelFile], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    child.stdout.on('data', (chunk: Buffer) => stdout.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.write(chunk));
    child.on('close', (code) => {
      running = undefined;
      if (closed) return;
      follow();
      const verdict = code === 0 ? 'ok' : 'not ok';
      stdout.write(`${verdict}; watching ${plural(watched.size, 'file')} for changes (Ctrl-C stops)\n`);
      if (again) {
        again = false;
        check();
      }
    });
  };

  follow();
  check();
  return {
    close(): void {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      running?.kill();
    },
  };
}

/**
 * The model file and the files it imports by relative path, followed from file to file: what
 * a change to can change the model. Read as text (import specifiers only), so a file that does
 * not parse yet is still watched; a specifier written for TypeScript's NodeNext resolution
 * (`./table.js` for `table.ts`) is found under either name.
 */
export function localImportGraph(entry: string): Set<string> {
  const found = new Set<string>([entry]);
  const pending = [entry];
  while (pending.length > 0 && found.size < MAX_WATCHED_FILES) {
    const file = pending.pop()!;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolveRelative(dirname(file), match[1]);
      if (target === undefined || found.has(target) || target.includes(`${sep}node_modules${sep}`)) continue;
      found.add(target);
      pending.push(target);
    }
  }
  return found;
}

const TYPESCRIPT_FOR: Record<string, readonly string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

function resolveRelative(folder: string, specifier: string): string | undefined {
  const path = resolve(folder, specifier);
  const extension = extname(path);
  const stem = path.slice(0, path.length - extension.length);
  const candidates =
    extension in TYPESCRIPT_FOR
      ? [...TYPESCRIPT_FOR[extension].map((typescript) => stem + typescript), path]
      : extension === ''
        ? ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.js'].map((suffix) => path + suffix)
        : [path];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** `bin/monotable.js` of this package: the first package.json above this module (src/cli/commands/ or dist/cli/). */
function cliPath(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json')) || !existsSync(join(folder, 'bin', 'monotable.js'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no bin/monotable.js above ${basename(fileURLToPath(import.meta.url))}`);
    folder = parent;
  }
  return join(folder, 'bin', 'monotable.js');
}

function clockTime(): string {
  return new Date().toTimeString().slice(0, 8);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
