import { describe, expect, it } from 'vitest';
import { applyUpdate, checkKeyAttributesUntouched, evaluationOrder } from './apply-update.js';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseUpdateExpression } from './parse-update-expression.js';
import { validationMessage } from './validation-message.test-support.js';
import type { Item } from '../values/attribute-value.js';

const item: Item = {
  pk: { S: 'u' },
  n: { N: '10' },
  s: { S: 'str' },
  l: { L: [{ S: 'a' }, { S: 'b' }, { S: 'c' }, { S: 'd' }] },
  m: { M: { a: { N: '1' } } },
  ss: { SS: ['x', 'y'] },
};

/** Every name goes through #name, as a client would for reserved words. */
function parse(text: string) {
  const names: Record<string, string> = {};
  const substituted = text.replace(/(?<![:#\w])([a-z]+)\b(?!\()/g, (name) => ((names[`#${name}`] = name), `#${name}`));
  const values = { ':one': { N: '1' }, ':v': { S: 'v' } };
  const used = Object.fromEntries(Object.entries(values).filter(([key]) => substituted.includes(key)));
  return parseUpdateExpression(
    substituted,
    new ExpressionAttributes(names, Object.keys(used).length > 0 ? used : undefined),
  );
}

const failure = (text: string) => validationMessage(() => applyUpdate(parse(text), item, ['pk']));

const MISSING = 'The provided expression refers to an attribute that does not exist in the item';
const DATA_TYPE = 'An operand in the update expression has an incorrect data type';
const INVALID_PATH = 'The document path provided in the update expression is invalid for update';

// Answers recorded from DynamoDB Local 1.25.1 for the same item.
describe('update failure precedence follows the evaluation order of the path tree', () => {
  it('reports the failing action met first in path-tree order, not in request order', () => {
    expect(failure('SET a = nope ADD s :one')).toBe(DATA_TYPE);
    expect(failure('SET l[5] = nope ADD s :one')).toBe(MISSING);
    expect(failure('SET b = nope, a = s + :one')).toBe(MISSING);
    expect(failure('SET a = nope, b = s + :one')).toBe(DATA_TYPE);
  });

  it('checks the target path of an action before its operands', () => {
    expect(failure('SET n.x = nope')).toBe(INVALID_PATH);
    expect(failure('REMOVE m.a.b SET a = nope')).toBe(INVALID_PATH);
  });

  it('evaluates operands left to right, checking each type as it comes', () => {
    expect(failure('SET y = s - nope')).toBe(DATA_TYPE);
    expect(failure('SET y = nope - s')).toBe(MISSING);
    expect(failure('SET y = list_append(s, nope)')).toBe(DATA_TYPE);
  });

  it('evaluates the fallback of if_not_exists even when the attribute exists', () => {
    expect(failure('SET z = if_not_exists(s, nope)')).toBe(MISSING);
  });

  it('names the key attribute met first in path-tree order when both are updated', () => {
    const message = (text: string) =>
      validationMessage(() => checkKeyAttributesUntouched(evaluationOrder(parse(text)), ['pk', 'sk']));
    expect(message('SET sk = :v, pk = :v')).toBe(
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    );
    expect(message('SET pk = :v, sk = :v')).toBe(
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    );
  });
});
