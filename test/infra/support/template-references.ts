import type { CloudFormationTemplate } from '../../../src/infra/index.js';

/** The names CloudFormation defines in every stack, for `Ref`. */
const pseudoParameters = new Set([
  'AWS::AccountId',
  'AWS::NotificationARNs',
  'AWS::NoValue',
  'AWS::Partition',
  'AWS::Region',
  'AWS::StackId',
  'AWS::StackName',
  'AWS::URLSuffix',
]);

const templateSections = new Set([
  'AWSTemplateFormatVersion',
  'Description',
  'Metadata',
  'Parameters',
  'Rules',
  'Mappings',
  'Conditions',
  'Transform',
  'Resources',
  'Outputs',
]);

/**
 * What CloudFormation would refuse in a template's structure, as sentences (none: it is
 * well formed): an unknown section, a `Ref` to nothing (or, inside `Conditions`, to anything
 * but a parameter), a `Fn::GetAtt` of a missing resource, a condition named but not declared,
 * a default its own `AllowedPattern` rejects, an empty `Conditions`. Also an unused parameter,
 * which CloudFormation allows but a generated template has no reason to hold.
 *
 * @example
 * expect(templateReferenceProblems(cloudFormationTemplate(model))).toEqual([]);
 */
export function templateReferenceProblems(template: CloudFormationTemplate): string[] {
  const problems: string[] = [];
  const parameters = new Set(Object.keys(template.Parameters));
  const resources = new Set(Object.keys(template.Resources));
  const conditions = new Set(Object.keys(template.Conditions ?? {}));
  const referenced = new Set<string>();

  for (const section of Object.keys(template)) {
    if (!templateSections.has(section)) problems.push(`unknown section ${section}`);
  }
  if (template.Conditions && conditions.size === 0) problems.push('Conditions is empty');

  for (const [name, parameter] of Object.entries(template.Parameters)) {
    if (typeof parameter.Type !== 'string') problems.push(`parameter ${name} has no Type`);
    const { Default, AllowedPattern } = parameter;
    if (typeof Default === 'string' && typeof AllowedPattern === 'string' && !fullMatch(AllowedPattern, Default)) {
      problems.push(`parameter ${name}: default ${JSON.stringify(Default)} does not match ${AllowedPattern}`);
    }
  }

  function visit(value: unknown, where: string, inConditions: boolean): void {
    if (Array.isArray(value)) {
      value.forEach((element, index) => visit(element, `${where}[${index}]`, inConditions));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.Ref === 'string') {
      referenced.add(record.Ref);
      const known = parameters.has(record.Ref) || pseudoParameters.has(record.Ref);
      if (!known && (inConditions || !resources.has(record.Ref))) {
        problems.push(`${where}: Ref ${record.Ref} names ${inConditions ? 'no parameter' : 'nothing'}`);
      }
    }
    const getAtt = record['Fn::GetAtt'];
    if (Array.isArray(getAtt) && !resources.has(String(getAtt[0]))) {
      problems.push(`${where}: Fn::GetAtt of ${String(getAtt[0])}, which is no resource`);
    }
    const branch = record['Fn::If'];
    if (Array.isArray(branch) && !conditions.has(String(branch[0]))) {
      problems.push(`${where}: Fn::If on undeclared condition ${String(branch[0])}`);
    }
    if (inConditions && typeof record.Condition === 'string' && !conditions.has(record.Condition)) {
      problems.push(`${where}: undeclared condition ${record.Condition}`);
    }
    for (const [key, child] of Object.entries(record)) visit(child, `${where}.${key}`, inConditions);
  }

  for (const [name, condition] of Object.entries(template.Conditions ?? {}))
    visit(condition, `Conditions.${name}`, true);
  for (const [name, resource] of Object.entries(template.Resources)) {
    if (typeof resource.Type !== 'string') problems.push(`resource ${name} has no Type`);
    if (resource.Condition !== undefined && !conditions.has(resource.Condition)) {
      problems.push(`resource ${name}: undeclared condition ${resource.Condition}`);
    }
    visit(resource.Properties, `Resources.${name}.Properties`, false);
  }
  for (const [name, output] of Object.entries(template.Outputs)) {
    if (typeof output.Condition === 'string' && !conditions.has(output.Condition)) {
      problems.push(`output ${name}: undeclared condition ${output.Condition}`);
    }
    visit(output.Value, `Outputs.${name}.Value`, false);
  }
  for (const name of parameters) {
    if (!referenced.has(name)) problems.push(`parameter ${name} is never used`);
  }
  return problems;
}

function fullMatch(pattern: string, text: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(text);
}
