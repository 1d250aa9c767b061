import { validationError, type DynamoDBError } from '../errors.js';

/**
 * DynamoDB's messages for malformed attribute values, in one place so that every check
 * answers with the same text. Where DynamoDB Local words a message differently, these
 * follow the DynamoDB service.
 */
export const valueMessages = {
  notANumber: (text: string): string =>
    text === ''
      ? 'The parameter cannot be converted to a numeric value'
      : `The parameter cannot be converted to a numeric value: ${text}`,
  tooManyDigits: 'Attempting to store more than 38 significant digits in a Number',
  overflow: 'Number overflow. Attempting to store a number with magnitude larger than supported range',
  underflow: 'Number underflow. Attempting to store a number with magnitude smaller than supported range',
  emptyValue: 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes',
  severalTypes:
    'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes',
  nullNotTrue: 'One or more parameter values were invalid: Null attribute value types must have the value of true',
  emptyStringSet: 'One or more parameter values were invalid: An string set  may not be empty',
  emptyNumberSet: 'One or more parameter values were invalid: An number set  may not be empty',
  emptyBinarySet: 'One or more parameter values were invalid: Binary sets should not be empty',
  duplicateStrings: (elements: readonly string[]): string =>
    `One or more parameter values were invalid: Input collection [${elements.join(', ')}] contains duplicates.`,
  duplicateNumbers: 'Input collection contains duplicates',
  duplicateBinaries: (elements: readonly string[]): string =>
    `One or more parameter values were invalid: Input collection [${elements.join(', ')}]of type BS contains duplicates.`,
  emptyAttributeName: 'Empty attribute name',
  attributeNameTooLarge: 'Attribute name is too large, must be less than 65536 bytes',
  nestingTooDeep:
    'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit',
  nullAttribute: (name: string): string => `The supplied Item contains a null AttributeValue: ${name} is null`,
  nullExpressionValue: 'The supplied Item contains a null AttributeValue',
  base64LengthNotMultipleOfFour: (length: number): string =>
    `Base64 encoded length is expected a multiple of 4 bytes but found: ${length}`,
  // "dectected" is DynamoDB's spelling.
  base64BadCharacter: 'Invalid last non-pad Base64 character dectected',
  expressionValue: (message: string, key: string): string =>
    `ExpressionAttributeValues contains invalid value: ${message} for key ${key}`,
} as const;

/** A `ValidationException` carrying one of {@link valueMessages}. */
export function invalidValue(message: string): DynamoDBError {
  return validationError(message);
}
