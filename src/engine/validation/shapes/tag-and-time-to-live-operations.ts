import { boolean, integer, list, required, string, structure, type StructureShape } from '../shape.js';
import { keyAttributeName, resourceArn, tableName, tags } from './common.js';

export const tagResource: StructureShape = structure('TagResourceInput', {
  ResourceArn: required(resourceArn()),
  Tags: required(tags()),
});

export const untagResource: StructureShape = structure('UntagResourceInput', {
  ResourceArn: required(resourceArn()),
  TagKeys: required(list(string({ minLength: 1, maxLength: 128 }))),
});

export const listTagsOfResource: StructureShape = structure('ListTagsOfResourceInput', {
  ResourceArn: required(resourceArn()),
  NextToken: string(),
});

export const updateTimeToLive: StructureShape = structure('UpdateTimeToLiveInput', {
  TableName: required(tableName()),
  TimeToLiveSpecification: required(
    structure('TimeToLiveSpecification', {
      Enabled: required(boolean()),
      AttributeName: required(keyAttributeName()),
    }),
  ),
});

export const describeTimeToLive: StructureShape = structure('DescribeTimeToLiveInput', {
  TableName: required(tableName()),
});

export const describeEndpoints: StructureShape = structure('DescribeEndpointsRequest', {});

export const describeContinuousBackups: StructureShape = structure('DescribeContinuousBackupsInput', {
  TableName: required(tableName()),
});

export const updateContinuousBackups: StructureShape = structure('UpdateContinuousBackupsInput', {
  TableName: required(tableName()),
  PointInTimeRecoverySpecification: required(
    structure('PointInTimeRecoverySpecification', {
      PointInTimeRecoveryEnabled: required(boolean()),
      RecoveryPeriodInDays: integer({ min: 1, max: 35 }),
    }),
  ),
});
