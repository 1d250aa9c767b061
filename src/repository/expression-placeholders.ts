/**
 * Writes the placeholders of an expression a repository builds: collects `ExpressionAttributeNames`
 * and `ExpressionAttributeValues` (the engine's `ExpressionAttributes` is the reader that resolves them),
 * so every attribute name goes through `#n…` (reserved words such as `status` need it) and every
 * value through `:v…`.
 */
export class ExpressionPlaceholders {
  private readonly names: Record<string, string> = {};
  private readonly values: Record<string, unknown> = {};
  private readonly nameTokens = new Map<string, string>();
  private valueCount = 0;

  name(attribute: string): string {
    let token = this.nameTokens.get(attribute);
    if (!token) {
      token = `#n${this.nameTokens.size}`;
      this.nameTokens.set(attribute, token);
      this.names[token] = attribute;
    }
    return token;
  }

  value(value: unknown): string {
    const token = `:v${this.valueCount++}`;
    this.values[token] = value;
    return token;
  }

  /** The maps to spread into a command input (omitted when empty, as DynamoDB requires). */
  toInput(): {
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** `where: { title: 'x', rank: 2 }` → `#n0 = :v0 AND #n1 = :v1`. */
export function equalityConditions(
  attributes: ExpressionPlaceholders,
  where: Readonly<Record<string, unknown>> | undefined,
): string[] {
  if (!where) return [];
  return Object.entries(where).map(([name, value]) =>
    value === undefined
      ? `attribute_not_exists(${attributes.name(name)})`
      : `${attributes.name(name)} = ${attributes.value(value)}`,
  );
}
