import { unusedExpressionAttributes } from '../errors.js';
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
  private readonly usedNames = new UsedKeys();
  private readonly usedValues = new UsedKeys();

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
    this.usedNames.mark(this.names, token);
    return this.names[token];
  }

  /** The value behind `:token`, or `undefined` when the request does not define it. */
  resolveValue(token: string): AttributeValue | undefined {
    if (!Object.hasOwn(this.values, token)) return undefined;
    this.usedValues.mark(this.values, token);
    return this.values[token];
  }

  /**
   * Throws `Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}`
   * (names are checked before values), keys in DynamoDB's order.
   */
  assertAllUsed(): void {
    // The usual request uses every key: the key lists are only built for the message.
    if (!this.usedNames.allMarked(this.names)) {
      const nameKeys = Object.keys(this.names);
      const unusedNames = nameKeys.filter((key) => !this.usedNames.isMarked(this.names, key));
      throw unusedExpressionAttributes('ExpressionAttributeNames', javaHashSetCopyOrder(nameKeys, unusedNames));
    }
    if (!this.usedValues.allMarked(this.values)) {
      const valueKeys = Object.keys(this.values);
      const unusedValues = valueKeys.filter((key) => !this.usedValues.isMarked(this.values, key));
      throw unusedExpressionAttributes('ExpressionAttributeValues', javaHashSetCopyOrder(valueKeys, unusedValues));
    }
  }
}

/**
 * Which own keys of one map were used. Every request with an expression builds two of
 * these, so the usual small map is tracked by one bit per key position (the order of
 * `for…in`, the same on every walk of an unchanged map): no Set to allocate. Keys past
 * the bits go to a Set.
 */
class UsedKeys {
  private bits = 0;
  private overflow: Set<string> | undefined;
  /**
   * Whether the map has more own keys than bits: then every marked key goes to the Set and
   * no position is looked for. Finding a position walks the map with `for…in`, and V8
   * lists all the keys of a large map before the first step, so looking one up per
   * use made a request with 300,000 `:values` take minutes.
   */
  private large: boolean | undefined;

  private isLarge(map: Readonly<Record<string, unknown>>): boolean {
    if (this.large === undefined) this.large = ownKeyCount(map) > BIT_POSITIONS;
    return this.large;
  }

  /** Marks `key`, an own key of `map` (always the same map for one tracker). */
  mark(map: Readonly<Record<string, unknown>>, key: string): void {
    if (this.isLarge(map)) {
      if (Object.hasOwn(map, key)) (this.overflow ??= new Set()).add(key);
      return;
    }
    const position = keyPosition(map, key);
    if (position >= 0) this.bits |= 1 << position;
  }

  isMarked(map: Readonly<Record<string, unknown>>, key: string): boolean {
    if (this.isLarge(map)) return Object.hasOwn(map, key) && this.overflow?.has(key) === true;
    const position = keyPosition(map, key);
    return position >= 0 && (this.bits & (1 << position)) !== 0;
  }

  /** Whether every own key of `map` is marked. */
  allMarked(map: Readonly<Record<string, unknown>>): boolean {
    // Only own keys are marked, so all are when there are as many marks as keys.
    if (this.isLarge(map)) return (this.overflow?.size ?? 0) === ownKeyCount(map);
    let position = 0;
    for (const key in map) {
      if (!Object.hasOwn(map, key)) continue;
      const marked = position < BIT_POSITIONS ? (this.bits & (1 << position)) !== 0 : this.overflow?.has(key) === true;
      if (!marked) return false;
      position++;
    }
    return true;
  }
}

/** Bits 0–30 of a small integer. */
const BIT_POSITIONS = 31;

function ownKeyCount(map: Readonly<Record<string, unknown>>): number {
  let count = 0;
  for (const key in map) if (Object.hasOwn(map, key)) count++;
  return count;
}

/** The position of own key `key` among the own keys of `map`, as `for…in` walks them (-1: absent). */
function keyPosition(map: Readonly<Record<string, unknown>>, key: string): number {
  let position = 0;
  for (const each in map) {
    if (!Object.hasOwn(map, each)) continue;
    if (each === key) return position;
    position++;
  }
  return -1;
}
