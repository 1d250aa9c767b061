import { canonicalizeNumber } from '../../src/engine/values/index.js';
import type { Endpoint } from './endpoints.js';
import type { Observation } from './execute-step.js';
import { sortByStable, stable } from './normalize.js';
import type { Step } from './read-requests.js';
import type { TableModel } from './table-model.js';
import { KNOWN_READ_CAPACITY_DIFFERENCES } from './known-read-capacity-differences.js';
import { KNOWN_TRANSACTION_DIFFERENCES } from './known-transaction-differences.js';

/**
 * The known, intentional differences between DynamoDB Local 1.25.1 and our engine: where
 * DynamoDB Local answers differently from the DynamoDB service, the engine follows the
 * service. Each entry erases exactly its difference from both observations before they
 * are compared, and says why. Keep this list short: anything else is a bug.
 *
 * `reconcile` returns `'diverged'` when the step is fine but the two tables no longer hold
 * the same items (DynamoDB Local accepted a write DynamoDB rejects): the seed ends there.
 */
export interface KnownDifference {
  readonly name: string;
  readonly why: string;
  reconcile(step: Step, table: TableModel, reference: Observation, engine: Observation): 'diverged' | void;
  /** Brings DynamoDB Local's table back in line after a step where it wrote what DynamoDB would not. */
  resync?(step: Step, table: TableModel, reference: Endpoint, engine: Endpoint): Promise<void>;
}

type Body = Record<string, unknown>;

const isError = (observation: Observation, type = 'ValidationException') =>
  observation.status === 400 && observation.body.__type === type;

/** Top-level messages and cancellation-reason messages, where wording differences live. */
function messagePairs(reference: Observation, engine: Observation): { reference: Body; engine: Body }[] {
  const pairs = [{ reference: reference.body, engine: engine.body }];
  const referenceReasons = reference.body.CancellationReasons;
  const engineReasons = engine.body.CancellationReasons;
  if (
    Array.isArray(referenceReasons) &&
    Array.isArray(engineReasons) &&
    referenceReasons.length === engineReasons.length
  ) {
    referenceReasons.forEach((reason, i) =>
      pairs.push({ reference: reason as Body, engine: engineReasons[i] as Body }),
    );
  }
  return pairs;
}

/** Numbers (also inside NS, maps and lists) in their canonical form. */
function canonicalNumbers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalNumbers);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Body);
  if (entries.length === 1 && entries[0][0] === 'N' && typeof entries[0][1] === 'string')
    return { N: canonicalizeNumber(entries[0][1]) };
  if (entries.length === 1 && entries[0][0] === 'NS' && Array.isArray(entries[0][1])) {
    return { NS: (entries[0][1] as string[]).map(canonicalizeNumber).sort() };
  }
  return Object.fromEntries(entries.map(([name, member]) => [name, canonicalNumbers(member)]));
}

/** Whether an update request's expression only deletes (REMOVE, or DELETE from a set). */
function onlyRemoves(request: Body): boolean {
  const expression = request.UpdateExpression;
  return typeof expression === 'string' && !/\b(SET|ADD)\b/i.test(expression);
}

const DYNAMODB_LOCAL_KEY_MISMATCH = new Set([
  'The number of conditions on the keys is invalid',
  'One or more parameter values were invalid: Type mismatch for key',
]);

const INDEX_KEY_TYPE_MISMATCH =
  /^One or more parameter values were invalid: Type mismatch for Index Key \S+ Expected: [SNB] Actual: (\w+) IndexName: \S+$/;

/** Sum of every numeric capacity member, for comparisons that tolerate a known offset. */
function tableUnits(consumed: unknown): number | undefined {
  const first = Array.isArray(consumed) ? consumed[0] : consumed;
  return typeof first === 'object' && first !== null
    ? ((first as Body).CapacityUnits as number | undefined)
    : undefined;
}

/** The ConsumedCapacity of a page that read nothing is the only thing in it that may differ. */
function reconcileEmptyPage(reference: Body, engine: Body): void {
  if (
    reference.ScannedCount !== 0 ||
    engine.ScannedCount !== 0 ||
    !reference.ConsumedCapacity ||
    !engine.ConsumedCapacity
  )
    return;
  const zero = JSON.stringify(reference.ConsumedCapacity).match(/"CapacityUnits":[1-9]/) === null;
  const minimum = (tableUnits(engine.ConsumedCapacity) ?? 0) <= 1;
  if (zero && minimum) reference.ConsumedCapacity = engine.ConsumedCapacity;
}

