import { existsSync } from 'node:fs';
// Imported under another name: an ES module Lambda bundle commonly starts with the banner
// `import { createRequire } from 'module'; const require = createRequire(import.meta.url);`, and
// esbuild keeps an import's own name, so a `createRequire` here would be declared twice there.
import { createRequire as createRequireAt } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importModule } from '../shared/import-module.js';
import { ModelError } from './errors.js';
import type { ModelDefinition } from './model.js';

/**
 * A model module that cannot be used: missing, failing to import, or exporting no single model.
 *
 * @example
 * try { await loadModelModule('model.ts') } catch (e) { if (e instanceof ModelModuleError) console.error(e.payload.reason) }
 */
export class ModelModuleError extends ModelError<
  'ModelModule',
  { readonly modulePath: string; readonly reason: string }
> {
  constructor(
    readonly modulePath: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super('ModelModule', `${modulePath}: ${reason}`, { modulePath, reason }, options);
  }
}

/** The file behind a model module argument: a path relative to `cwd`, else a package specifier. */
export function modulePathOf(path: string, cwd: string): string {
  const absolute = resolve(cwd, path);
  if (existsSync(absolute)) return absolute;
  if (!isPackageSpecifier(path)) throw new ModelModuleError(path, 'no such file');
  try {
    return createRequireAt(join(cwd, 'package.json')).resolve(path);
  } catch (error) {
    throw new ModelModuleError(path, 'no such file, and no package export of that name', { cause: error });
  }
}

function isPackageSpecifier(path: string): boolean {
  return !path.startsWith('.') && !isAbsolute(path) && !/\.[cm]?[jt]sx?$/.test(path);
}

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/;

/**
 * Whether this module is running as TypeScript, so something (tsx, a test runner) already
 * compiles TypeScript: then a TypeScript model module needs nothing more. Asked only when a
 * model module is loaded, never at import: a Lambda bundle that imports `monotable/model` is
 * CommonJS, where `import.meta` is empty (no URL), and a bundle is JavaScript.
 */
function runningFromSources(): boolean {
  const url = moduleUrl();
  return url !== undefined && TYPESCRIPT_FILE.test(new URL(url).pathname);
}

/**
 * This module's URL, or undefined in a CommonJS bundle. Read in a `try`, which tells esbuild
 * the code expects an empty `import.meta`: it then does not warn about it when bundling.
 */
function moduleUrl(): string | undefined {
  try {
    return import.meta.url;
  } catch {
    return undefined;
  }
}

let typescriptLoader: Promise<void> | undefined;

/**
 * Lets Node import TypeScript from now on, by registering tsx, once per process and only
 * for a TypeScript model module: the built package runs plain JavaScript, and a JavaScript
 * model never pays for the compiler.
 */
function loadTypeScript(): Promise<void> {
  typescriptLoader ??= importModule<typeof import('tsx/esm/api')>('tsx/esm/api').then(({ register }) => {
    register();
  });
  return typescriptLoader;
}

/**
 * Imports a user's code file by absolute path: JavaScript, or TypeScript compiled by tsx (loaded
 * on first need), as model modules are. Import errors are thrown as they are.
 *
 * @example
 * const migration = await importCodeFile('/app/migrations/0001-split-name.ts');
 */
export async function importCodeFile(absolute: string): Promise<Record<string, unknown>> {
  if (TYPESCRIPT_FILE.test(absolute) && !runningFromSources()) await loadTypeScript();
  return importModule<Record<string, unknown>>(pathToFileURL(absolute).href);
}

/** True for objects made by `defineModel`. */
export function isModelDefinition(value: unknown): value is ModelDefinition {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'model';
}

/**
 * Imports a model module (JavaScript, or TypeScript compiled by tsx, loaded on first need) and returns
 * its model: the default export, else the export named `model`, else the only exported model.
 * The module is a file path, or a package specifier resolved from `cwd` as the app's own code
 * would resolve it (`monotable/examples/research-jobs/model`, `@acme/data/model`).
 *
 * @example
 * const model = await loadModelModule('examples/research-jobs/model.ts');
 */
export async function loadModelModule(path: string, cwd = process.cwd()): Promise<ModelDefinition> {
  const absolute = modulePathOf(path, cwd);
  let module: Record<string, unknown>;
  try {
    module = await importCodeFile(absolute);
  } catch (error) {
    throw new ModelModuleError(path, `cannot be imported: ${(error as Error).message}`, { cause: error });
  }
  if (isModelDefinition(module.default)) return module.default;
  if (isModelDefinition(module.model)) return module.model;
  const models = Object.values(module).filter(isModelDefinition);
  if (models.length === 1) return models[0];
  throw new ModelModuleError(
    path,
    models.length === 0
      ? 'exports no model: export the result of defineModel() as default or as `model`'
      : `exports ${models.length} models: export the one to use as default or as \`model\``,
  );
}
