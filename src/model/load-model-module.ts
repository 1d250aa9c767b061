import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ModelError } from './errors.js';
import type { ModelDefinition } from './model.js';

/**
 * A model module that cannot be used: missing, failing to import, or exporting no single model.
 *
 * @example
 * try { await loadModelModule('model.ts') } catch (e) { if (e instanceof ModelModuleError) console.error(e.payload.reason) }
 */
export class ModelModuleError extends ModelError<'ModelModule', { readonly modulePath: string; readonly reason: string }> {
  constructor(readonly modulePath: string, readonly reason: string, options?: ErrorOptions) {
    super('ModelModule', `${modulePath}: ${reason}`, { modulePath, reason }, options);
  }
}

/** True for objects made by `defineModel`. */
export function isModelDefinition(value: unknown): value is ModelDefinition {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'model';
}

/**
 * Imports a model module (TypeScript works when running under tsx, as the CLI does) and returns
 * its model: the default export, else the export named `model`, else the only exported model.
 *
 * @example
 * const model = await loadModelModule('examples/research-jobs/model.ts');
 */
export async function loadModelModule(path: string, cwd = process.cwd()): Promise<ModelDefinition> {
  const absolute = resolve(cwd, path);
  if (!existsSync(absolute)) throw new ModelModuleError(path, 'no such file');
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
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
