/**
 * Reading a failed conditional write: whether an error is DynamoDB's ConditionalCheckFailed, and
 * the stored item it returned (`ReturnValuesOnConditionCheckFailure: ALL_OLD`). The DocumentClient
 * does not unmarshall exception payloads, so the top-level scalars needed for diagnosis (state,
 * version) are read here.
 */
export function isConditionalCheckFailed(error: unknown): error is Error & { Item?: Record<string, unknown> } {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The item returned with a failed condition, with scalar attributes unmarshalled; undefined if none. */
export function failedConditionItem(error: { Item?: Record<string, unknown> }): Record<string, unknown> | undefined {
  const item = error.Item;
  if (!item || typeof item !== 'object' || Object.keys(item).length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) out[name] = scalarOf(value);
  return out;
}

function scalarOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const attribute = value as { S?: string; N?: string; BOOL?: boolean; NULL?: boolean };
  if (attribute.S !== undefined) return attribute.S;
  if (attribute.N !== undefined) return numberOf(attribute.N, value);
  if (attribute.BOOL !== undefined) return attribute.BOOL;
  if (attribute.NULL) return null;
  return value;
}

/**
 * A number as the DocumentClient reads it with its default options, so the diagnosed item holds
 * the values a consistent read would return: a `number` while that is exact for integers, a
 * `bigint` beyond `Number.MAX_SAFE_INTEGER`. A number neither can hold (`1E+40`, which the
 * DocumentClient refuses to read) stays the attribute value it came as, rather than a rounded one.
 */
function numberOf(text: string, attribute: unknown): unknown {
  const number = Number(text);
  if (!Number.isFinite(number) || Math.abs(number) <= Number.MAX_SAFE_INTEGER) return number;
  try {
    return BigInt(text);
  } catch {
    return attribute;
  }
}