/** The first ConsumedCapacity entry of an answer (single operations carry one, batches a list). */
function capacityEntry(body: Body): Body | undefined {
  const consumed = body.ConsumedCapacity;
  const first = Array.isArray(consumed) ? consumed[0] : consumed;
  return typeof first === 'object' && first !== null ? (first as Body) : undefined;
}

/**
 * Removes from DynamoDB Local's answer the GSI write units it bills beyond the engine's, at
 * most `allowed(index)` per index. With `INDEXES` each index is checked; with `TOTAL` only the
 * sum over the table's GSIs bounds the excess. Other differences are left for the comparison.
 */
function forgiveGlobalIndexUnits(
  table: TableModel,
  reference: Observation,
  engine: Observation,
  allowed: (index: string) => number,
): void {
  const theirs = capacityEntry(reference.body);
  const ours = capacityEntry(engine.body);
  if (!theirs || !ours) return;
  // INDEXES mode reports the table apart (and each index it billed); TOTAL only the sum.
  const perIndex = theirs.Table !== undefined || ours.Table !== undefined;
  let excess = 0;
  if (perIndex) {
    const theirIndexes = (theirs.GlobalSecondaryIndexes ?? {}) as Record<string, Body>;
    const ourIndexes = (ours.GlobalSecondaryIndexes ?? {}) as Record<string, Body>;
    for (const [name, units] of Object.entries(theirIndexes)) {
      const extra = (units.CapacityUnits as number) - ((ourIndexes[name]?.CapacityUnits as number | undefined) ?? 0);
      if (extra < 0 || extra > allowed(name)) return;
      excess += extra;
    }
  } else {
    excess = (theirs.CapacityUnits as number) - (ours.CapacityUnits as number);
    const bound = table.indexes.reduce((sum, index) => sum + allowed(index.name), 0);
    if (excess > bound) return;
  }
  if (excess <= 0) return;
  const next: Body = { ...theirs, CapacityUnits: (theirs.CapacityUnits as number) - excess };
  if (ours.GlobalSecondaryIndexes) next.GlobalSecondaryIndexes = ours.GlobalSecondaryIndexes;
  else delete next.GlobalSecondaryIndexes;
  reference.body.ConsumedCapacity = Array.isArray(reference.body.ConsumedCapacity) ? [next] : next;
}

