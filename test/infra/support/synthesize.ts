import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createRequire } from 'node:module';
import ts from 'typescript';
import type { CloudFormationTemplate } from '../../../src/infra/index.js';

const requireFromHere = createRequire(import.meta.url);

/** Compiles generated construct source in memory and returns its exports. */
export function evaluateSource(source: string): Record<string, unknown> {
  const { outputText, diagnostics } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: true,
  });
  if (diagnostics?.length) throw new Error(ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n'));
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', outputText)(requireFromHere, module, module.exports);
  return module.exports;
}

/** Synthesizes a stack built by `build` and returns its assertions template. */
export function synthesize(build: (stack: Stack) => void): Template {
  const stack = new Stack(new App(), 'Test');
  build(stack);
  return Template.fromStack(stack);
}

/** The one DynamoDB table of a synthesized template: its resource (policies and properties). */
export function onlyTable(template: Template): {
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Properties: Record<string, unknown>;
} {
  const tables = Object.values(template.findResources('AWS::DynamoDB::Table'));
  if (tables.length !== 1) throw new Error(`expected one table, found ${tables.length}`);
  return tables[0] as never;
}

/** The table resource of a CloudFormation template, with the TableName parameter set to its default. */
export function cloudFormationTable(template: CloudFormationTemplate): {
  Type: string;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Properties: Record<string, unknown>;
} {
  const [resource] = Object.values(template.Resources);
  const properties = { ...resource.Properties, TableName: template.Parameters.TableName.Default };
  return { ...resource, Properties: properties };
}

/**
 * The stream handlers of a synthesized template: each function (its logical ID and properties), the
 * settings of the event source mapping that feeds it (without the ARNs), and the stream actions
 * its role is granted.
 */
export function streamHandlerResources(
  template: Template,
): { logicalId: string; function: Record<string, any>; mapping: Record<string, unknown>; streamActions: string[] }[] {
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
  const functions = Object.entries(resources).filter(([, resource]) => resource.Type === 'AWS::Lambda::Function');
  return functions.map(([logicalId, resource]) => {
    const mapping = Object.values(resources).find(
      (candidate) =>
        candidate.Type === 'AWS::Lambda::EventSourceMapping' && candidate.Properties.FunctionName?.Ref === logicalId,
    );
    if (!mapping) throw new Error(`no event source mapping feeds ${logicalId}`);
    const { EventSourceArn: _arn, FunctionName: _name, ...settings } = mapping.Properties;
    const role = resource.Properties.Role['Fn::GetAtt'][0] as string;
    const policies = Object.values(resources).filter(
      (candidate) =>
        candidate.Type === 'AWS::IAM::Policy' &&
        candidate.Properties.Roles.some((r: { Ref: string }) => r.Ref === role),
    );
    const streamActions = policies.flatMap((policy) =>
      policy.Properties.PolicyDocument.Statement.flatMap(
        (statement: { Action: string | string[] }) => statement.Action,
      ),
    );
    const { Code: _code, Role: _role, ...properties } = resource.Properties;
    return { logicalId, function: properties, mapping: settings, streamActions };
  });
}
