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
  if (attribute.N !== undefined) return Number(attribute.N);
  if (attribute.BOOL !== undefined) return attribute.BOOL;
  if (attribute.NULL) return null;
  return value;
}
