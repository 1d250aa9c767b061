/**
 * Infrastructure from the model: CloudFormation and CDK construct source from one `TableSpec`,
 * and the model's table on local engines. (The CDK construct class itself is in
 * `./cdk/monotable-table.js`, apart, because it needs `aws-cdk-lib`.)
 *
 * @example
 * import { cloudFormationTemplate, loadModel } from './infra/index.js';
 * console.log(JSON.stringify(cloudFormationTemplate(await loadModel('model.ts')), null, 2));
 */
export { loadModel } from './load-model.js';
export { tableSpec, keyAttributes, type TableSpec, type GlobalIndexSpec, type KeyAttributeSpec } from './table-spec.js';
export { cloudFormationTemplate, tableProperties, type CloudFormationTemplate } from './cloudformation.js';
export { cdkConstructSource, type CdkSourceOptions } from './cdk-source.js';
export { ensureModelTable } from './ensure-model-table.js';
export { ModelModuleError, InfrastructureModelError } from './errors.js';
