import type { KnownDifference } from './allowlist.js';
import type { Observation } from './execute-step.js';
import { stable } from './normalize.js';

type Body = Record<string, unknown>;

/**
 * Copies the engine's ConsumedCapacity into DynamoDB Local's answer when the two differ
 * only in what is billed to the table (INDEXES mode: the index entries agree), or when
 * only the total is reported (TOTAL mode).
 */
function adoptTableUnits(reference: Body, engine: Body): void {
  const theirs = reference.ConsumedCapacity as Body | undefined;
  const ours = engine.ConsumedCapacity as Body | undefined;
  if (!theirs || !ours) return;
  if (theirs.Table === undefined && ours.Table === undefined) {
    reference.ConsumedCapacity = ours;
    return;
  }
  const indexesOf = (entry: Body) => stable([entry.LocalSecondaryIndexes, entry.GlobalSecondaryIndexes]);
  if (indexesOf(theirs) === indexesOf(ours)) reference.ConsumedCapacity = ours;
}

const pagesOf = (observation: Observation) => {
  const pages = observation.body.Pages;
  return Array.isArray(pages) ? (pages as Body[]) : [observation.body];
};

export const KNOWN_READ_CAPACITY_DIFFERENCES: readonly KnownDifference[] = [
  {
    name: 'table fetches of a read through a local secondary index',
    why:
      'A Query or Scan of a local secondary index: DynamoDB bills the index for the entries read and the table for fetching ' +
      'attributes the index does not project (the documented model the engine follows); DynamoDB Local bills the table ' +
      'inconsistently (nothing for some fetches, a unit for reads that fetch nothing). Only the units billed to the table may differ.',
    reconcile(step, table, reference, engine) {
      if ((step.op !== 'Query' && step.op !== 'Scan') || reference.status !== 200 || engine.status !== 200) return;
      const indexName = step.request.IndexName;
      if (!table.indexes.some((index) => index.kind === 'LSI' && index.name === indexName)) return;
      const theirs = pagesOf(reference);
      const ours = pagesOf(engine);
      if (theirs.length !== ours.length) return;
      theirs.forEach((page, i) => adoptTableUnits(page, ours[i]));
    },
  },
];