/** Whether `item` holds exactly one of the two key attributes of a GSI with a sort key. */
function holdsHalfAnIndexKey(item: Body, index: TableModel['indexes'][number]): boolean {
  if (index.kind !== 'GSI' || !index.range) return false;
  return (item[index.hash.name] !== undefined) !== (item[index.range.name] !== undefined);
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  // First: it reads DynamoDB Local's own wording, which the wording entries below rewrite.
  {
    name: 'update giving an index key another type',
    why:
      'An UpdateItem (or a transaction Update) that gives an index key attribute a value of another type: DynamoDB rejects it ' +
      '(Type mismatch for Index Key); DynamoDB Local accepts it and even indexes the wrong-typed value, or, for a non-scalar, ' +
      'fails the whole transaction instead of cancelling it. The tables differ from here on, so the seed ends.',
    reconcile(step, _table, reference, engine) {
      const updates =
        step.op === 'UpdateItem' ||
        (step.op === 'TransactWriteItems' && JSON.stringify(step.request).includes('"Update"'));
      if (!updates || engine.status !== 400) return;
      const reasons = (engine.body.CancellationReasons as Body[] | undefined) ?? [engine.body];
      if (!reasons.some((reason) => INDEX_KEY_TYPE_MISMATCH.test(String(reason.message ?? reason.Message)))) return;
      if (reference.status === 200 || (isError(reference) && reference.body.message === 'Invalid attribute value type'))
        return 'diverged';
    },
  },
  {
    name: 'key schema mismatch wording',
    why:
      'A Key missing a key attribute, carrying an extra one or typed wrong: DynamoDB Local says "The number of conditions on the keys ' +
      'is invalid" or "…Type mismatch for key", ' +
      'DynamoDB "The provided key element does not match the schema" (corpus: validation/get-key-schema-mismatch, golden from the service).',
    reconcile(_step, _table, reference, engine) {
      for (const pair of messagePairs(reference, engine)) {
        if (
          DYNAMODB_LOCAL_KEY_MISMATCH.has(String(pair.reference.message)) &&
          pair.engine.message === 'The provided key element does not match the schema'
        ) {
          pair.reference.message = pair.engine.message;
        }
      }
    },
  },
  {
    name: 'index key type mismatch wording',
    why:
      'An item whose index key attribute has the wrong type: DynamoDB names the attribute, both types and the index ' +
      '("Type mismatch for Index Key g Expected: S Actual: NULL IndexName: byG"); DynamoDB Local truncates the message after ' +
      '"Index Key" (also for NULL), or says "Invalid attribute value type" when the value is a document or a set. Top-level ' +
      'messages and cancellation reasons (Message) alike.',
    reconcile(_step, _table, reference, engine) {
      const theirs = new Set([
        'One or more parameter values were invalid: Type mismatch for Index Key',
        'Invalid attribute value type',
      ]);
      for (const pair of messagePairs(reference, engine)) {
        for (const member of ['message', 'Message']) {
          const ours = pair.engine[member];
          if (
            typeof ours === 'string' &&
            INDEX_KEY_TYPE_MISMATCH.test(ours) &&
            theirs.has(String(pair.reference[member]))
          ) {
            pair.reference[member] = ours;
          }
        }
      }
    },
  },
  {
    name: 'ItemCollectionMetrics',
    why:
      'DynamoDB returns ItemCollectionMetrics for writes to a table with local secondary indexes when asked ' +
      '(ReturnItemCollectionMetrics: SIZE); DynamoDB Local never does (dynamodb-facts.md).',
    reconcile(_step, table, reference, engine) {
      if (table.indexes.some((index) => index.kind === 'LSI') && reference.body.ItemCollectionMetrics === undefined) {
        delete engine.body.ItemCollectionMetrics;
      }
    },
  },
  {
    name: 'numbers written by UpdateItem',
    why:
      'DynamoDB stores every number canonically (1.50 → 1.5, 1e1 → 10, -0 → 0), also the values an UpdateExpression writes; ' +
      "DynamoDB Local canonicalizes PutItem values but stores UpdateItem values as sent. DynamoDB Local's numbers are " +
      'canonicalized before comparing (ours are compared as they are).',
    reconcile(step, _table, reference) {
      for (const member of ['Item', 'Items', 'Attributes', 'Responses', 'Pages', 'CancellationReasons']) {
        if (reference.body[member] !== undefined) reference.body[member] = canonicalNumbers(reference.body[member]);
      }
      if (Array.isArray(reference.body.Items) && (step.mode === 'scan' || step.mode === 'segments')) {
        reference.body.Items = sortByStable(reference.body.Items);
      }
      const responses = reference.body.Responses;
      if (step.op === 'BatchGetItem' && responses && typeof responses === 'object') {
        for (const [name, items] of Object.entries(responses as Body))
          (responses as Body)[name] = sortByStable(items as unknown[]);
      }
    },
  },
  {
    name: 'update that only removes, on a missing item',
    why:
      'An UpdateItem whose actions only delete (REMOVE, DELETE from a set) does not create a missing item in DynamoDB ' +
      '(corpus golden from the service); DynamoDB Local creates it with its key alone. Its answer (key-only Attributes) is ' +
      'ignored and the item it created is deleted again after the step (see resync).',
    reconcile(step, table, reference, engine) {
      if (step.op !== 'UpdateItem' || !onlyRemoves(step.request) || reference.status !== 200 || engine.status !== 200)
        return;
      const attributes = reference.body.Attributes as Body | undefined;
      const keyNames = [table.hash.name, ...(table.range ? [table.range.name] : [])];
      if (
        attributes &&
        engine.body.Attributes === undefined &&
        Object.keys(attributes).every((name) => keyNames.includes(name))
      ) {
        delete reference.body.Attributes;
      }
    },
    async resync(step, table, reference, engine) {
      const keys =
        step.op === 'UpdateItem' && onlyRemoves(step.request)
          ? [step.request.Key]
          : step.op === 'TransactWriteItems'
            ? (step.request.TransactItems as Body[])
                .map((action) => action.Update as Body | undefined)
                .filter((u) => u && onlyRemoves(u))
                .map((u) => (u as Body).Key)
            : [];
      for (const key of keys) {
        const get = { TableName: table.name, Key: key, ConsistentRead: true };
        const [theirs, ours] = await Promise.all([reference.send('GetItem', get), engine.send('GetItem', get)]);
        if (theirs.body.Item && !ours.body.Item)
          await reference.send('DeleteItem', { TableName: table.name, Key: key });
      }
    },
  },
  {
    name: 'index write of an update that only removes, on a missing item',
    why:
      'The same update (only REMOVE/DELETE, item absent): the key-only item DynamoDB Local creates also enters every GSI keyed on ' +
      'table key attributes alone, and it bills those index writes; DynamoDB writes nothing, so the engine bills no index.',
    reconcile(step, table, reference, engine) {
      if (step.op !== 'UpdateItem' || !onlyRemoves(step.request) || reference.status !== 200 || engine.status !== 200)
        return;
      const keyNames = [table.hash.name, ...(table.range ? [table.range.name] : [])];
      const keyedOnTableKeys = new Set(
        table.indexes
          .filter(
            (index) =>
              index.kind === 'GSI' &&
              [index.hash, ...(index.range ? [index.range] : [])].every((key) => keyNames.includes(key.name)),
          )
          .map((index) => index.name),
      );
      forgiveGlobalIndexUnits(table, reference, engine, (index) => (keyedOnTableKeys.has(index) ? 1 : 0));
    },
  },
  {
    name: 'GSI write of an item that trades one half of the index key for the other',
    why:
      'A put whose old item held one key attribute of a GSI with a sort key and whose new item holds only the other: neither is in ' +
      'the index, so DynamoDB writes (and bills) nothing to it; DynamoDB Local bills the index one unit.',
    reconcile(step, table, reference, engine) {
      if ((step.op !== 'PutItem' && step.op !== 'BatchWriteItem') || reference.status !== 200 || engine.status !== 200)
        return;
      const items =
        step.op === 'PutItem'
          ? [step.request.Item as Body]
          : (((step.request.RequestItems as Body)[table.name] as Body[] | undefined) ?? [])
              .map((request) => (request.PutRequest as Body | undefined)?.Item as Body | undefined)
              .filter((item): item is Body => item !== undefined);
      forgiveGlobalIndexUnits(table, reference, engine, (name) => {
        const index = table.indexes.find((candidate) => candidate.name === name);
        return index ? items.filter((item) => holdsHalfAnIndexKey(item, index)).length : 0;
      });
    },
  },
  {
    name: 'validation problem in a transaction action',
    why:
      'An Update action that cannot apply (an operand of the wrong type, a missing attribute): DynamoDB cancels the transaction ' +
      'with a ValidationError reason for that action (dynamodb-facts.md, "a validation problem in one action also surfaces this ' +
      'way"); DynamoDB Local fails the whole request with the ValidationException.',
    reconcile(step, _table, reference, engine) {
      if (step.op !== 'TransactWriteItems' || !isError(reference) || !isError(engine, 'TransactionCanceledException'))
        return;
      const reasons = (engine.body.CancellationReasons as Body[] | undefined) ?? [];
      // Other actions may be cancelled too: DynamoDB Local stops at the first failing update.
      if (reasons.some((reason) => reason.Code === 'ValidationError' && reason.Message === reference.body.message)) {
        reference.status = engine.status;
        reference.body = engine.body;
      }
    },
  },
  {
    name: 'two actions on one item, found late',
    why:
      'DynamoDB rejects a transaction with two actions on one item before it looks at any condition; DynamoDB Local finds the ' +
      'repetition only while it evaluates the actions, and answers a failed condition or update met first.',
    reconcile(step, table, reference, engine) {
      if (step.op !== 'TransactWriteItems' || reference.status !== 400) return;
      if (
        !isError(engine) ||
        engine.body.message !== 'Transaction request cannot include multiple operations on one item'
      )
        return;
      const keyNames = [table.hash.name, ...(table.range ? [table.range.name] : [])];
      const keys = (step.request.TransactItems as Body[]).map((action) => {
        const body = Object.values(action)[0] as Body;
        const item = (body.Key ?? body.Item) as Body;
        return stable(keyNames.map((name) => item[name]));
      });
      if (new Set(keys).size === keys.length) return;
      reference.status = engine.status;
      reference.body = engine.body;
    },
  },
  {
    name: 'ConsistentRead on a GSI wording',
    why:
      'A Query or Scan of a global secondary index with ConsistentRead: DynamoDB says "Consistent reads are not supported on ' +
      'global secondary indexes", DynamoDB Local "Consistent read cannot be true when querying (scanning) a GSI".',
    reconcile(_step, _table, reference, engine) {
      if (
        (reference.body.message === 'Consistent read cannot be true when querying a GSI' ||
          reference.body.message === 'Consistent read cannot be true when scanning a GSI') &&
        engine.body.message === 'Consistent reads are not supported on global secondary indexes'
      ) {
        reference.body.message = engine.body.message;
      }
    },
  },
  {
    name: 'transactional write capacity',
    why:
      'TransactWriteItems: DynamoDB bills 2 write units per item per KB (the documented transactional cost); DynamoDB Local ' +
      'reports other numbers (4 units for a lone small Put or ConditionCheck). Only which members are present is compared.',
    reconcile(step, _table, reference, engine) {
      if (step.op !== 'TransactWriteItems') return;
      for (const observation of [reference, engine]) {
        const consumed = observation.body.ConsumedCapacity;
        if (consumed)
          observation.body.ConsumedCapacity = JSON.parse(
            JSON.stringify(consumed).replace(/"(\w*CapacityUnits)":[\d.]+/g, '"$1":"*"'),
          );
      }
    },
  },
  {
    name: 'read capacity of a page that read nothing',
    why:
      'A Query or Scan page that read no item: DynamoDB Local reports 0 capacity units; DynamoDB bills the minimum read ' +
      '(0.5 eventually consistent, 1 consistent), as for a GetItem that finds nothing.',
    reconcile(step, _table, reference, engine) {
      if (step.op !== 'Query' && step.op !== 'Scan') return;
      const referencePages = reference.body.Pages;
      const enginePages = engine.body.Pages;
      if (Array.isArray(referencePages) && Array.isArray(enginePages)) {
        referencePages.forEach((page, i) => enginePages[i] && reconcileEmptyPage(page as Body, enginePages[i] as Body));
      } else reconcileEmptyPage(reference.body, engine.body);
    },
  },
  {
    name: 'batch delete of an absent item',
    why:
      'A BatchWriteItem DeleteRequest for an item that does not exist: DynamoDB Local bills 2 write units (its DeleteItem bills 1); ' +
      'DynamoDB processes each batch request as the PutItem/DeleteItem it stands for, so the engine bills 1 as DeleteItem does.',
    reconcile(step, table, reference, engine) {
      if (step.op !== 'BatchWriteItem' || reference.status !== 200 || engine.status !== 200) return;
      const requests = ((step.request.RequestItems as Body)[table.name] as Body[] | undefined) ?? [];
      const deletes = requests.filter((request) => request.DeleteRequest).length;
      const theirs = tableUnits(reference.body.ConsumedCapacity);
      const ours = tableUnits(engine.body.ConsumedCapacity);
      if (theirs === undefined || ours === undefined) return;
      const extra = theirs - ours;
      if (extra <= 0 || extra > deletes) return;
      const [theirsEntry, oursEntry] = [reference.body.ConsumedCapacity, engine.body.ConsumedCapacity].map(
        (c) => (c as Body[])[0],
      );
      const table1 = theirsEntry.Table as Body | undefined;
      const table2 = oursEntry.Table as Body | undefined;
      // Only the table's units may differ, by at most one per DeleteRequest; index units must agree.
      const withoutTable = (entry: Body) => stable({ ...entry, CapacityUnits: 0, Table: null });
      if (withoutTable(theirsEntry) !== withoutTable(oursEntry)) return;
      if (table1 && table2 && (table1.CapacityUnits as number) - (table2.CapacityUnits as number) !== extra) return;
      reference.body.ConsumedCapacity = engine.body.ConsumedCapacity;
    },
  },
  ...KNOWN_TRANSACTION_DIFFERENCES,
  ...KNOWN_READ_CAPACITY_DIFFERENCES,
];

/** Applies every known difference, in order; `'diverged'` when the seed must end after this step. */
/** Runs every entry's resync after a step. */
export async function resyncKnownDifferences(
  step: Step,
  table: TableModel,
  reference: Endpoint,
  engine: Endpoint,
): Promise<void> {
  for (const difference of KNOWN_DIFFERENCES) await difference.resync?.(step, table, reference, engine);
}

export function reconcileKnownDifferences(
  step: Step,
  table: TableModel,
  reference: Observation,
  engine: Observation,
): 'diverged' | void {
  let outcome: 'diverged' | undefined;
  for (const difference of KNOWN_DIFFERENCES) outcome = difference.reconcile(step, table, reference, engine) ?? outcome;
  return outcome;
}
