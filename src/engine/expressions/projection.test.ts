import { describe, expect, it } from 'vitest';
import { ExpressionAttributes } from './expression-attributes.js';
import { parseProjectionExpression, projectItem } from './projection.js';
import { validationMessage } from './validation-message.test-support.js';
import type { Item } from '../values/attribute-value.js';

const item: Item = {
  pk: { S: 'd' },
  title: { S: 'Doc' },
  count: { N: '3' },
  'dot.ted': { S: 'dot' },
  profile: { M: { name: { S: 'Ann' }, address: { M: { city: { S: 'Oslo' }, zip: { S: '0150' } } }, age: { N: '40' } } },
  l: { L: [{ S: 'a' }, { M: { x: { N: '1' }, y: { N: '2' } } }, { S: 'c' }] },
};

function project(text: string, names?: Record<string, string>): Item {
  const attributes = new ExpressionAttributes(names);
  const paths = parseProjectionExpression(text, attributes);
  attributes.assertAllUsed();
  return projectItem(item, paths);
}

describe('projection', () => {
  it('keeps top-level attributes and skips missing ones', () => {
    expect(project('title, #c, absentattr', { '#c': 'count' })).toEqual({ title: { S: 'Doc' }, count: { N: '3' } });
  });

  it('treats a dot as a path separator unless the name comes through #name', () => {
    expect(project('#d', { '#d': 'dot.ted' })).toEqual({ 'dot.ted': { S: 'dot' } });
    expect(project('dot.ted')).toEqual({});
  });

  it('returns the sparse nested document', () => {
    expect(project('profile.address.city, profile.#n', { '#n': 'name' })).toEqual({
      profile: { M: { name: { S: 'Ann' }, address: { M: { city: { S: 'Oslo' } } } } },
    });
  });

  it('gathers selected list elements in index order', () => {
    expect(project('l[2], l[1].y, l[0], l[7]')).toEqual({
      l: { L: [{ S: 'a' }, { M: { y: { N: '2' } } }, { S: 'c' }] },
    });
    expect(project('l[1].x, l[1].y')).toEqual({ l: { L: [{ M: { x: { N: '1' }, y: { N: '2' } } }] } });
  });

  it('names the overlapping paths as DynamoDB Local does: path two is the first leaf of the later paths in its path-element HashMap order', () => {
    const message = (text: string) =>
      validationMessage(() => parseProjectionExpression(text, new ExpressionAttributes())).replace(
        /^.*path one: /,
        'path one: ',
      );
    // The latest path that clashes with a later one is path one.
    expect(message('a, b, a, b')).toBe('path one: [b], path two: [b]');
    expect(message('a, b.x, b, a')).toBe('path one: [b, x], path two: [b]');
    // Path two is the later path whose element DynamoDB Local's HashMap iterates first, not the clashing one.
    expect(message('a, gsk, a')).toBe('path one: [a], path two: [gsk]');
    expect(message('a, a, b')).toBe('path one: [a], path two: [b]');
    expect(message('a, bb, b, a')).toBe('path one: [a], path two: [b]');
    expect(message('a, b.y, b.x, a')).toBe('path one: [a], path two: [b, y]');
    // Within one bucket ("q" and "a", "bb" and "BB") the first inserted, which is the later in request order.
    expect(message('q, a, q')).toBe('path one: [q], path two: [q]');
    expect(message('c[2], BB, BB, bb')).toBe('path one: [BB], path two: [bb]');
    // A map/list clash deeper down walks from the node where it was found.
    expect(message('c, a.b, a[0]')).toBe('path one: [a, b], path two: [a, [0]]');
  });

  it('orders longer names and list indexes in path two as DynamoDB Local does (not by plain String.hashCode buckets)', () => {
    // Every name goes through #name: several of them are reserved words.
    const message = (text: string) => {
      const names: Record<string, string> = {};
      const substituted = text.replace(/[a-z]+/g, (name) => ((names[`#${name}`] = name), `#${name}`));
      const attributes = new ExpressionAttributes(names);
      return validationMessage(() => parseProjectionExpression(substituted, attributes)).replace(
        /^.*path two: /,
        'path two: ',
      );
    };
    // Answers recorded from DynamoDB Local 1.25.1.
    expect(message('map.x, map, pk')).toBe('path two: [pk]');
    expect(message('tags, tags, map.a')).toBe('path two: [map, a]');
    expect(message('map.y, tags, map')).toBe('path two: [map]');
    expect(message('list[1], list, lsk')).toBe('path two: [lsk]');
    expect(message('list[2], list, a')).toBe('path two: [a]');
    expect(message('b, list[2], b')).toBe('path two: [b]');
    expect(message('o, lst, o')).toBe('path two: [o]');
    expect(message('lst, o, lst')).toBe('path two: [lst]');
    expect(message('l[0], l[15], l[0]')).toBe('path two: [l, [0]]');
    expect(message('l[0], l[14], l[0]')).toBe('path two: [l, [14]]');
  });

  it('rejects reserved words, overlapping paths and undefined names', () => {
    const message = (text: string) =>
      validationMessage(() => parseProjectionExpression(text, new ExpressionAttributes()));
    expect(message('data')).toBe(
      'Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: data',
    );
    expect(message('a, a.b')).toBe(
      'Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]',
    );
    expect(message('a.b, a[1]')).toBe(
      'Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]',
    );
    expect(message('#x')).toBe(
      'Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #x',
    );
    expect(message(`pk${' '.repeat(4095)}`)).toBe(
      'Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;',
    );
  });
});
