/**
 * Infrastructure from the model: CloudFormation, CDK construct source, and the CreateTable
 * request for local engines — all from one `TableSpec`. (The CDK construct class itself is in
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
export { createTableInput, createTableFromModel } from './create-table-input.js';
export { ModelModuleError, InfrastructureModelError } from './errors.js';
