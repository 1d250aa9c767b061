import { validationError } from '../errors.js';
import { checkExpressionAttributeMaps } from './expression-attribute-maps.js';
import type { AttributeValue } from '../values/attribute-value.js';
import { javaHashSetCopyOrder } from './java-hash-order.js';

/**
 * The `ExpressionAttributeNames` and `ExpressionAttributeValues` of one request, shared by
 * all its expressions. Lookups mark entries as used, so that once every expression is
 * parsed {@link ExpressionAttributes.assertAllUsed} can reject the leftovers as DynamoDB does.
 *
 * @example
 * const attributes = new ExpressionAttributes(input.ExpressionAttributeNames, input.ExpressionAttributeValues);
 * const condition = parseConditionExpression(input.ConditionExpression, attributes, 'ConditionExpression');
 * attributes.assertAllUsed();
 */
export class ExpressionAttributes {
  private readonly usedNames = new Set<string>();
  private readonly usedValues = new Set<string>();

  /**
   * Throws `ExpressionAttributeNames must not be empty` (resp. `…Values…`) for an empty map,
   * which DynamoDB checks before it parses any expression.
   */
  private readonly names: Readonly<Record<string, string>>;
  private readonly values: Readonly<Record<string, AttributeValue>>;

  /**
   * Throws `ExpressionAttributeNames must not be empty` (resp. `…Values…`) for a present but
   * empty map, and DynamoDB's messages for keys that are not `#name` / `:value` tokens and
   * for empty names; DynamoDB checks all of this before it parses any expression.
   */
  constructor(
    names?: Readonly<Record<string, string>>,
    values?: Readonly<Record<string, AttributeValue>>,
    /** The values as the request spelled them (`1e1`, not `10`), for messages that quote them. */
    private readonly valuesAsSent: Readonly<Record<string, AttributeValue>> = values ?? {},
    /** The caller already ran `checkExpressionAttributeMaps` on these maps (same keys). */
    mapsChecked = false,
  ) {
    if (!mapsChecked) checkExpressionAttributeMaps(names, values);
    this.names = names ?? {};
    this.values = values ?? {};
  }

  /** The value behind `:token` as the request spelled it; does not mark it used. */
  valueAsSent(token: string): AttributeValue | undefined {
    return Object.hasOwn(this.valuesAsSent, token) ? this.valuesAsSent[token] : undefined;
  }

  /** The attribute name behind `#token`, or `undefined` when the request does not define it. */
  resolveName(token: string): string | undefined {
    if (!Object.hasOwn(this.names, token)) return undefined;
    this.usedNames.add(token);
    return this.names[token];
  }

  /** The value behind `:token`, or `undefined` when the request does not define it. */
  resolveValue(token: string): AttributeValue | undefined {
    if (!Object.hasOwn(this.values, token)) return undefined;
    this.usedValues.add(token);
    return this.values[token];
  }

  /**
   * Throws `Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}`
   * (names are checked before values), keys in DynamoDB's order.
   */
  assertAllUsed(): void {
    const nameKeys = Object.keys(this.names);
    const unusedNames = nameKeys.filter((key) => !this.usedNames.has(key));
    if (unusedNames.length > 0) {
      throw validationError(
        `Value provided in ExpressionAttributeNames unused in expressions: keys: {${javaHashSetCopyOrder(nameKeys, unusedNames).join(', ')}}`,
      );
    }
    const valueKeys = Object.keys(this.values);
    const unusedValues = valueKeys.filter((key) => !this.usedValues.has(key));
    if (unusedValues.length > 0) {
      throw validationError(
        `Value provided in ExpressionAttributeValues unused in expressions: keys: {${javaHashSetCopyOrder(valueKeys, unusedValues).join(', ')}}`,
      );
    }
  }
}
