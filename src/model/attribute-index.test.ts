import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkDesign,
  defineEntity,
  defineModel,
  defineTable,
  ModelDefinitionError,
  renderAccessPatternTable,
} from './index.js';
import { ticketModel } from '../../test/repository/fixtures/ticket-model.js';

const table = defineTable({
  name: 'games',
  indexes: {
    byMatch: {
      partitionKey: ['tournamentId', 'region'],
      sortKey: ['round', 'bracket', 'matchId'],
      projection: { type: 'ALL' },
    },
  },
});
const attributes = {
  tournamentId: z.string(),
  region: z.string(),
  round: z.string(),
  bracket: z.string(),
  matchId: z.string(),
};
const match = defineEntity(table, {
  name: 'match',
  attributes,
  key: { pk: 'T#{tournamentId}', sk: 'M#{matchId}' },
  indexes: { byMatch: { pk: ['tournamentId', 'region'], sk: ['round', 'bracket', 'matchId'] } },
});
const undeclared = defineEntity(table, { name: 'replay', attributes, key: { pk: 'R#{matchId}', sk: 'R' } });

/** The design check's problems for one pattern on byMatch with these attribute operators. */
function problemsOf(attributesOfKey: Record<string, 'equals' | 'gt' | 'beginsWith' | 'between'>): string[] {
  const model = defineModel({
    table,
    entities: [match],
    accessPatterns: {
      p: { description: 'p', entities: ['match'], index: 'byMatch', key: { attributes: attributesOfKey as never } },
    },
  });
  return checkDesign(model).problems.map((problem) => problem.reason);
}

