import {
  attributeValue,
  boolean,
  list,
  long,
  map,
  optional,
  required,
  string,
  structure,
  type Shape,
  type StringConstraints,
} from '../shape.js';

/** Table and index names: 3–255 characters of `[a-zA-Z0-9_.-]`. */
export const nameConstraints: StringConstraints = { pattern: '[a-zA-Z0-9_.-]+', minLength: 3, maxLength: 255 };
export const tableName = (): Shape => string(nameConstraints);
export const indexName = (): Shape => string(nameConstraints);
/** Key attribute names and projected attribute names. */
export const keyAttributeName = (): Shape => string({ minLength: 1, maxLength: 255 });

export const returnConsumedCapacity = (): Shape => string({ enum: ['INDEXES', 'TOTAL', 'NONE'] });
export const returnItemCollectionMetrics = (): Shape => string({ enum: ['SIZE', 'NONE'] });
export const returnValues = (): Shape => string({ enum: ['ALL_NEW', 'UPDATED_OLD', 'ALL_OLD', 'NONE', 'UPDATED_NEW'] });
export const returnValuesOnConditionCheckFailure = (): Shape => string({ enum: ['ALL_OLD', 'NONE'] });
export const conditionalOperator = (): Shape => string({ enum: ['OR', 'AND'] });
export const select = (): Shape =>
  string({ enum: ['SPECIFIC_ATTRIBUTES', 'COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES'] });
const comparisonOperators = [
  'IN',
  'NULL',
  'BETWEEN',
  'LT',
  'NOT_CONTAINS',
  'EQ',
  'GT',
  'NOT_NULL',
  'NE',
  'LE',
  'BEGINS_WITH',
  'GE',
  'CONTAINS',
];
export const comparisonOperator = (): Shape => string({ enum: comparisonOperators });

/** An item, a key or `ExpressionAttributeValues`: attribute name → AttributeValue. */
export const attributeMap = (): Shape => map(attributeValue());
export const expressionAttributeNames = (): Shape => map(string());
export const expressionAttributeValues = (): Shape => map(attributeValue());
export const expression = (): Shape => string();
export const attributesToGet = (): Shape => list(string(), { minLength: 1, maxLength: 255 });

/** Legacy `Expected` (conditional writes). */
export const expected = (): Shape =>
  map(
    structure('ExpectedAttributeValue', {
      AttributeValueList: list(attributeValue()),
      ComparisonOperator: string({ enum: comparisonOperators }),
      Exists: boolean(),
      Value: attributeValue(),
    }),
  );

/** Legacy `KeyConditions`, `QueryFilter`, `ScanFilter`. */
export const conditions = (): Shape =>
  map(
    structure('Condition', {
      AttributeValueList: optional(list(attributeValue())),
      ComparisonOperator: required(comparisonOperator()),
    }),
  );

/**
 * A KeySchema. The service model dropped its `max: 2` when GSIs gained multi-attribute
 * keys (up to 4 HASH and 4 RANGE elements, checked with the definition); tables and LSIs
 * still answer a third element with the length constraint, so they pass `maxLength: 2`.
 */
export const keySchema = (options: { maxLength?: number } = {}): Shape =>
  list(
    structure('KeySchemaElement', {
      AttributeName: required(keyAttributeName()),
      KeyType: required(string({ enum: ['HASH', 'RANGE'] })),
    }),
    { minLength: 1, ...options },
  );

export const projection = (): Shape =>
  structure('Projection', {
    ProjectionType: string({ enum: ['ALL', 'INCLUDE', 'KEYS_ONLY'] }),
    NonKeyAttributes: list(keyAttributeName(), { minLength: 1, maxLength: 20 }),
  });

export const provisionedThroughput = (): Shape =>
  structure('ProvisionedThroughput', {
    WriteCapacityUnits: required(long({ min: 1 })),
    ReadCapacityUnits: required(long({ min: 1 })),
  });

export const onDemandThroughput = (): Shape =>
  structure('OnDemandThroughput', { MaxReadRequestUnits: long(), MaxWriteRequestUnits: long() });

export const attributeDefinitions = (): Shape =>
  list(
    structure('AttributeDefinition', {
      AttributeName: required(keyAttributeName()),
      AttributeType: required(string({ enum: ['B', 'N', 'S'] })),
    }),
  );

export const streamSpecification = (): Shape =>
  structure('StreamSpecification', {
    StreamEnabled: required(boolean()),
    StreamViewType: string({ enum: ['NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES', 'KEYS_ONLY'] }),
  });

export const sseSpecification = (): Shape =>
  structure('SSESpecification', {
    Enabled: boolean(),
    SSEType: string({ enum: ['AES256', 'KMS'] }),
    KMSMasterKeyId: string(),
  });

export const tableClass = (): Shape => string({ enum: ['STANDARD', 'STANDARD_INFREQUENT_ACCESS'] });
export const billingMode = (): Shape => string({ enum: ['PROVISIONED', 'PAY_PER_REQUEST'] });

export const tags = (): Shape =>
  list(
    structure('Tag', {
      Key: required(string({ minLength: 1, maxLength: 128 })),
      Value: required(string({ minLength: 0, maxLength: 256 })),
    }),
  );

export const resourceArn = (): Shape => string({ minLength: 1, maxLength: 1283 });
