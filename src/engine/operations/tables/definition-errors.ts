import { invalidParameterValue, validationError, type DynamoDBError } from '../../errors.js';
import type {
  AttributeDefinitionInput,
  BillingMode,
  IndexInput,
  KeySchemaElementInput,
  ProvisionedThroughputInput,
  TableSchemaInput,
} from './wire-types.js';

/*
 * The semantic checks DynamoDB makes on table and index definitions once the request
 * shape is valid, in DynamoDB's order and with its messages.
 */

/** DynamoDB's upper bound for one capacity value. */
const largestCapacityUnits = 1_000_000_000_000;
const largestLocalIndexCount = 5;
const largestGlobalIndexCount = 20;

function names(list: readonly { AttributeName: string }[]): string[] {
  return list.map((element) => element.AttributeName);
}

/** Billing mode against throughput, for a table or for UpdateTable's target mode. */
export function throughputError(
  billingMode: BillingMode,
  throughput: ProvisionedThroughputInput | undefined,
): DynamoDBError | undefined {
  if (billingMode === 'PAY_PER_REQUEST') {
    if (throughput) {
      return invalidParameterValue(
        'Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
      );
    }
    return undefined;
  }
  if (!throughput?.ReadCapacityUnits || !throughput.WriteCapacityUnits) {
    return invalidParameterValue(
      'ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED',
    );
  }
  return capacityBoundsError(throughput);
}

export function capacityBoundsError(throughput: ProvisionedThroughputInput): DynamoDBError | undefined {
  if (throughput.ReadCapacityUnits > largestCapacityUnits) {
    return validationError(`Given value ${throughput.ReadCapacityUnits} for ReadCapacityUnits is out of bounds`);
  }
  if (throughput.WriteCapacityUnits > largestCapacityUnits) {
    return validationError(`Given value ${throughput.WriteCapacityUnits} for WriteCapacityUnits is out of bounds`);
  }
  return undefined;
}

/** HASH first, RANGE second, distinct names. */
function keySchemaOrderError(keySchema: readonly KeySchemaElementInput[]): DynamoDBError | undefined {
  if (keySchema[1] && keySchema[0].AttributeName === keySchema[1].AttributeName) {
    return validationError('Both the Hash Key and the Range Key element in the KeySchema have the same name');
  }
  if (keySchema[0].KeyType !== 'HASH') {
    return validationError('Invalid KeySchema: The first KeySchemaElement is not a HASH key type');
  }
  if (keySchema[1] && keySchema[1].KeyType !== 'RANGE') {
    return validationError('Invalid KeySchema: The second KeySchemaElement is not a RANGE key type');
  }
  return undefined;
}

/** DynamoDB's limit on each kind of GSI key element (multi-attribute keys). */
const largestGlobalKeyAttributeCount = 4;

/**
 * A GSI KeySchema: 1–4 HASH elements, then 0–4 RANGE elements, distinct names. A plain
 * HASH + RANGE schema keeps the table's wording for a repeated name.
 */
function globalKeySchemaError(keySchema: readonly KeySchemaElementInput[]): DynamoDBError | undefined {
  const twoElementOrder = keySchema.length <= 2 && keySchema[1]?.KeyType !== 'HASH';
  if (twoElementOrder) return keySchemaOrderError(keySchema);
  if (new Set(names(keySchema)).size !== keySchema.length) {
    return validationError('The KeySchema contains multiple key attributes with the same name');
  }
  if (keySchema[0].KeyType !== 'HASH') {
    return validationError('Invalid KeySchema: The first KeySchemaElement is not a HASH key type');
  }
  const firstRange = keySchema.findIndex((element) => element.KeyType === 'RANGE');
  if (firstRange >= 0 && keySchema.slice(firstRange).some((element) => element.KeyType === 'HASH')) {
    return validationError('All HASH key attributes must precede RANGE key attributes in the KeySchema');
  }
  const hashCount = keySchema.filter((element) => element.KeyType === 'HASH').length;
  if (hashCount > largestGlobalKeyAttributeCount) {
    return validationError('The KeySchema exceeds the maximum allowed number of HASH key attributes');
  }
  if (keySchema.length - hashCount > largestGlobalKeyAttributeCount) {
    return validationError('The KeySchema exceeds the maximum allowed number of RANGE key attributes');
  }
  return undefined;
}

function undefinedKeysError(
  keySchema: readonly KeySchemaElementInput[],
  definitions: readonly AttributeDefinitionInput[],
): DynamoDBError | undefined {
  const defined = names(definitions);
  const keys = names(keySchema);
  if (keys.some((key) => !defined.includes(key))) {
    return invalidParameterValue(
      `Some index key attributes are not defined in AttributeDefinitions. Keys: [${keys.join(', ')}], AttributeDefinitions: [${defined.join(', ')}]`,
    );
  }
  return undefined;
}

/** Projection rules shared by every index. */
export function projectionError(index: IndexInput): DynamoDBError | undefined {
  const projection = index.Projection;
  if (projection.ProjectionType === undefined) return invalidParameterValue('Unknown ProjectionType: null');
  if (projection.NonKeyAttributes && projection.ProjectionType !== 'INCLUDE') {
    return invalidParameterValue(`ProjectionType is ${projection.ProjectionType}, but NonKeyAttributes is specified`);
  }
  if (projection.ProjectionType === 'INCLUDE' && !projection.NonKeyAttributes?.length) {
    return validationError(
      'If Projection type INCLUDE is specified, some non-key attributes to include in the projection must be specified as well',
    );
  }
  const included = projection.NonKeyAttributes ?? [];
  if (new Set(included).size !== included.length)
    return validationError('Cannot have two attributes with the same name');
  return undefined;
}

