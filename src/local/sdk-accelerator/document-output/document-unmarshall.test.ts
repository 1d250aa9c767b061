import { describe, expect, it } from 'vitest';
import type { WireShape } from '../fast-wire/wire-shape.js';
import { documentCommands } from './document-commands.js';
import { rowsStayCovered } from './document-unmarshall.js';

const attributeValue: WireShape = { kind: 'attributeValue' };
const item: WireShape = { kind: 'map', value: attributeValue };
const member = (name: string, shape: WireShape) => ({ name, shape, idempotencyToken: false });
const struct = (...members: ReturnType<typeof member>[]): WireShape => ({ kind: 'struct', members });

describe('rowsStayCovered', () => {
  it('holds when every item of the output is one lib-dynamodb unmarshals whole', () => {
    const queryOutput = struct(
      member('Items', { kind: 'list', member: item }),
      member('LastEvaluatedKey', item),
      member('Count', { kind: 'number' }),
    );
    expect(rowsStayCovered(queryOutput, documentCommands().outputKeyNodesOf('QueryCommand'))).toBe(true);
  });

  it('fails when an item sits where lib-dynamodb does not look, or deeper than it unmarshals whole', () => {
    const output = struct(member('Items', { kind: 'list', member: item }), member('Other', item));
    expect(rowsStayCovered(output, { Items: { '*': {} } })).toBe(false);
    expect(rowsStayCovered(struct(member('Items', { kind: 'list', member: item })), { Items: {} })).toBe(false);
    expect(
      rowsStayCovered(struct(member('Items', { kind: 'list', member: item })), { Items: { '*': { '*': {} } } }),
    ).toBe(false);
  });
});

describe('documentCommands', () => {
  it('reads where lib-dynamodb unmarshals each command output', () => {
    const commands = documentCommands();
    expect(commands.outputKeyNodesOf('GetItemCommand')).toEqual({ Item: {} });
    expect(commands.outputKeyNodesOf('BatchGetItemCommand')).toMatchObject({ Responses: { '*': { '*': {} } } });
    expect(commands.outputKeyNodesOf('TransactGetItemsCommand')).toEqual({ Responses: { '*': { Item: {} } } });
    expect(commands.outputKeyNodesOf('CreateTableCommand')).toBeUndefined();
  });

  it('recognises lib-dynamodb DocumentUnmarshall by its code, and nothing else', () => {
    const commands = documentCommands();
    commands.outputKeyNodesOf('QueryCommand');
    const lookalike = (next: (args: unknown) => unknown) => (args: unknown) => next(args);
    expect(commands.isDocumentUnmarshall(lookalike)).toBe(false);
  });
});
