import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CreateTableCommand,
  DynamoDBClient,
  PutItemCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { boto3SkipNote, hasBoto3, localAwsEnvironment, requirePythonTools } from '../support/python-tools.js';
import { startCliServer } from './support/run-cli.js';

const run = promisify(execFile);
requirePythonTools('boto3 retry over serve --cloud', { boto3: true });

const directory = mkdtempSync(join(tmpdir(), 'monotable-cloud-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function cloudFile(name: string, text: string): string {
  const file = join(directory, name);
  writeFileSync(file, text);
  return file;
}

function sdkClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
}

async function createTable(client: DynamoDBClient): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: 'jobs',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );
}

/** boto3 with its standard retry mode (3 attempts), putting once and printing how many retries it took. */
const BOTO3_STANDARD_RETRY = String.raw`
import sys, boto3
from botocore.config import Config
db = boto3.client("dynamodb", endpoint_url=sys.argv[1], config=Config(retries={"mode": "standard", "total_max_attempts": 3}))
response = db.put_item(TableName="jobs", Item={"pk": {"S": "from-boto3"}})
print(response["ResponseMetadata"]["RetryAttempts"])
try:
    db.put_item(TableName="jobs", Item={"pk": {"S": "again"}})
except db.exceptions.ProvisionedThroughputExceededException as error:
    print(error.response["Error"]["Code"], error.response["ResponseMetadata"]["RetryAttempts"], error.response["ResponseMetadata"]["HTTPStatusCode"])
`;

describe('monotable serve --cloud', () => {
  it.skipIf(!hasBoto3)(
    `boto3's and the JS SDK's standard retry recover from injected throttling; the faults are reported on stop${boto3SkipNote}`,
    async () => {
      const file = cloudFile(
        'throttling.json',
        JSON.stringify({
          seed: 3,
          faults: [
            { operation: 'PutItem', key: { pk: { S: 'from-boto3' } }, error: 'ThrottlingException', times: 2 },
            { operation: 'PutItem', key: { pk: { S: 'again' } }, error: 'ProvisionedThroughputExceededException' },
            { operation: 'PutItem', key: { pk: { S: 'from-js' } }, error: 'ThrottlingException', times: 1 },
          ],
        }),
      );
      const server = await startCliServer(['--in-memory', '--cloud', file]);
      let errors = '';
      server.child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      expect(server.banner).toContain('cloud behaviour on');
      const client = sdkClient(server.endpoint);
      await createTable(client);
      const { stdout } = await run('python3', ['-c', BOTO3_STANDARD_RETRY, server.endpoint], {
        env: localAwsEnvironment,
        timeout: 60_000,
      });
      expect(stdout.trim().split('\n')).toEqual(['2', 'ProvisionedThroughputExceededException 2 400']);
      const output = await client.send(new PutItemCommand({ TableName: 'jobs', Item: { pk: { S: 'from-js' } } }));
      expect(output.$metadata.attempts).toBe(2);
      client.destroy();
      expect(await server.stop('SIGTERM')).toBe(143);
      expect(errors).toContain('monotable: fault 1 (PutItem, ThrottlingException): matched 2, injected 2');
      expect(errors).toContain(
        'monotable: fault 2 (PutItem, ProvisionedThroughputExceededException): matched 3, injected 3',
      );
    },
  );

  it('takes shorthands over the file: --transaction-in-flight-ms makes a write meet a transaction in flight', async () => {
    const file = cloudFile('seed.json', '{ "seed": 1, "transactions": { "inFlightMs": 0 } }\n');
    const server = await startCliServer(['--in-memory', '--cloud', file, '--transaction-in-flight-ms', '60000']);
    const client = sdkClient(server.endpoint);
    try {
      await createTable(client);
      await client.send(
        new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: 'jobs', Item: { pk: { S: 'A' } } } }] }),
      );
      await expect(
        client.send(new PutItemCommand({ TableName: 'jobs', Item: { pk: { S: 'A' } } })),
      ).rejects.toMatchObject({ name: 'TransactionConflictException', $metadata: { attempts: 1 } });
    } finally {
      client.destroy();
      await server.stop();
    }
  });

  it('refuses a file that does not parse, saying at which line', async () => {
    const file = cloudFile('broken.json', '{\n  "seed": 1,\n  "faults": [\n    { "operation": "PutItem", }\n  ]\n}\n');
    await expect(startCliServer(['--in-memory', '--cloud', file])).rejects.toThrow(
      /exited with 1: error: .*broken\.json is not valid JSON: .* at line 4, column \d+/,
    );
  });

  it('refuses options that cannot be used, naming the option, and a file that cannot be read', async () => {
    const file = cloudFile(
      'wrong.json',
      JSON.stringify({ faults: [{ operation: 'PutItems', error: 'ThrottlingException' }] }),
    );
    await expect(startCliServer(['--in-memory', '--cloud', file])).rejects.toThrow(
      /wrong\.json: cloud\.faults\[0\]\.operation: "PutItems" is not an operation/,
    );
    await expect(startCliServer(['--in-memory', '--index-lag-ms', '200-50'])).rejects.toThrow(
      /error: cloud\.consistency\.indexLagMs: \[200, 50\] is inverted/,
    );
    await expect(startCliServer(['--in-memory', '--replication-lag-ms', 'soon'])).rejects.toThrow(
      /not a number of ms, or a range MIN-MAX/,
    );
    await expect(startCliServer(['--in-memory', '--cloud', join(directory, 'missing.json')])).rejects.toThrow(
      /cannot read --cloud .*missing\.json/,
    );
  });
});
