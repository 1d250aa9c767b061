import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importCodeFile } from '../model/load-model-module.js';
import { MigrationError } from './errors.js';

/** What `up` is given beside the item. */
export interface UserMigrationContext {
  /** The entity the migration applies to. */
  readonly entity: string;
  /** The migration's name (`0001-split-name`). */
  readonly name: string;
}

/**
 * A data change no key template can express, in `migrations/NNNN-<name>.ts`: for every item of
 * `entity`, `up` returns the new item (attributes only; keys, index keys and version are derived)
 * or `null` to delete it. After a crash `up` may see an item it already migrated: it must return
 * such an item unchanged (or as it would migrate it again).
 */
export interface UserMigration {
  readonly name: string;
  readonly file: string;
  readonly entity: string;
  up(
    item: Readonly<Record<string, unknown>>,
    context: UserMigrationContext,
  ): Record<string, unknown> | null | Promise<Record<string, unknown> | null>;
}

/** A migration file that cannot be used (no `entity`, no `up`, a bad name). */
export class MigrationFileLoadError extends MigrationError<'MigrationFileLoad', { readonly file: string }> {
  constructor(file: string, reason: string, options?: ErrorOptions) {
    super('MigrationFileLoad', `${file}: ${reason}`, { file }, options);
  }
}

const FILE_NAME = /^(\d{4,})-([a-z0-9][a-z0-9-]*)\.(?:[cm]?[jt]s)$/;

/**
 * The migration files of `directory`, in the order of their number (none when it does not exist).
 *
 * @example
 * const migrations = await loadUserMigrations('migrations');
 */
export async function loadUserMigrations(directory: string): Promise<UserMigration[]> {
  const absolute = resolve(directory);
  if (!existsSync(absolute)) return [];
  const files = readdirSync(absolute)
    .filter((file) => FILE_NAME.test(file) && !file.endsWith('.d.ts'))
    .sort();
  const out: UserMigration[] = [];
  for (const file of files) {
    const path = join(absolute, file);
    let module: Record<string, unknown>;
    try {
      module = await importCodeFile(path);
    } catch (error) {
      throw new MigrationFileLoadError(file, `cannot be imported: ${(error as Error).message}`, { cause: error });
    }
    if (typeof module.entity !== 'string') throw new MigrationFileLoadError(file, 'exports no `entity` (a string)');
    if (typeof module.up !== 'function') throw new MigrationFileLoadError(file, 'exports no `up(item, context)`');
    out.push({
      name: file.replace(/\.[cm]?[jt]s$/, ''),
      file,
      entity: module.entity,
      up: module.up as UserMigration['up'],
    });
  }
  return out;
}

/**
 * Writes the skeleton of a new migration file (`NNNN-<name>.ts`, numbered after the last) and
 * returns its path.
 *
 * @example
 * newMigrationFile('migrations', 'split-name') // 'migrations/0001-split-name.ts'
 */
export function newMigrationFile(directory: string, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (slug === '') throw new MigrationFileLoadError(name, 'a migration name needs letters or digits');
  mkdirSync(directory, { recursive: true });
  const numbers = readdirSync(directory).flatMap((file) => {
    const match = FILE_NAME.exec(file);
    return match ? [Number(match[1])] : [];
  });
  const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  const path = join(directory, `${next}-${slug}.ts`);
  writeFileSync(
    path,
    `/**
 * ${slug}: applied once by \`monotable migrate apply\`, to every item of \`entity\`, in key order.
 * Return the new item (attributes only: keys, index keys and the version are derived), the
 * item unchanged, or null to delete it. After an interrupted run an item may come back
 * already migrated: return it as it is.
 */
export const entity = 'ENTITY';

export function up(item: Record<string, unknown>): Record<string, unknown> | null {
  return item;
}
`,
  );
  return path;
}
