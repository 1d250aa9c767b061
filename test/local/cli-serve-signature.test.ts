import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startCliServer } from './support/run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'monotable-cli-signature-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function call(endpoint: string, accessKeyId: string, secretAccessKey: string): Promise<unknown> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });
  return client.send(new ListTablesCommand({})).finally(() => client.destroy());
}

describe('monotable serve --require-signature', () => {
  it('serves keys given by --credentials and refuses others', async () => {
    const server = await startCliServer([
      '--in-memory',
      '--require-signature',
      '--credentials',
      'AKIDA:secret-a,AKIDB:secret:b',
    ]);
    try {
      expect(server.banner).toContain('signed requests only, 2 access keys');
      await expect(call(server.endpoint, 'AKIDA', 'secret-a')).resolves.toMatchObject({ TableNames: [] });
      await expect(call(server.endpoint, 'AKIDB', 'secret:b')).resolves.toMatchObject({ TableNames: [] });
      await expect(call(server.endpoint, 'AKIDA', 'secret-b')).rejects.toMatchObject({
        name: 'InvalidSignatureException',
      });
      await expect(call(server.endpoint, 'AKIDC', 'secret-a')).rejects.toMatchObject({
        name: 'UnrecognizedClientException',
      });
    } finally {
      await server.stop();
    }
  });

  it('reads keys from --credentials-file, one per line, skipping blanks and comments', async () => {
    const file = join(directory, 'keys.txt');
    writeFileSync(file, '# the team\nAKIDFILE:file-secret\n\n  AKIDTWO:two  \n');
    const server = await startCliServer(['--in-memory', '--require-signature', '--credentials-file', file]);
    try {
      await expect(call(server.endpoint, 'AKIDTWO', 'two')).resolves.toMatchObject({ TableNames: [] });
      await expect(call(server.endpoint, 'AKIDFILE', 'two')).rejects.toMatchObject({
        name: 'InvalidSignatureException',
      });
    } finally {
      await server.stop();
    }
  });

  it('serves any credentials without the flag, and refuses incomplete or malformed flags', async () => {
    const open = await startCliServer(['--in-memory']);
    await expect(call(open.endpoint, 'anything', 'at all')).resolves.toMatchObject({ TableNames: [] });
    await open.stop();
    await expect(startCliServer(['--in-memory', '--require-signature'])).rejects.toThrow(
      /--require-signature needs --credentials or --credentials-file/,
    );
    await expect(
      startCliServer(['--in-memory', '--require-signature', '--credentials', 'A:b,nosecret']),
    ).rejects.toThrow(/entry 2: expected KEY:SECRET/);
    const bad = join(directory, 'bad.txt');
    writeFileSync(bad, 'A:b\nA:c\n');
    await expect(startCliServer(['--in-memory', '--require-signature', '--credentials-file', bad])).rejects.toThrow(
      /access key A is given two different secrets/,
    );
  });
});
