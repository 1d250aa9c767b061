/**
 * Lambda's event filtering for DynamoDB sources (`FilterCriteria`): a record is handed to
 * the function when any filter's pattern matches it. A pattern is a JSON object mirroring
 * the record; each leaf is a list of allowed values or matchers: exact values (strings,
 * numbers, booleans, null), `{ prefix }`, `{ "anything-but": [...] }`, `{ exists }` and
 * `{ numeric: [op, value, …] }`.
 */
export interface FilterCriteria {
  readonly Filters?: readonly { readonly Pattern?: string }[];
}

type Pattern = { [key: string]: Pattern | readonly unknown[] };

function matchesLeaf(value: unknown, allowed: readonly unknown[]): boolean {
  return allowed.some((rule) => {
    if (rule === null || typeof rule !== 'object') return value === rule;
    const matcher = rule as Record<string, unknown>;
    if ('exists' in matcher) return (value !== undefined) === matcher.exists;
    if (value === undefined) return false;
    if ('prefix' in matcher) return typeof value === 'string' && value.startsWith(String(matcher.prefix));
    if ('anything-but' in matcher) {
      const excluded = matcher['anything-but'];
      return !(Array.isArray(excluded) ? excluded : [excluded]).includes(value);
    }
    if ('numeric' in matcher) return matchesNumeric(Number(value), matcher.numeric as unknown[]);
    return false;
  });
}

function matchesNumeric(value: number, conditions: readonly unknown[]): boolean {
  if (Number.isNaN(value)) return false;
  for (let i = 0; i + 1 < conditions.length; i += 2) {
    const bound = Number(conditions[i + 1]);
    const holds = {
      '=': value === bound,
      '<': value < bound,
      '<=': value <= bound,
      '>': value > bound,
      '>=': value >= bound,
    }[String(conditions[i]) as '='];
    if (!holds) return false;
  }
  return true;
}

function matchesPattern(value: unknown, pattern: Pattern): boolean {
  return Object.entries(pattern).every(([key, rule]) => {
    const member = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(rule)) return matchesLeaf(member, rule);
    return member !== undefined && matchesPattern(member, rule as Pattern);
  });
}

/** Whether the record passes the criteria (no criteria: every record does). */
export function passesFilterCriteria(record: unknown, criteria: FilterCriteria | undefined): boolean {
  const filters = criteria?.Filters ?? [];
  if (filters.length === 0) return true;
  return filters.some((filter) => matchesPattern(record, JSON.parse(filter.Pattern ?? '{}') as Pattern));
}
