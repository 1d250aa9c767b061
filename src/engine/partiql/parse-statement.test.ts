import { describe, expect, it } from 'vitest';
import { DynamoDBError } from '../errors.js';
import { parseStatement } from './parse-statement.js';
import { StatementCache } from './statement-cache.js';
import { tokenize } from './tokens.js';

function messageOf(statement: string): string {
  try {
    parseStatement(statement);
  } catch (error) {
    if (error instanceof DynamoDBError) return error.message;
    throw error;
  }
  throw new Error(`parsed: ${statement}`);
}

describe('PartiQL tokens', () => {
  it('reads quoted identifiers and strings with doubled quotes, numbers, sets and parameters', () => {
    expect(
      tokenize(`SELECT "a""b" FROM t WHERE x = 'it''s' AND n = 1.5e3 AND s = <<?>>`).map((token) => [
        token.kind,
        token.text,
      ]),
    ).toEqual([
      ['identifier', 'SELECT'],
      ['quoted', 'a"b'],
      ['identifier', 'FROM'],
      ['identifier', 't'],
      ['identifier', 'WHERE'],
      ['identifier', 'x'],
      ['punctuation', '='],
      ['string', "it's"],
      ['identifier', 'AND'],
      ['identifier', 'n'],
      ['punctuation', '='],
      ['number', '1.5e3'],
      ['identifier', 'AND'],
      ['identifier', 's'],
      ['punctuation', '='],
      ['punctuation', '<<'],
      ['parameter', '?'],
      ['punctuation', '>>'],
      ['end', ''],
    ]);
  });
});

describe('PartiQL statements', () => {
  it('keywords in any case, names as written', () => {
    const parsed = parseStatement(`select Name, m.k, l[2] from "T"."Idx" where PK = ? order by SK desc`);
    expect(parsed.parameterCount).toBe(1);
    expect(parsed.statement).toMatchObject({
      kind: 'select',
      projection: [
        { name: 'Name', steps: [] },
        { name: 'm', steps: ['k'] },
        { name: 'l', steps: [2] },
      ],
      source: { table: 'T', index: 'Idx' },
      orderBy: [{ name: 'SK', descending: true }],
    });
  });

  it('UPDATE keeps every SET and REMOVE in order, RETURNING as the ReturnValues it stands for', () => {
    const parsed = parseStatement(`UPDATE t SET a = 1 SET b = b + ? REMOVE c WHERE pk = 'x' RETURNING MODIFIED NEW *`);
    expect(parsed.statement).toMatchObject({
      kind: 'update',
      actions: [
        { kind: 'set', path: { name: 'a' } },
        { kind: 'set', path: { name: 'b' } },
        { kind: 'remove', path: { name: 'c' } },
      ],
      returning: 'UPDATED_NEW',
    });
  });

  it('answers what DynamoDB refuses with its messages', () => {
    expect(messageOf('SELEC * FROM t')).toBe("Statement wasn't well formed, can't be processed: SELEC * FROM t");
    expect(messageOf('SELECT * FROM t LIMIT 1')).toBe('Unsupported clause: LIMIT at 1:23:1');
    expect(messageOf('SELECT DISTINCT a FROM t')).toBe('Unsupported token in expression: DISTINCT');
    expect(messageOf('SELECT a AS b FROM t')).toBe('Aliasing is not supported');
    expect(messageOf('SELECT a, a FROM t')).toBe('Duplicate identifiers in select clause: a');
    expect(messageOf('SELECT * FROM "t"."i"."j"')).toBe('A path may contain at most 2 components in the FROM clause');
    expect(messageOf(`INSERT INTO t VALUE {'a': 1} RETURNING ALL OLD *`)).toBe('RETURNING is not supported in INSERT');
    expect(messageOf(`INSERT INTO t VALUE [1]`)).toBe(
      'Unsupported format in item expression. Please use struct format {...} to express item values for insert statement. at 1:21:1',
    );
    expect(messageOf(`INSERT INTO t VALUE {'s': <<>>}`)).toBe('Empty bags are not supported at 1:27:2');
    expect(messageOf(`DELETE FROM t WHERE pk = 1 RETURNING ALL NEW *`)).toBe(
      'Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements.',
    );
    expect(messageOf(`UPDATE t SET a = 1 WHERE pk = 1 RETURNING ALL *`)).toBe(
      "Statement wasn't well formed, can't be processed: UPDATE t SET a = 1 WHERE pk = 1 RETURNING ALL *",
    );
    expect(messageOf(`UPDATE "t"."i" SET a = 1`)).toBe('This operation is not supported on an index');
    expect(messageOf('   ')).toBe('The statement was empty.');
  });
});

describe('PartiQL statement cache', () => {
  it('parses a text once and stays within its bound, dropping the least recently used', () => {
    const cache = new StatementCache(2);
    const first = cache.parse('SELECT * FROM t');
    cache.parse('SELECT * FROM u');
    expect(cache.parse('SELECT * FROM t')).toBe(first);
    cache.parse('SELECT * FROM v');
    expect(cache.size).toBe(2);
    expect(cache.parse('SELECT * FROM t')).toBe(first);
  });
});
