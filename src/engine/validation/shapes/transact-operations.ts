import { list, optional, required, string, structure, type StructureShape } from '../shape.js';
import {
  attributeMap,
  expression,
  expressionAttributeNames,
  expressionAttributeValues,
  returnConsumedCapacity,
  returnItemCollectionMetrics,
  returnValuesOnConditionCheckFailure,
  tableName,
} from './common.js';

const transactionLength = { minLength: 1, maxLength: 100 };

const conditionCheck = structure('ConditionCheck', {
  Key: required(attributeMap()),
  TableName: required(tableName()),
  ConditionExpression: required(expression()),
  ExpressionAttributeNames: expressionAttributeNames(),
  ExpressionAttributeValues: expressionAttributeValues(),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});

const put = structure('Put', {
  Item: required(attributeMap()),
  TableName: required(tableName()),
  ConditionExpression: expression(),
  ExpressionAttributeNames: expressionAttributeNames(),
  ExpressionAttributeValues: expressionAttributeValues(),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});

const deleteAction = structure('Delete', {
  Key: required(attributeMap()),
  TableName: required(tableName()),
  ConditionExpression: expression(),
  ExpressionAttributeNames: expressionAttributeNames(),
  ExpressionAttributeValues: expressionAttributeValues(),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});

const update = structure('Update', {
  Key: required(attributeMap()),
  UpdateExpression: required(expression()),
  TableName: required(tableName()),
  ConditionExpression: expression(),
  ExpressionAttributeNames: expressionAttributeNames(),
  ExpressionAttributeValues: expressionAttributeValues(),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});

export const transactWriteItems: StructureShape = structure('TransactWriteItemsInput', {
  TransactItems: required(
    list(
      structure('TransactWriteItem', {
        ConditionCheck: optional(conditionCheck),
        Put: optional(put),
        Delete: optional(deleteAction),
        Update: optional(update),
      }),
      transactionLength,
    ),
  ),
  ReturnConsumedCapacity: returnConsumedCapacity(),
  ReturnItemCollectionMetrics: returnItemCollectionMetrics(),
  ClientRequestToken: string({ minLength: 1, maxLength: 36 }),
});

export const transactGetItems: StructureShape = structure('TransactGetItemsInput', {
  TransactItems: required(
    list(
      structure('TransactGetItem', {
        Get: required(
          structure('Get', {
            Key: required(attributeMap()),
            TableName: required(tableName()),
            ProjectionExpression: expression(),
            ExpressionAttributeNames: expressionAttributeNames(),
          }),
        ),
      }),
      transactionLength,
    ),
  ),
  ReturnConsumedCapacity: returnConsumedCapacity(),
});
