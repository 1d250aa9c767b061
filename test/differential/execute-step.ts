import type { Answer, Endpoint } from './endpoints.js';
import { normalizeAnswer } from './normalize.js';
import type { Step } from './read-requests.js';

/** Which side of the comparison an endpoint is: segmented scans are sent differently to each. */
export type Side = 'reference' | 'engine';

/** A normalized answer, as compared. */
export interface Observation {
  status: number;
  body: Record<string, unknown>;
}

const MAX_PAGES = 200;

/** Sends one step to an endpoint and returns the normalized observation. */
export async function executeStep(endpoint: Endpoint, step: Step, side: Side): Promise<Observation> {
  const mode = step.mode ?? 'single';
  if (mode === 'single') {
    const answer = await endpoint.send(step.op, step.request);
    return normalizeAnswer(step.op, answer.status, answer.body, step.request, false);
  }
  if (mode === 'pages') {
    // Query: every page compared exactly, LastEvaluatedKey included.
    const pages: Record<string, unknown>[] = [];
    let request = step.request;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await endpoint.send(step.op, request);
      const normalized = normalizeAnswer(step.op, answer.status, answer.body, request, false);
      if (answer.status !== 200) return normalized;
      pages.push(normalized.body);
      if (!answer.body.LastEvaluatedKey) break;
      request = { ...request, ExclusiveStartKey: answer.body.LastEvaluatedKey };
    }
    return { status: 200, body: { Pages: pages } };
  }
  // Scan: the union of every page (and, for our engine, of every segment) as a multiset.
  const segments = mode === 'segments' && side === 'engine' ? (step.segments ?? 1) : 0;
  const requests =
    segments > 0
      ? Array.from({ length: segments }, (_, segment) => ({
          ...step.request,
          Segment: segment,
          TotalSegments: segments,
        }))
      : [step.request];
  const items: unknown[] = [];
  let count = 0;
  let scannedCount = 0;
  let pageCount = 0;
  let lastAnswer: Answer | undefined;
  for (const first of requests) {
    let request = first;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await endpoint.send(step.op, request);
      if (answer.status !== 200) return normalizeAnswer(step.op, answer.status, answer.body, request, false);
      lastAnswer = answer;
      pageCount++;
      if (Array.isArray(answer.body.Items)) items.push(...answer.body.Items);
      count += Number(answer.body.Count ?? 0);
      scannedCount += Number(answer.body.ScannedCount ?? 0);
      if (!answer.body.LastEvaluatedKey) break;
      request = { ...request, ExclusiveStartKey: answer.body.LastEvaluatedKey };
    }
  }
  const body: Record<string, unknown> = { Count: count, ScannedCount: scannedCount };
  if (step.request.Select !== 'COUNT') body.Items = items;
  if (mode === 'scan') {
    body.Pages = pageCount;
    // Capacity is per page, and which items share a page depends on partition order: compared for one page only.
    if (pageCount === 1 && lastAnswer?.body.ConsumedCapacity) body.ConsumedCapacity = lastAnswer.body.ConsumedCapacity;
  }
  return normalizeAnswer(step.op, 200, body, step.request, true);
}
