import { describe, expect, it } from 'vitest';
import { parseCredentialFile, parseCredentialList } from '../../src/local/server/signing-credentials.js';

describe('signing credentials for serve --require-signature', () => {
  it('reads a comma-separated list, a secret keeping any colon after the first', () => {
    expect([...parseCredentialList('AKIDA:a,AKIDB:b:c')]).toEqual([
      ['AKIDA', 'a'],
      ['AKIDB', 'b:c'],
    ]);
  });

  it('reads a file of one entry per line, skipping blank lines and comments', () => {
    expect([...parseCredentialFile('# team\r\nAKIDA:a\n\n   \n  AKIDB:b  \n# AKIDC:c\n')]).toEqual([
      ['AKIDA', 'a'],
      ['AKIDB', 'b'],
    ]);
  });

  it('refuses malformed entries by position without echoing them, repeats with two secrets, and nothing at all', () => {
    expect(() => parseCredentialList('AKIDA:a,secret-only')).toThrow('entry 2: expected KEY:SECRET');
    expect(() => parseCredentialList('AKIDA:')).toThrow('entry 1: expected KEY:SECRET');
    expect(() => parseCredentialList(':a')).toThrow('entry 1: expected KEY:SECRET');
    expect(() => parseCredentialFile('AKIDA:a\nAKIDB:b c\n')).toThrow('line 2: expected KEY:SECRET');
    expect(() => parseCredentialFile('AKIDA:a\nAKIDA:b\n')).toThrow('access key AKIDA is given two different secrets');
    expect(parseCredentialFile('AKIDA:a\nAKIDA:a\n').size).toBe(1);
    expect(() => parseCredentialFile('# only a comment\n')).toThrow('no KEY:SECRET entry given');
    expect(() => parseCredentialList('')).toThrow('entry 1: expected KEY:SECRET');
  });
});
