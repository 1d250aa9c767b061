import {
  attributeValue,
  boolean,
  integer,
  list,
  required,
  string,
  structure,
  type Shape,
  type StructureShape,
} from '../shape.js';
import { returnConsumedCapacity, returnValuesOnConditionCheckFailure } from './common.js';

const statement = (): Shape => string({ minLength: 1, maxLength: 8192 });
/** `PreparedStatementParameters`: at least one value (send none rather than `[]`). */
const parameters = (): Shape => list(attributeValue(), { minLength: 1 });

export const executeStatement: StructureShape = structure('ExecuteStatementInput', {
  Statement: required(statement()),
  Parameters: parameters(),
  ConsistentRead: boolean(),
  NextToken: string({ minLength: 1, maxLength: 32768 }),
  ReturnConsumedCapacity: returnConsumedCapacity(),
  Limit: integer({ min: 1 }),
  ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
});

export const batchExecuteStatement: StructureShape = structure('BatchExecuteStatementInput', {
  Statements: required(
    list(
      structure('BatchStatementRequest', {
        Statement: required(statement()),
        Parameters: parameters(),
        ConsistentRead: boolean(),
        ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
      }),
      { minLength: 1, maxLength: 25 },
    ),
  ),
  ReturnConsumedCapacity: returnConsumedCapacity(),
});

export const executeTransaction: StructureShape = structure('ExecuteTransactionInput', {
  TransactStatements: required(
    list(
      structure('ParameterizedStatement', {
        Statement: required(statement()),
        Parameters: parameters(),
        ReturnValuesOnConditionCheckFailure: returnValuesOnConditionCheckFailure(),
      }),
      { minLength: 1, maxLength: 100 },
    ),
  ),
  ClientRequestToken: string({ minLength: 1, maxLength: 36 }),
  ReturnConsumedCapacity: returnConsumedCapacity(),
});
