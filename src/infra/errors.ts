import { ModelError } from '../model/errors.js';

export { ModelModuleError } from '../model/load-model-module.js';

/**
 * A model whose table cannot be expressed as infrastructure (e.g. a name CloudFormation refuses).
 *
 * @example
 * try { tableSpec(model, { tableName: 'x' }) } catch (e) { if (e instanceof InfrastructureModelError) console.error(e.payload.reason) }
 */
export class InfrastructureModelError extends ModelError<
  'InfrastructureModel',
  { readonly tableName: string; readonly reason: string }
> {
  constructor(
    readonly tableName: string,
    readonly reason: string,
  ) {
    super('InfrastructureModel', `table ${tableName}: ${reason}`, { tableName, reason });
  }
}
