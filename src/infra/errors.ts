export { ModelModuleError } from '../model/load-model-module.js';

/** A model whose table cannot be expressed as infrastructure (e.g. a name CloudFormation refuses). */
export class InfrastructureModelError extends Error {
  constructor(readonly tableName: string, readonly reason: string) {
    super(`table ${tableName}: ${reason}`);
    this.name = 'InfrastructureModelError';
  }
}
