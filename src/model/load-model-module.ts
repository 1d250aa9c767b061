import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ModelDefinition } from './model.js';

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
  const module = (await import(pathToFileURL(resolve(cwd, path)).href)) as Record<string, unknown>;
  if (isModelDefinition(module.default)) return module.default;
  if (isModelDefinition(module.model)) return module.model;
  const models = Object.values(module).filter(isModelDefinition);
  if (models.length === 1) return models[0];
  throw new Error(
    models.length === 0
      ? `${path} exports no model: export the result of defineModel() as default or as \`model\``
      : `${path} exports ${models.length} models: export the one to use as default or as \`model\``,
  );
}
