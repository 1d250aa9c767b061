import { describe, expect, it } from 'vitest';
import { InvalidLocationError, parseLocation } from '../../src/transfer/index.js';
import { adrRowToItem } from '../../src/transfer/adr-item.js';
import { exportLineToItem, itemToExportLine } from '../../src/transfer/export-json.js';
import { JsonNumber, parseLosslessJson } from '../../src/transfer/lossless-json.js';

describe('DynamoDB JSON lines', () => {
  it('writes the format of a DynamoDB table export and reads it back', () => {
    const item = {
      pk: { S: 'a' },
      n: { N: '12345678901234567890123456789012345678' },
      b: { B: new Uint8Array([0, 1, 255]) },
      bs: { BS: [new Uint8Array([1])] },
      l: { L: [{ NULL: true as const }, { BOOL: false }, { M: { s: { SS: ['x'] }, ns: { NS: ['1.5'] } } }] },
    };
    const line = itemToExportLine(item);
    expect(JSON.parse(line)).toEqual({
      Item: {
        pk: { S: 'a' },
        n: { N: '12345678901234567890123456789012345678' },
        b: { B: 'AAH/' },
        bs: { BS: ['AQ=='] },
        l: { L: [{ NULL: true }, { BOOL: false }, { M: { s: { SS: ['x'] }, ns: { NS: ['1.5'] } } }] },
      },
    });
    expect(exportLineToItem(line)).toEqual(item);
  });

  it('names the offending value of a malformed line', () => {
    expect(() => exportLineToItem('{"Item":{"a":{"M":{"b":{"X":"1"}}}}}')).toThrow('a.b: unknown type tag "X"');
    expect(() => exportLineToItem('{"Item":{"a":{"B":"not base64!"}}}')).toThrow('a: binary value is not base64');
    expect(() => exportLineToItem('{"pk":{"S":"a"}}')).toThrow('expected {"Item": {…}}');
  });
});

describe('lossless JSON', () => {
  it('keeps the exact text of numbers', () => {
    expect(parseLosslessJson('{"a":[12345678901234567890123456789012345678, -1.5e-130, 0]}')).toEqual({
      a: [new JsonNumber('12345678901234567890123456789012345678'), new JsonNumber('-1.5e-130'), new JsonNumber('0')],
    });
  });

  it('parses like JSON.parse otherwise', () => {
    const text = '{"s":"\\u00e9\\n\\"","t":true,"f":false,"z":null,"o":{"__proto__":{}},"e":[]}';
    expect(parseLosslessJson(text)).toEqual(JSON.parse(text));
  });

  it('rejects invalid JSON', () => {
    for (const text of ['{', '{"a":01}', '[1,]', '"x', '{} x', 'nul'])
      expect(() => parseLosslessJson(text), text).toThrow();
  });
});

describe('ADR rows', () => {
  it('map pk/sk columns to string keys and created_at to an attribute', () => {
    expect(adrRowToItem({ pk: 'realm', sk: 'META', data: '{"name":"x","n":1}', created_at: '2026-01-01' })).toEqual({
      pk: { S: 'realm' },
      sk: { S: 'META' },
      name: { S: 'x' },
      n: { N: '1' },
      created_at: { S: '2026-01-01' },
    });
  });

  it('refuse rows DynamoDB could not hold', () => {
    expect(() => adrRowToItem({ pk: '', sk: 'META', data: '{}', created_at: 'x' })).toThrow('pk column is empty');
    expect(() => adrRowToItem({ pk: 'a', sk: 'b', data: '[1]', created_at: 'x' })).toThrow('must hold a JSON object');
    expect(() => adrRowToItem({ pk: 'a', sk: 'b', data: '{', created_at: 'x' })).toThrow('not valid JSON');
  });
});

describe('locations', () => {
  it('parses every kind', () => {
    expect(parseLocation('sqlite:data/app.db')).toEqual({ kind: 'sqlite', path: 'data/app.db' });
    expect(parseLocation('adr-sqlite:blue.db?table=blue_dialogue')).toEqual({
      kind: 'adr-sqlite',
      path: 'blue.db',
      table: 'blue_dialogue',
    });
    expect(parseLocation('adr-sqlite:blue.db')).toEqual({ kind: 'adr-sqlite', path: 'blue.db' });
    expect(parseLocation('http://127.0.0.1:8000/')).toEqual({ kind: 'endpoint', url: 'http://127.0.0.1:8000' });
    expect(parseLocation('aws')).toEqual({ kind: 'aws' });
    expect(parseLocation('aws:eu-west-1')).toEqual({ kind: 'aws', region: 'eu-west-1' });
  });

  it('explains what it expected', () => {
    expect(() => parseLocation('app.db')).toThrow(InvalidLocationError);
    expect(() => parseLocation('sqlite:')).toThrow('missing file path');
    expect(() => parseLocation('aws:moon')).toThrow('not an AWS region name');
  });
});
