/**
 * Attribute values: validation, exact decimal numbers, DynamoDB's orderings and sizes.
 * See docs/engine-internals.md for the contract these exports keep.
 */
export * from './attribute-value.js';
export {
  validateItemValues,
  validateAttributeValue,
  validateStandaloneValue,
  maximumNestingLevels,
} from './validate-attribute-value.js';
export type { ValidateItemOptions } from './validate-attribute-value.js';
export {
  canonicalizeNumber,
  addNumbers,
  subtractNumbers,
  compareNumbers,
  parseNumber,
  parseNumberSyntax,
  formatNumber,
  maximumSignificantDigits,
  maximumExponent,
  minimumExponent,
} from './numbers.js';
export type { ParsedNumber } from './numbers.js';
export { compareValues, compareStrings, compareBinaries } from './compare-values.js';
export { valuesEqual } from './values-equal.js';
export { inSetOrder } from './set-order.js';
export type { SetType } from './set-order.js';
export { attributeValueSize, itemSize, numberSize, maximumItemSize } from './item-size.js';
export { encodeKeyValue, encodeNumberKey } from './encode-key-value.js';
export { decodeBase64, isValidBase64 } from './base64.js';
export { valueMessages } from './value-errors.js';
