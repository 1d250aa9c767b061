import { describe, expect, it } from 'vitest';
import { ModelDefinitionError } from './errors.js';
import { defineTable } from './table.js';
import type { StreamHandlerDeclaration } from './table-stream.js';

const withHandler = (handler: Partial<StreamHandlerDeclaration>, name = 'counters') =>
  defineTable({
    name: 'streamed',
    stream: { viewType: 'NEW_IMAGE', handlers: { [name]: { entry: 'src/counters.ts', ...handler } } },
  });

describe('a table stream declaration', () => {
  it('is kept on the table as declared', () => {
    const table = withHandler({ batchSize: 10, maximumRetryAttempts: -1, maximumRecordAgeInSeconds: 60 });
    expect(table.stream).toEqual({
      viewType: 'NEW_IMAGE',
      handlers: {
        counters: { entry: 'src/counters.ts', batchSize: 10, maximumRetryAttempts: -1, maximumRecordAgeInSeconds: 60 },
      },
    });
    expect(defineTable({ name: 'plain' }).stream).toBeUndefined();
  });

  it.each([
    [{ batchSize: 0 }, 'batchSize must be an integer 1–10000, got 0'],
    [{ batchSize: 10_001 }, 'batchSize must be an integer 1–10000, got 10001'],
    [{ maximumRetryAttempts: -2 }, 'maximumRetryAttempts must be an integer -1 or 0–10000, got -2'],
    [{ maximumRecordAgeInSeconds: 59 }, 'maximumRecordAgeInSeconds must be an integer -1 or 60–604800, got 59'],
    [{ maximumBatchingWindowInSeconds: 301 }, 'maximumBatchingWindowInSeconds must be an integer 0–300, got 301'],
    [{ parallelizationFactor: 11 }, 'parallelizationFactor must be an integer 1–10, got 11'],
    [{ timeoutSeconds: 1.5 }, 'timeoutSeconds must be an integer 1–900, got 1.5'],
    [
      { startingPosition: 'AT_TIMESTAMP' as never },
      'startingPosition must be TRIM_HORIZON or LATEST, got "AT_TIMESTAMP"',
    ],
    [{ filterCriteria: { Filters: [{ Pattern: '{not json' }] } }, 'filter pattern is not JSON: {not json'],
    [{ entry: '' }, 'entry (the handler module) is required'],
  ])('refuses %j, naming the handler and the limit', (handler, reason) => {
    expect(() => withHandler(handler)).toThrow(
      new ModelDefinitionError("table 'streamed' stream handler 'counters'", reason),
    );
  });

  it('refuses a view type DynamoDB does not have, and a handler name CDK cannot use', () => {
    expect(() => defineTable({ name: 'streamed', stream: { viewType: 'ALL' as never } })).toThrow(
      /viewType must be one of KEYS_ONLY, NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES/,
    );
    expect(() => withHandler({}, 'job-counters')).toThrow(/a handler name is letters and digits/);
  });
});
