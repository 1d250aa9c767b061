/**
 * The request hash is stored with each ClientRequestToken, so a faster way of building
 * the canonical JSON must give the very text it always gave: this is that text's first
 * definition (sorted keys, undefined members left out, as Array.join writes holes).
 */
export function referenceStableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((element) => referenceStableJson(element) ?? '').join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${referenceStableJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