describe('attribute-keyed indexes in the model', () => {
  it('accepts every partition attribute by equality and a left-to-right sort prefix with a range on its last attribute', () => {
    expect(problemsOf({ tournamentId: 'equals', region: 'equals' })).toEqual([]);
    expect(problemsOf({ tournamentId: 'equals', region: 'equals', round: 'between' })).toEqual([]);
    expect(problemsOf({ tournamentId: 'equals', region: 'equals', round: 'equals', bracket: 'beginsWith' })).toEqual(
      [],
    );
    expect(
      problemsOf({ round: 'equals', region: 'equals', tournamentId: 'equals', bracket: 'equals', matchId: 'gt' }),
    ).toEqual([]);
  });

  it('refuses a missing or ranged partition attribute, a skipped sort attribute and a range before the last', () => {
    expect(problemsOf({ tournamentId: 'equals' })).toEqual([
      "needs every partition attribute of index 'byMatch': 'region' is missing",
    ]);
    expect(problemsOf({ tournamentId: 'equals', region: 'gt' })).toEqual([
      "partition attribute 'region' of index 'byMatch' takes 'equals', not 'gt'",
    ]);
    expect(problemsOf({ tournamentId: 'equals', region: 'equals', round: 'equals', matchId: 'equals' })).toEqual([
      "sort attributes of index 'byMatch' go left to right (round, bracket, matchId): 'bracket' is skipped",
    ]);
    expect(problemsOf({ tournamentId: 'equals', region: 'equals', round: 'gt', bracket: 'equals' })[0]).toMatch(
      /'round' of index 'byMatch' takes 'gt', so no later sort attribute may follow/,
    );
    expect(problemsOf({ tournamentId: 'equals', region: 'equals', winner: 'equals' } as never)[0]).toMatch(
      /'winner' is not a key attribute of index 'byMatch'/,
    );
  });

  it('refuses a template condition on an attribute-keyed index, and a pattern returning an entity outside the index', () => {
    const model = defineModel({
      table,
      entities: [match, undeclared],
      accessPatterns: {
        byTemplate: { description: 't', entities: ['match'], index: 'byMatch', key: { pk: 'T#{tournamentId}' } },
        replays: {
          description: 'r',
          entities: ['replay'],
          index: 'byMatch',
          key: { attributes: { tournamentId: 'equals', region: 'equals' } },
        },
      },
    });
    const result = checkDesign(model);
    expect(result.problems.map((p) => p.pattern)).toEqual(['byTemplate', 'replays']);
    expect(result.problems[1].reason).toBe(
      "no key serves it: entity 'replay' does not declare index 'byMatch', so it is never in it",
    );
    // DynamoDB indexes it anyway: every key attribute is an attribute of it.
    expect(result.warnings.map((w) => w.reason)).toContain(
      "entity 'replay' has every key attribute of index 'byMatch', so DynamoDB indexes its items there although it does not declare the index",
    );
  });

  it('renders multi-attribute key conditions in the access-pattern table', () => {
    const doc = renderAccessPatternTable(ticketModel());
    expect(doc).toContain(
      "| 3 | A tenant's tickets in a status, newest first | BYTENANTSTATUS: PK=`tenantId=<tenantId>`, `status=<status>`, SK=`createdAt`, `priority` (multi-attribute key, sparse, newest first) |",
    );
    expect(doc).toContain(
      "| 6 | A tenant's tickets in a status of one day, in a priority range | BYTENANTSTATUS: PK=`tenantId=<tenantId>`, `status=<status>`, SK `createdAt=<createdAt>`, `priority` between `<priority>` (multi-attribute key, sparse) |",
    );
    expect(checkDesign(ticketModel())).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses definitions DynamoDB would refuse, or that would need written keys', () => {
    const refuse = (build: () => unknown) => {
      const error = (() => {
        try {
          build();
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ModelDefinitionError);
      return (error as Error).message;
    };
    const index = (partitionKey: readonly unknown[], sortKey: readonly unknown[] = []) =>
      ({ partitionKey, sortKey, projection: { type: 'ALL' } }) as never;
    expect(refuse(() => defineTable({ name: 'ttt', indexes: { big: index(['a', 'b', 'c', 'd', 'e']) } }))).toMatch(
      /1 to 4 attributes, got 5/,
    );
    expect(
      refuse(() => defineTable({ name: 'ttt', indexes: { big: index(['a'], ['b', 'c', 'd', 'e', 'f']) } })),
    ).toMatch(/at most 4 attributes, got 5/);
    expect(refuse(() => defineTable({ name: 'ttt', indexes: { dup: index(['a'], ['a']) } }))).toMatch(
      /'a' appears twice/,
    );
    expect(
      refuse(() =>
        defineTable({ name: 'ttt', indexes: { one: index(['a']), two: index([{ name: 'a', type: 'N' }]) } }),
      ),
    ).toMatch(/'a' is N here but S in another index/);
    expect(refuse(() => defineTable({ name: 'ttt', indexes: { own: index(['sk']) } }))).toMatch(/'sk' is a table key/);
    const key = { pk: 'T#{tournamentId}', sk: 'M#{matchId}' } as const;
    expect(
      refuse(() =>
        defineEntity(table, {
          name: 'x',
          attributes,
          key,
          indexes: { byMatch: { pk: ['region', 'tournamentId'], sk: ['round', 'bracket', 'matchId'] } } as never,
        }),
      ),
    ).toMatch(/pk must list \[tournamentId, region\]/);
    const sharded = {
      byMatch: { pk: ['tournamentId', 'region'], sk: ['round', 'bracket', 'matchId'], shards: { count: 2 } },
    };
    expect(refuse(() => defineEntity(table, { name: 'x', attributes, key, indexes: sharded as never }))).toMatch(
      /add a shard attribute to its partitionKey instead/,
    );
    const when = {
      byMatch: { pk: ['tournamentId', 'region'], sk: ['round', 'bracket', 'matchId'], when: { region: ['eu'] } },
    };
    expect(refuse(() => defineEntity(table, { name: 'x', attributes, key, indexes: when as never }))).toMatch(
      /takes no 'when' rule/,
    );
  });
});
