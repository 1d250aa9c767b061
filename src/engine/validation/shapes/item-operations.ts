import { attributeValue, boolean, map, required, string, structure, type StructureShape } from '../shape.js';
import {
  attributeMap,
  attributesToGet,
  conditionalOperator,
  expected,
  expression,
  expressionAttributeNames,
  expressionAttributeValues,
  returnConsumedCapacity,
  returnItemCollectionMetrics,
  returnValues,
  returnValuesOnConditionCheckFailure,
  tableName,
} from './common.js';

export const putItem: StructureShape = structure('PutItemInput', {
  ReturnConsumedCapacity: returnConsumedCapacity(),
  TableName: required(tableName()),
  Item: required(attributeMap()),
  ConditionalOperator: conditionalOperator(),
  Expected: expected(),
  ReturnValues: returnValues(),
  ReturnItemCollectionMetrics: returnItemCollectionMetrics(),
  ConditionExpression: expression(),
  ExpressionAttributeValues: expressionAttributeValues(),
  ExpressionAttributeNames: expressionAttributeNames(),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});

export const getItem: StructureShape = structure('GetItemInput', {
  ReturnConsumedCapacity: returnConsumedCapacity(),
  AttributesToGet: attributesToGet(),
  TableName: required(tableName()),
  Key: required(attributeMap()),
  ConsistentRead: boolean(),
  ProjectionExpression: expression(),
  ExpressionAttributeNames: expressionAttributeNames(),
});

export const deleteItem: StructureShape = structure('DeleteItemInput', {
  ReturnConsumedCapacity: returnConsumedCapacity(),
  TableName: required(tableName()),
  ReturnValues: returnValues(),
  ReturnItemCollectionMetrics: returnItemCollectionMetrics(),
  Key: required(attributeMap()),
  ConditionalOperator: conditionalOperator(),
  Expected: expected(),
  ConditionExpression: expression(),
  ExpressionAttributeValues: expressionAttributeValues(),
  ExpressionAttributeNames: expressionAttributeNames(),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});

export const updateItem: StructureShape = structure('UpdateItemInput', {
  ReturnConsumedCapacity: returnConsumedCapacity(),
  TableName: required(tableName()),
  ReturnItemCollectionMetrics: returnItemCollectionMetrics(),
  ReturnValues: returnValues(),
  Key: required(attributeMap()),
  ConditionalOperator: conditionalOperator(),
  Expected: expected(),
  AttributeUpdates: map(
    structure('AttributeValueUpdate', {
      Action: string({ enum: ['ADD', 'PUT', 'DELETE'] }),
      Value: attributeValue(),
    }),
  ),
  ConditionExpression: expression(),
  UpdateExpression: expression(),
  ExpressionAttributeValues: expressionAttributeValues(),
  ExpressionAttributeNames: expressionAttributeNames(),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});
