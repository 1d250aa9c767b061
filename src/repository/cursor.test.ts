import { describe, expect, it } from 'vitest';
import { createCursorCodec } from './cursor.js';

describe('cursors', () => {
  it('carry binary key values (B attributes of an attribute-keyed index) back as bytes', () => {
    const cursors = createCursorCodec('secret');
    const lastEvaluatedKey = { pk: 'A#1', sk: 'M', tenantId: 't1', digest: new Uint8Array([0, 1, 254]), rank: 7 };
    const decoded = cursors.decode('listing', cursors.encode('listing', lastEvaluatedKey)) as Record<string, unknown>;
    expect(decoded).toEqual(lastEvaluatedKey);
    expect(decoded.digest).toBeInstanceOf(Uint8Array);
  });
});

describe('cursors edited without changing their bytes', () => {
  const cursors = createCursorCodec('secret');
  const cursor = cursors.encode('listing', { pk: 'A#1', sk: 'M' });

  it('are refused as tampered when characters base64url skips are added', () => {
    for (const edited of [`${cursor} `, `${cursor}=`, cursor.replace('.', '. ')]) {
      expect(() => cursors.decode('listing', edited)).toThrow(
        expect.objectContaining({ payload: { reason: 'tampered' } }),
      );
    }
  });

  it("are refused as tampered when the signature's last character differs only in unused bits", () => {
    const [version, payload, signature] = cursor.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 16 bytes are 22 characters, the last carrying 2 bits: 16 spellings decode to the same bytes.
    const last = alphabet.indexOf(signature[signature.length - 1]);
    const twin = alphabet[last ^ 1];
    const edited = `${version}.${payload}.${signature.slice(0, -1)}${twin}`;
    expect(Buffer.from(edited.split('.')[2], 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(() => cursors.decode('listing', edited)).toThrow(
      expect.objectContaining({ payload: { reason: 'tampered' } }),
    );
  });
});
