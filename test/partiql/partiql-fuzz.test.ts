import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { DynamoDBError } from '../../src/engine/errors.js';

/** Random statements, well formed or not: every answer is a result or a DynamoDB 400 error, never a crash or a 500. */
const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
engine.handle('CreateTable', {
  TableName: 'fuzz_t',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
});
engine.handle('ExecuteStatement', {
  Statement: `INSERT INTO fuzz_t VALUE {'pk':'a','sk':'1','n':1,'l':[1,2],'m':{'k':'v'},'ss':<<'x'>>}`,
});

const name = fc.constantFrom('pk', 'sk', 'n', 'l', 'm', 'ss', '"quoted name"', 'm.k', 'l[0]', 'l[9]', 'size', 'nope');
const value = fc.oneof(
  fc.constantFrom(
    `'a'`,
    `'1'`,
    '1',
    '-2.5',
    '1e3',
    'TRUE',
    'NULL',
    `<<'x'>>`,
    '<<1, 2>>',
    '<<>>',
    '[1, ?]',
    `{'k': 'v'}`,
    '?',
    `'it''s'`,
  ),
  fc.string({ maxLength: 6 }).map((text) => `'${text.replaceAll("'", "''")}'`),
  fc.double({ noNaN: true }).map(String),
);
const comparison = fc
  .tuple(name, fc.constantFrom('=', '<>', '<', '<=', '>', '>=', '!='), value)
  .map(([n, op, v]) => `${n} ${op} ${v}`);
const predicate = fc.oneof(
  comparison,
  fc.tuple(name, value, value).map(([n, a, b]) => `${n} BETWEEN ${a} AND ${b}`),
  fc.tuple(name, fc.array(value, { maxLength: 3 })).map(([n, vs]) => `${n} IN [${vs.join(', ')}]`),
  fc
    .tuple(name, fc.constantFrom('MISSING', 'NULL', 'STRING', 'NUMERIC', 'LIST', 'NUMBER'), fc.boolean())
    .map(([n, t, not]) => `${n} IS ${not ? 'NOT ' : ''}${t}`),
  fc
    .tuple(fc.constantFrom('begins_with', 'contains', 'attribute_type', 'size', 'exists', 'nope'), name, value)
    .map(([f, n, v]) => `${f}(${n}, ${v})`),
);
const where = fc.array(predicate, { minLength: 0, maxLength: 4 }).chain((predicates) =>
  fc
    .array(fc.constantFrom(' AND ', ' OR ', ' AND NOT '), {
      minLength: predicates.length,
      maxLength: predicates.length,
    })
    .map((joins) =>
      predicates.length === 0 ? '' : ` WHERE ${predicates.map((p, i) => (i === 0 ? p : joins[i] + p)).join('')}`,
    ),
);
const statement = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('*', 'n', 'm.k, l[1]', '*, n', 'n AS x'),
      fc.constantFrom('fuzz_t', '"fuzz_t"', 'missing_t', '"fuzz_t"."idx"'),
      where,
      fc.constantFrom('', ' ORDER BY sk DESC', ' ORDER BY n'),
    )
    .map(([p, t, w, o]) => `SELECT ${p} FROM ${t}${w}${o}`),
  fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(`'pk'`, `'sk'`, `'n'`, `'pk'`), value), { maxLength: 4 }))
    .map(([entries]) => `INSERT INTO fuzz_t VALUE {${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
  fc
    .tuple(
      fc.constantFrom(
        'SET n = n + 1',
        'SET l = list_append(l, [3])',
        `SET ss = set_add(ss, <<'y'>>)`,
        'REMOVE m',
        'SET pk = 1',
        `SET ss = set_delete(n, <<1>>)`,
      ),
      where,
      fc.constantFrom('', ' RETURNING ALL NEW *', ' RETURNING MODIFIED OLD *', ' RETURNING x'),
    )
    .map(([set, w, r]) => `UPDATE fuzz_t ${set}${w}${r}`),
  fc
    .tuple(where, fc.constantFrom('', ' RETURNING ALL OLD *', ' RETURNING ALL NEW *'))
    .map(([w, r]) => `DELETE FROM fuzz_t${w}${r}`),
  fc.string({ maxLength: 40 }),
);

function check(operation: string, input: Record<string, unknown>): void {
  try {
    engine.handle(operation, input);
  } catch (error) {
    if (!(error instanceof DynamoDBError)) throw error;
    expect(error.statusCode, `${error.type}: ${error.message}`).toBe(400);
    expect(error.type).not.toBe('InternalServerError');
  }
}

const parameters = fc.option(
  fc.array(fc.constantFrom({ S: 'a' }, { S: '1' }, { N: '1' }, { SS: ['z'] }, { L: [] }), {
    minLength: 1,
    maxLength: 3,
  }),
  { nil: undefined },
);

describe('PartiQL fuzz: every answer is a result or a DynamoDB error', () => {
  it('ExecuteStatement of random statements', () => {
    fc.assert(
      fc.property(statement, parameters, (text, Parameters) => {
        check('ExecuteStatement', { Statement: text.length === 0 ? ' ' : text, ...(Parameters ? { Parameters } : {}) });
      }),
      { numRuns: 1500 },
    );
  });

  it('BatchExecuteStatement and ExecuteTransaction of random statements', () => {
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 4 }), (texts) => {
        const entries = texts.map((text) => ({ Statement: text.length === 0 ? ' ' : text }));
        check('BatchExecuteStatement', { Statements: entries });
        check('ExecuteTransaction', { TransactStatements: entries });
      }),
      { numRuns: 400 },
    );
  });
});
