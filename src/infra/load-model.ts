import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ModelDefinition } from '../model/index.js';
import { ModelModuleError } from './errors.js';

/**
 * Imports a model module by path and returns its model: the `default` export, or else the
 * export named `model`. TypeScript modules load when running under tsx (as the CLI does).
 *
 * @example
 * const model = await loadModel('examples/research-jobs/model.ts');
 */
export async function loadModel(modulePath: string): Promise<ModelDefinition> {
  const absolute = resolve(modulePath);
  if (!existsSync(absolute)) throw new ModelModuleError(modulePath, 'no such file');
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ModelModuleError(modulePath, `cannot be imported: ${(error as Error).message}`, { cause: error });
  }
  const candidate = isModel(exports.default) ? exports.default : exports.model;
  if (!isModel(candidate)) {
    throw new ModelModuleError(modulePath, 'exports no model: export the result of defineModel as `default` or as `model`');
  }
  return candidate;
}

function isModel(value: unknown): value is ModelDefinition {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'model' && 'table' in value;
}
