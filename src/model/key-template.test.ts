import { describe, expect, it } from 'vitest';
import { EmptyKeyPartError, KeyMismatchError } from './errors.js';
import { describeTemplate, parseKeyTemplate, parseKeyValue, renderKeyTemplate, templateShape } from './key-template.js';

describe('key templates', () => {
  it('renders and parses composite keys with the separator escaped inside values', () => {
    const template = parseKeyTemplate('PERSP#{round:3}#{expert}#{n}');
    expect(template.placeholders).toEqual(['round', 'expert', 'n']);
    const key = renderKeyTemplate(template, { round: 2, expert: 'mu#ffin%', n: 1 });
    expect(key).toBe('PERSP#002#mu%23ffin%25#1');
    expect(parseKeyValue(template, key)).toEqual({ round: '002', expert: 'mu#ffin%', n: '1' });
    expect(() => parseKeyValue(template, 'OTHER#1')).toThrow(KeyMismatchError);
  });

  it('rejects missing and empty key parts before any request', () => {
    const template = parseKeyTemplate('JOB#{id}');
    expect(() => renderKeyTemplate(template, { id: '' })).toThrow(EmptyKeyPartError);
    expect(() => renderKeyTemplate(template, {})).toThrow(
      /Key part \{id\} of template 'JOB#\{id\}' is missing or empty/,
    );
  });

  it('describes templates in the guide notation and compares shapes', () => {
    expect(describeTemplate(parseKeyTemplate('JOB#{id}'))).toBe('JOB#<id>');
    expect(templateShape(parseKeyTemplate('JOB#{id}'))).toBe(templateShape(parseKeyTemplate('JOB#{jobId}')));
    expect(() => parseKeyTemplate('A#{x}{y}')).toThrow(/literal between/);
  });
});

describe('key templates joining placeholders', () => {
  it('refuses a literal between two placeholders that does not start with the separator, naming it', () => {
    // Before: 'A#{x}-{y}' rendered { x: 'a-b', y: 'c' } and { x: 'a', y: 'b-c' } both as 'A#a-b-c'.
    expect(() => parseKeyTemplate('A#{x}-{y}')).toThrow(
      "key template 'A#{x}-{y}': the literal '-' between two placeholders must start with the separator '#'",
    );
    expect(() => parseKeyTemplate('A|{x}.{y}', '|')).toThrow(/must start with the separator '\|'/);
  });

  it('accepts literals after the separator, and any literal after the last placeholder', () => {
    expect(parseKeyTemplate('A#{x}#-{y}').placeholders).toEqual(['x', 'y']);
    expect(parseKeyTemplate('A#{x}-suffix').placeholders).toEqual(['x']);
    expect(parseKeyTemplate('{x}::{y}', '::').placeholders).toEqual(['x', 'y']);
  });
});
