import { describe, expect, it } from 'vitest';
import { model } from '../../examples/research-jobs/model.js';
import { type CloudFormationTemplate, cloudFormationTemplate } from '../../src/infra/index.js';
import { templateReferenceProblems } from './support/template-references.js';

/** A template whose sections can be replaced, and added to (with a section CloudFormation does not know). */
type EditableTemplate = { -readonly [K in keyof CloudFormationTemplate]: CloudFormationTemplate[K] } & Record<
  string,
  unknown
>;

/** The research-jobs template (a table, a stream, a conditional mapping) with one change. */
function changed(edit: (template: EditableTemplate) => void): CloudFormationTemplate {
  const template = structuredClone(cloudFormationTemplate(model)) as EditableTemplate;
  edit(template);
  return template;
}

describe('templateReferenceProblems', () => {
  it('finds nothing in a generated template', () => {
    expect(templateReferenceProblems(cloudFormationTemplate(model))).toEqual([]);
  });

  it('finds a Ref, a Fn::GetAtt or a condition that names nothing', () => {
    const template = changed((edited) => {
      const mapping = edited.Resources.JobStatusCountersEventSourceMapping;
      mapping.Properties.FunctionName = { Ref: 'MissingParameter' };
      mapping.Properties.EventSourceArn = { 'Fn::GetAtt': ['MissingTable', 'StreamArn'] };
      mapping.Condition = 'MissingCondition';
    });
    expect(templateReferenceProblems(template)).toEqual([
      'resource JobStatusCountersEventSourceMapping: undeclared condition MissingCondition',
      'Resources.JobStatusCountersEventSourceMapping.Properties.EventSourceArn: Fn::GetAtt of MissingTable, which is no resource',
      'Resources.JobStatusCountersEventSourceMapping.Properties.FunctionName: Ref MissingParameter names nothing',
    ]);
  });

  it('finds a parameter nothing uses', () => {
    const template = changed((edited) => {
      edited.Parameters.Unused = { Type: 'String', Default: '' };
    });
    expect(templateReferenceProblems(template)).toEqual(['parameter Unused is never used']);
  });

  it('finds a condition that refers to a resource, a default its pattern refuses, an unknown section', () => {
    const template = changed((edited) => {
      edited.Conditions = { HasJobStatusCountersFunction: { 'Fn::Equals': [{ Ref: 'ResearchJobsTable' }, ''] } };
      edited.Parameters.TableName.Default = 'no spaces allowed';
      edited.Mapping = {};
    });
    expect(templateReferenceProblems(template)).toEqual([
      'unknown section Mapping',
      'parameter TableName: default "no spaces allowed" does not match [a-zA-Z0-9_.-]{3,255}',
      'Conditions.HasJobStatusCountersFunction.Fn::Equals[0]: Ref ResearchJobsTable names no parameter',
    ]);
  });
});