/** One GSI definition (CreateTable, or UpdateTable's Create), against the table's billing mode. */
export function globalIndexError(
  index: IndexInput,
  definitions: readonly AttributeDefinitionInput[],
  billingMode: BillingMode,
): DynamoDBError | undefined {
  const error =
    undefinedKeysError(index.KeySchema, definitions) ?? globalKeySchemaError(index.KeySchema) ?? projectionError(index);
  if (error) return error;
  if (billingMode === 'PAY_PER_REQUEST' && index.ProvisionedThroughput) {
    return invalidParameterValue(
      `ProvisionedThroughput should not be specified for index: ${index.IndexName} when BillingMode is PAY_PER_REQUEST`,
    );
  }
  if (billingMode === 'PROVISIONED') {
    if (!index.ProvisionedThroughput) {
      return invalidParameterValue(`ProvisionedThroughput must be specified for index: ${index.IndexName}`);
    }
    return capacityBoundsError(index.ProvisionedThroughput);
  }
  return undefined;
}

/** The first definition error of a CreateTable request, as DynamoDB reports it. */
export function createTableDefinitionError(input: TableSchemaInput): DynamoDBError | undefined {
  const billingMode = input.BillingMode ?? 'PROVISIONED';
  const definitions = input.AttributeDefinitions;
  const keySchema = input.KeySchema;

  const throughput = throughputError(billingMode, input.ProvisionedThroughput);
  if (throughput) return throughput;
  if (keySchema.length > definitions.length) {
    return validationError('Invalid KeySchema: Some index key attribute have no definition');
  }
  const tableKeys = undefinedKeysError(keySchema, definitions) ?? keySchemaOrderError(keySchema);
  if (tableKeys) return tableKeys;
  if (new Set(names(definitions)).size !== definitions.length) {
    return validationError('Cannot have two attributes with the same name');
  }
  const locals = input.LocalSecondaryIndexes;
  const globals = input.GlobalSecondaryIndexes;
  if (!locals && !globals && keySchema.length !== definitions.length) {
    return invalidParameterValue(
      'Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions',
    );
  }
  const indexNames = new Set<string>();
  if (locals) {
    if (locals.length === 0) return invalidParameterValue('List of LocalSecondaryIndexes is empty');
    if (keySchema.length !== 2) {
      return invalidParameterValue(
        'Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex',
      );
    }
    const tableHash = keySchema[0].AttributeName;
    for (const index of locals) {
      const error = undefinedKeysError(index.KeySchema, definitions) ?? keySchemaOrderError(index.KeySchema);
      if (error) return error;
      if (index.KeySchema.length !== 2) {
        return invalidParameterValue(`Index KeySchema does not have a range key for index: ${index.IndexName}`);
      }
      const indexHash = index.KeySchema[0].AttributeName;
      if (indexHash !== tableHash) {
        return invalidParameterValue(
          `Index KeySchema does not have the same leading hash key as table KeySchema for index: ${index.IndexName}. index hash key: ${indexHash}, table hash key: ${tableHash}`,
        );
      }
      const indexError = projectionError(index) ?? duplicateIndexNameError(indexNames, index.IndexName);
      if (indexError) return indexError;
    }
    if (locals.length > largestLocalIndexCount) {
      return invalidParameterValue(
        `Number of LocalSecondaryIndexes exceeds per-table limit of ${largestLocalIndexCount}`,
      );
    }
  }
  if (globals) {
    if (globals.length === 0) return invalidParameterValue('List of GlobalSecondaryIndexes is empty');
    for (const index of globals) {
      const error =
        globalIndexError(index, definitions, billingMode) ?? duplicateIndexNameError(indexNames, index.IndexName);
      if (error) return error;
    }
    if (globals.length > largestGlobalIndexCount) {
      return invalidParameterValue(
        `GlobalSecondaryIndex count exceeds the per-table limit of ${largestGlobalIndexCount}`,
      );
    }
  }
  return unusedDefinitionsError(definitions, [
    keySchema,
    ...(locals ?? []).map((i) => i.KeySchema),
    ...(globals ?? []).map((i) => i.KeySchema),
  ]);
}

/** A name already taken by another index of the table (local or global); else remembers it. */
function duplicateIndexNameError(indexNames: Set<string>, name: string): DynamoDBError | undefined {
  if (indexNames.has(name)) return invalidParameterValue(`Duplicate index name: ${name}`);
  indexNames.add(name);
  return undefined;
}

/** Every attribute definition must be used by a key schema. */
export function unusedDefinitionsError(
  definitions: readonly AttributeDefinitionInput[],
  keySchemas: readonly (readonly KeySchemaElementInput[])[],
): DynamoDBError | undefined {
  const used = [...new Set(keySchemas.flatMap((schema) => names(schema)))];
  const defined = names(definitions);
  if (defined.every((name) => used.includes(name))) return undefined;
  return invalidParameterValue(
    `Some AttributeDefinitions are not used. AttributeDefinitions: [${defined.join(', ')}], keys used: [${used.join(', ')}]`,
  );
}
