import { boolean, list, map, required, structure, type StructureShape } from '../shape.js';
import {
  attributeMap,
  attributesToGet,
  expression,
  expressionAttributeNames,
  nameConstraints,
  returnConsumedCapacity,
  returnItemCollectionMetrics,
} from './common.js';

// Table names are the map keys, reported as `Map keys must satisfy constraint: […]`.
const tableNameKeys = nameConstraints;

export const batchGetItem: StructureShape = structure('BatchGetItemInput', {
  ReturnConsumedCapacity: returnConsumedCapacity(),
  RequestItems: required(
    map(
      structure('KeysAndAttributes', {
        Keys: required(list(attributeMap(), { minLength: 1, maxLength: 100, valueLeftOut: true })),
        AttributesToGet: attributesToGet(),
        ConsistentRead: boolean(),
        ProjectionExpression: expression(),
        ExpressionAttributeNames: expressionAttributeNames(),
      }),
      { keys: tableNameKeys },
    ),
  ),
});

const writeRequest = structure('WriteRequest', {
  DeleteRequest: structure('DeleteRequest', { Key: required(attributeMap()) }),
  PutRequest: structure('PutRequest', { Item: required(attributeMap()) }),
});

export const batchWriteItem: StructureShape = structure('BatchWriteItemInput', {
  ReturnConsumedCapacity: returnConsumedCapacity(),
  ReturnItemCollectionMetrics: returnItemCollectionMetrics(),
  RequestItems: required(map(list(writeRequest), { keys: tableNameKeys, values: { minLength: 1, maxLength: 25 } })),
});
