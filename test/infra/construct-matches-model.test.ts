import { describe, expect, it } from 'vitest';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Construct } from 'constructs';
import { MonotableTable } from '../../src/infra/cdk/monotable-table.js';
import { cdkConstructSource, cloudFormationTemplate } from '../../src/infra/index.js';
import type { GlobalIndexDefinition, ModelDefinition } from '../../src/model/index.js';
import { attributeIndexKeys, isAttributeIndex } from '../../src/model/attribute-index.js';
import { models } from './support/models.js';
import {
  cloudFormationTable,
  evaluateSource,
  onlyTable,
  streamHandlerResources,
  synthesize,
} from './support/synthesize.js';

type TableResource = ReturnType<typeof onlyTable>;

/** What the model says the table is, checked field by field straight from `model.table`. */
function expectMatchesModel(resource: TableResource, model: ModelDefinition): void {
  const { table } = model;
  const properties = resource.Properties as Record<string, any>;
  expect(properties.TableName).toBe(table.name);
  expect(properties.KeySchema).toEqual([
    { AttributeName: table.partitionKey, KeyType: 'HASH' },
    { AttributeName: table.sortKey, KeyType: 'RANGE' },
  ]);
  const keyTypes = new Map([
    [table.partitionKey, 'S'],
    [table.sortKey, 'S'],
  ]);
  for (const index of Object.values(table.indexes)) {
    for (const { name, type } of [...modelIndexKeys(index).partition, ...modelIndexKeys(index).sort])
      keyTypes.set(name, type);
  }
  expect(properties.AttributeDefinitions).toHaveLength(keyTypes.size);
  expect(properties.AttributeDefinitions).toEqual(
    expect.arrayContaining([...keyTypes].map(([name, type]) => ({ AttributeName: name, AttributeType: type }))),
  );

  if (table.billingMode.mode === 'PAY_PER_REQUEST') {
    expect(properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(properties.ProvisionedThroughput).toBeUndefined();
  } else {
    expect(properties.ProvisionedThroughput).toEqual({
      ReadCapacityUnits: table.billingMode.readCapacityUnits,
      WriteCapacityUnits: table.billingMode.writeCapacityUnits,
    });
  }
  expect(properties.PointInTimeRecoverySpecification).toEqual({
    PointInTimeRecoveryEnabled: table.pointInTimeRecovery,
  });
  expect(properties.TimeToLiveSpecification).toEqual(
    table.timeToLiveAttribute ? { AttributeName: table.timeToLiveAttribute, Enabled: true } : undefined,
  );
  expect(properties.StreamSpecification).toEqual(table.stream ? { StreamViewType: table.stream.viewType } : undefined);

  const indexes = Object.entries(table.indexes);
  expect(properties.GlobalSecondaryIndexes ?? []).toHaveLength(indexes.length);
  for (const [name, index] of indexes) {
    const declared = (properties.GlobalSecondaryIndexes as any[]).find((candidate) => candidate.IndexName === name);
    const { partition, sort } = modelIndexKeys(index);
    expect(declared?.KeySchema).toEqual([
      ...partition.map(({ name }) => ({ AttributeName: name, KeyType: 'HASH' })),
      ...sort.map(({ name }) => ({ AttributeName: name, KeyType: 'RANGE' })),
    ]);
    expect(declared?.Projection).toEqual(
      index.projection.type === 'INCLUDE'
        ? { ProjectionType: 'INCLUDE', NonKeyAttributes: index.projection.attributes }
        : { ProjectionType: index.projection.type },
    );
  }
  expect(resource.DeletionPolicy).toBe('Retain');
  expect(resource.UpdateReplacePolicy).toBe('Retain');
}

/** An index's key attributes read straight from the model declaration. */
function modelIndexKeys(index: GlobalIndexDefinition): {
  partition: { name: string; type: string }[];
  sort: { name: string; type: string }[];
} {
  if (isAttributeIndex(index)) return attributeIndexKeys(index);
  return {
    partition: [{ name: index.partitionKey, type: 'S' }],
    sort: index.sortKey ? [{ name: index.sortKey, type: 'S' }] : [],
  };
}

describe.each(Object.entries(models))('infrastructure of %s', (_, model) => {
  const cloudFormation = cloudFormationTable(cloudFormationTemplate(model));

  it('CloudFormation declares the table as the model says', () => {
    expectMatchesModel(cloudFormation, model);
  });

  it('the generated CDK construct synthesizes exactly the CloudFormation resource', () => {
    const generated = evaluateSource(cdkConstructSource(model));
    const className = Object.keys(generated).find((name) => name.endsWith('Table'))!;
    const Generated = generated[className] as new (scope: Construct, id: string) => Construct;
    const template = synthesize((stack: Stack) => new Generated(stack, 'Data'));
    expectMatchesModel(onlyTable(template), model);
    expect(onlyTable(template)).toEqual(cloudFormation);
  });

  it('the generated stack holds the same table and exports its name and ARN (and stream ARN)', () => {
    const generated = evaluateSource(cdkConstructSource(model, { className: 'DataTable' }));
    const DataStack = generated.DataDataStack as new (scope: Construct, id: string) => Stack;
    const template = Template.fromStack(new DataStack(new App(), 'Data'));
    expect(onlyTable(template)).toEqual(cloudFormation);
    expect(Object.keys(template.findOutputs('*'))).toEqual([
      'TableName',
      'TableArn',
      ...(model.table.stream ? ['StreamArn'] : []),
    ]);
  });

  it('the MonotableTable construct synthesizes exactly the CloudFormation resource', () => {
    const template = synthesize((stack) => new MonotableTable(stack, 'Data', { model }));
    expect(onlyTable(template)).toEqual(cloudFormation);
  });

  const handlers = Object.entries(model.table.stream?.handlers ?? {});
  // Only for a model that declares stream handlers (registered, not skipped, for the others).
  if (handlers.length > 0)
    it('each stream handler is a function fed by the stream, with the mapping CloudFormation declares, in both CDK forms', () => {
      const template = cloudFormationTemplate(model);
      const generated = evaluateSource(cdkConstructSource(model));
      const Generated = generated[Object.keys(generated).find((name) => name.endsWith('Table'))!] as new (
        scope: Construct,
        id: string,
      ) => Construct;
      const fromSource = streamHandlerResources(synthesize((stack) => new Generated(stack, 'Data')));
      const fromConstruct = streamHandlerResources(synthesize((stack) => new MonotableTable(stack, 'Data', { model })));
      expect(fromConstruct).toEqual(fromSource);
      expect(fromSource).toHaveLength(handlers.length);
      for (const [[name, declared], synthesized] of handlers.map((handler, i) => [handler, fromSource[i]] as const)) {
        const id = `${name[0].toUpperCase()}${name.slice(1)}`;
        expect(synthesized.logicalId).toMatch(new RegExp(`^Data${id}Handler[0-9A-F]{8}$`));
        const mapping = template.Resources[`${id}EventSourceMapping`];
        expect(mapping.Type).toBe('AWS::Lambda::EventSourceMapping');
        const { EventSourceArn, FunctionName, ...settings } = mapping.Properties;
        expect(synthesized.mapping).toEqual(settings);
        expect(FunctionName).toEqual({ Ref: `${id}FunctionArn` });
        expect(EventSourceArn).toEqual({ 'Fn::GetAtt': [Object.keys(template.Resources)[0], 'StreamArn'] });
        expect(synthesized.function).toMatchObject({
          Handler: `index.${declared.handler ?? 'handler'}`,
          Runtime: 'nodejs24.x',
          MemorySize: declared.memorySize ?? 256,
          Timeout: declared.timeoutSeconds ?? 30,
        });
        expect(Object.keys(synthesized.function.Environment.Variables)).toEqual(['TABLE_NAME']);
        expect(synthesized.streamActions).toEqual(
          expect.arrayContaining([
            'dynamodb:DescribeStream',
            'dynamodb:GetRecords',
            'dynamodb:GetShardIterator',
            'dynamodb:ListStreams',
          ]),
        );
      }
    }, 120_000);
});
