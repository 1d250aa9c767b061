import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { expectDynamoDBAnswer } from './answer-checks.js';
import { dataPlaneRequest, FUZZ_TABLE, fuzzTableDefinition, malformedRequest } from './arbitraries.js';
import { deepRequest } from './deep-arbitraries.js';
import { jsonText } from './json-text.js';

// Runs are bounded by count and by time, so the suite stays around ten seconds here.
const TIME_LIMIT_MS = 4_500;
const directory = mkdtempSync(join(tmpdir(), 'monotable-fuzz-'));
const path = join(directory, 'fuzz.sqlite');
let engine: Engine;

beforeAll(() => {
  engine = new Engine({ path, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', fuzzTableDefinition);
  for (const pk of ['a', 'b', 'c']) {
    for (const sk of ['1', '2', '3']) {
      engine.handle('PutItem', {
        TableName: FUZZ_TABLE,
        Item: {
          pk: { S: pk },
          sk: { S: sk },
          gpk: { S: 'g' },
          gsk: { N: sk },
          a: { N: '1' },
          list: { L: [{ S: 'x' }] },
          map: { M: { b: { S: 'y' } } },
        },
      });
    }
  }
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

function check(request: { operation: string; input: unknown }): void {
  expectDynamoDBAnswer(
    () => `${request.operation} ${jsonText(request.input).slice(0, 2_000)}`,
    () => engine.handle(request.operation, request.input),
  );
}

describe("engine fuzz: every answer is DynamoDB's", () => {
  it('random expressions and values in every data-plane operation', () => {
    fc.assert(fc.property(dataPlaneRequest, check), { numRuns: 4_000, interruptAfterTimeLimit: TIME_LIMIT_MS });
  });

  it('random operation names, random JSON and members of the wrong type', () => {
    fc.assert(fc.property(malformedRequest, check), { numRuns: 4_000, interruptAfterTimeLimit: TIME_LIMIT_MS });
  });

  it('deep and wide shapes: values nested up to 100,000 levels, maps and lists of many members', () => {
    fc.assert(fc.property(deepRequest, check), { numRuns: 400, interruptAfterTimeLimit: TIME_LIMIT_MS });
  });

  it('leaves the SQLite file intact', () => {
    engine.close();
    const database = new Database(path, { readonly: true });
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    database.close();
    // …and the engine still opens it and serves the table.
    engine = new Engine({ path, ttlReapIntervalMs: 0 });
    expect(engine.handle('DescribeTable', { TableName: FUZZ_TABLE })).toMatchObject({
      Table: { TableName: FUZZ_TABLE },
    });
    engine.close();
  });
});
