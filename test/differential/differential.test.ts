import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dynamoDbLocalEndpoint, engineEndpoint } from './endpoints.js';
import { describeMismatch, runSeed } from './run-seed.js';
import { dynamoDbLocalSkipNote } from '../support/dynamodb-local.js';

/**
 * Seeded, stateful differential test: each seed creates a random table and sends the same
 * random operations to DynamoDB Local and to our engine, comparing every normalized answer
 * (see allowlist.ts for the differences where the engine deliberately follows DynamoDB).
 * More seeds locally: `node --import tsx test/differential/run.ts --seeds 500`.
 *
 * Seeds 1–200 all agree today (also at 60 steps). Seeds outside the list may still hit
 * differences not yet resolved (a failing seed prints how to replay it).
 */
const SEEDS = Array.from({ length: 200 }, (_, index) => index + 1);
const STEPS = 40;

const endpoint = inject('dynamoDbLocalEndpoint');

const suiteTitle = `differential: random operations answer as DynamoDB Local does${dynamoDbLocalSkipNote(endpoint)}`;
describe.skipIf(!endpoint)(suiteTitle, () => {
  const reference = dynamoDbLocalEndpoint(endpoint);
  const engine = engineEndpoint();
  const runTag = randomBytes(3).toString('hex');
  afterAll(() => engine.close());

  it.each(SEEDS)('seed %i', async (seed) => {
    const result = await runSeed(seed, reference, engine, { steps: STEPS, runTag });
    if (result.mismatch) console.error(describeMismatch(result.mismatch, STEPS));
    expect(result.mismatch?.difference).toBeUndefined();
  });
});
