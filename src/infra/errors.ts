/** A model module that cannot be loaded, or does not export a model. */
export class ModelModuleError extends Error {
  constructor(readonly modulePath: string, readonly reason: string, options?: ErrorOptions) {
    super(`${modulePath}: ${reason}`, options);
    this.name = 'ModelModuleError';
  }
}

/** A model whose table cannot be expressed as infrastructure (e.g. a name CloudFormation refuses). */
export class InfrastructureModelError extends Error {
  constructor(readonly tableName: string, readonly reason: string) {
    super(`table ${tableName}: ${reason}`);
    this.name = 'InfrastructureModelError';
  }
}
