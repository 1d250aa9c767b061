/**
 * The conformance corpus runner's normalization rules, applied to both answers before
 * they are compared (table names need no placeholders here: both endpoints get the same).
 */

type Json = unknown;
type Body = Record<string, Json>;

/** Table-description members that are timestamps, identifiers or periodically refreshed statistics. */
const VOLATILE = new Set([
  'CreationDateTime',
  'LastIncreaseDateTime',
  'LastDecreaseDateTime',
  'LastUpdateToPayPerRequestDateTime',
  'LastUpdateDateTime',
  'LatestStreamArn',
  'LatestStreamLabel',
  'TableSizeBytes',
  'IndexSizeBytes',
  'ItemCount',
  'TableId',
  'WarmThroughput',
]);
const ARN_MEMBERS = new Set(['TableArn', 'IndexArn']);
const ARN_PREFIX = /^arn:aws[a-z-]*:dynamodb:[^:]*:[^:]*:/;
/** Lists in a table description whose order carries no meaning, and the member they are sorted by. */
const UNORDERED_LISTS: Record<string, string | null> = {
  AttributeDefinitions: 'AttributeName',
  GlobalSecondaryIndexes: 'IndexName',
  LocalSecondaryIndexes: 'IndexName',
  NonKeyAttributes: null,
};
const TABLE_LEVEL = new Set(['CreateTable', 'UpdateTable', 'DeleteTable', 'UpdateTimeToLive']);

/** A canonical string for a JSON value (object keys sorted), used to sort multisets. */
export function stable(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Body)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sortByStable<T>(values: readonly T[]): T[] {
  return values
    .map((value) => [stable(value), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value);
}

/** String, number and binary sets compare regardless of element order. */
export function sortSets(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortSets);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const only = keys[0];
    const members = (value as Body)[only];
    if (keys.length === 1 && (only === 'SS' || only === 'NS' || only === 'BS') && Array.isArray(members)) {
      return { [only]: [...(members as string[])].sort() };
    }
    const out: Body = {};
    for (const key of keys) out[key] = sortSets((value as Body)[key]);
    return out;
  }
  return value;
}

function normalizeTableDescription(value: Json): Json {
  if (Array.isArray(value)) return value.map(normalizeTableDescription);
  if (!value || typeof value !== 'object') return value;
  const out: Body = {};
  for (const [key, member] of Object.entries(value as Body)) {
    if (VOLATILE.has(key)) continue;
    if (ARN_MEMBERS.has(key) && typeof member === 'string')
      out[key] = member.replace(ARN_PREFIX, 'arn:aws:dynamodb:REGION:ACCOUNT:');
    else if (key in UNORDERED_LISTS && Array.isArray(member)) {
      const by = UNORDERED_LISTS[key];
      out[key] = (normalizeTableDescription(member) as Json[]).sort((a, b) => {
        const x = String(by ? (a as Body)?.[by] : a);
        const y = String(by ? (b as Body)?.[by] : b);
        return x < y ? -1 : x > y ? 1 : 0;
      });
    } else out[key] = normalizeTableDescription(member);
  }
  return out;
}

/**
 * Normalizes one answer. `request` decides whether ConsumedCapacity and
 * ItemCollectionMetrics are compared (only when asked for); `unordered` compares `Items`
 * as a multiset.
 */
export function normalizeAnswer(
  operation: string,
  status: number,
  rawBody: Body,
  request: Body,
  unordered: boolean,
): { status: number; body: Body } {
  let body: Body = { ...rawBody };
  if (status >= 400 || body.__type !== undefined) {
    if (typeof body.__type === 'string') body.__type = body.__type.slice(body.__type.lastIndexOf('#') + 1);
    const message = body.message !== undefined ? body.message : body.Message;
    delete body.Message;
    delete body.message;
    if (message !== undefined) body.message = message;
  }
  if (body.Table) body.Table = normalizeTableDescription(body.Table);
  if (body.TableDescription) body.TableDescription = normalizeTableDescription(body.TableDescription);
  if (TABLE_LEVEL.has(operation) && body.TableDescription && typeof body.TableDescription === 'object') {
    // CREATING/UPDATING/DELETING in DynamoDB, ACTIVE in DynamoDB Local: transient, not compared.
    const description = body.TableDescription as Body;
    delete description.TableStatus;
    for (const index of (description.GlobalSecondaryIndexes as Body[] | undefined) ?? []) {
      delete index.IndexStatus;
      delete index.Backfilling;
    }
  }
  if (operation === 'BatchGetItem') {
    if (body.Responses && typeof body.Responses === 'object') {
      const responses: Body = {};
      for (const [table, items] of Object.entries(body.Responses as Body))
        responses[table] = sortByStable(sortSets(items) as Json[]);
      body.Responses = responses;
    }
    if (body.UnprocessedKeys && typeof body.UnprocessedKeys === 'object') {
      const unprocessed: Body = {};
      for (const [table, entry] of Object.entries(body.UnprocessedKeys as Body)) {
        const copy = { ...(entry as Body) };
        if (Array.isArray(copy.Keys)) copy.Keys = sortByStable(sortSets(copy.Keys) as Json[]);
        unprocessed[table] = copy;
      }
      body.UnprocessedKeys = unprocessed;
    }
  }
  if (!request.ReturnConsumedCapacity || request.ReturnConsumedCapacity === 'NONE') delete body.ConsumedCapacity;
  if (!request.ReturnItemCollectionMetrics || request.ReturnItemCollectionMetrics === 'NONE')
    delete body.ItemCollectionMetrics;
  body = sortSets(body) as Body;
  if (unordered && Array.isArray(body.Items)) body.Items = sortByStable(body.Items);
  return { status, body };
}
