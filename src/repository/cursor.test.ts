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
