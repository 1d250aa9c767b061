import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, ListStreamsCommand } from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignatureVerifier } from '../../src/local/server/signature-v4.js';
import { startServer, type RunningServer } from '../../src/local/server/start-server.js';
import { boto3SkipNote, hasBoto3, localAwsEnvironment, requirePythonTools } from '../support/python-tools.js';

const run = promisify(execFile);
requirePythonTools('signed-request boto3 tests', { boto3: true });

const TEAM = { accessKeyId: 'AKIDTEAM', secretAccessKey: 'team-secret/with+chars' };
const OTHER = { accessKeyId: 'AKIDOTHER', secretAccessKey: 'other-secret' };
const MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    requireSignature: {
      credentials: { [TEAM.accessKeyId]: TEAM.secretAccessKey, [OTHER.accessKeyId]: OTHER.secretAccessKey },
    },
  });
});
afterAll(() => server.close());

function client(
  credentials: { accessKeyId: string; secretAccessKey: string },
  extra: { systemClockOffset?: number; maxAttempts?: number } = {},
): DynamoDBClient {
  return new DynamoDBClient({ endpoint: server.endpoint, region: 'us-east-1', credentials, maxAttempts: 1, ...extra });
}

/** The error a call fails with (the test fails if it succeeds). */
async function failure(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; $metadata: { httpStatusCode?: number } }> {
  try {
    await promise;
  } catch (error) {
    return error as never;
  }
  throw new Error('the call succeeded');
}

interface CapturedRequest {
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * The request the SDK would send for ListTables, signed by the SDK itself (with its clock
 * moved by `offsetMs`), captured before it leaves so it can be replayed over raw HTTP.
 * With `gzip`, the body is compressed before signing, as a client compressing requests does.
 */
async function signedBySdk(offsetMs: number, gzip = false): Promise<CapturedRequest> {
  const sdk = client(TEAM, { systemClockOffset: offsetMs });
  if (gzip) {
    sdk.middlewareStack.addRelativeTo(
      ((next: (args: { request: unknown }) => Promise<unknown>) => async (args: { request: unknown }) => {
        const request = args.request as { headers: Record<string, string>; body: string | Uint8Array };
        request.body = gzipSync(Buffer.from(request.body));
        request.headers['content-encoding'] = 'gzip';
        request.headers['content-length'] = String(request.body.length);
        return next(args);
      }) as unknown as Parameters<typeof sdk.middlewareStack.addRelativeTo>[0],
      { relation: 'before', toMiddleware: 'httpSigningMiddleware', name: 'gzipBodyForTest' },
    );
  }
  let captured: CapturedRequest | undefined;
  sdk.middlewareStack.add(
    () => async (args) => {
      const request = args.request as { headers: Record<string, string>; body: string | Buffer };
      captured = { headers: { ...request.headers }, body: Buffer.from(request.body) };
      throw new Error('captured');
    },
    { step: 'finalizeRequest', priority: 'low', name: 'captureForTest' },
  );
  await sdk.send(new ListTablesCommand({})).catch(() => undefined);
  sdk.destroy();
  if (!captured) throw new Error('nothing captured');
  return captured;
}

function send(
  captured: CapturedRequest,
): Promise<{ status: number; body: { __type?: string; message?: string; TableNames?: string[] } }> {
  return new Promise((resolve, reject) => {
    // A connection of its own: one whose request went to Node's HTTP server stays there.
    const outgoing = httpRequest(
      `${server.endpoint}/`,
      { method: 'POST', headers: captured.headers, agent: false },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(captured.body);
  });
}

/** `20240102T030405Z` for a time in ms. */
const basic = (time: number): string =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('monotable serve with requireSignature', () => {
  it('serves SDK calls signed with a configured key, DynamoDB and DynamoDB Streams targets alike', async () => {
    for (const credentials of [TEAM, OTHER]) {
      const sdk = client(credentials);
      await expect(sdk.send(new ListTablesCommand({}))).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
      sdk.destroy();
    }
    const sdk = client(TEAM);
    await sdk.send(
      new CreateTableCommand({
        TableName: 'signed',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
      }),
    );
    expect((await sdk.send(new ListTablesCommand({}))).TableNames).toEqual(['signed']);
    sdk.destroy();
    const streams = new DynamoDBStreamsClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: TEAM,
      maxAttempts: 1,
    });
    expect((await streams.send(new ListStreamsCommand({}))).Streams).toHaveLength(1);
    streams.destroy();
  });

  it('refuses a wrong secret with InvalidSignatureException and an unknown key with UnrecognizedClientException', async () => {
    const wrongSecret = client({ accessKeyId: TEAM.accessKeyId, secretAccessKey: 'not-the-secret' });
    const refused = await failure(wrongSecret.send(new ListTablesCommand({})));
    expect(refused).toMatchObject({
      name: 'InvalidSignatureException',
      message: MISMATCH,
      $metadata: { httpStatusCode: 400 },
    });
    wrongSecret.destroy();

    const unknown = client({ accessKeyId: 'AKIDNOBODY', secretAccessKey: TEAM.secretAccessKey });
    expect(await failure(unknown.send(new ListTablesCommand({})))).toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      $metadata: { httpStatusCode: 400 },
    });
    unknown.destroy();

    const streams = new DynamoDBStreamsClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: OTHER.accessKeyId, secretAccessKey: TEAM.secretAccessKey },
      maxAttempts: 1,
    });
    expect(await failure(streams.send(new ListStreamsCommand({})))).toMatchObject({
      name: 'InvalidSignatureException',
      message: MISMATCH,
    });
    streams.destroy();
  });

  it('refuses a signature scoped to another region', async () => {
    const elsewhere = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'eu-west-1',
      credentials: TEAM,
      maxAttempts: 1,
    });
    expect(await failure(elsewhere.send(new ListTablesCommand({})))).toMatchObject({
      name: 'InvalidSignatureException',
      message: "Credential should be scoped to a valid region, not 'eu-west-1'. ",
    });
    elsewhere.destroy();
  });

  it('answers an expired and a too-futuristic signature over raw HTTP with the service messages', async () => {
    for (const [offsetMs, pattern] of [
      [
        -6 * 60_000,
        /^Signature expired: (\d{8}T\d{6}Z) is now earlier than (\d{8}T\d{6}Z) \((\d{8}T\d{6}Z) - 5 min\.\)$/,
      ],
      [
        6 * 60_000,
        /^Signature not yet current: (\d{8}T\d{6}Z) is still later than (\d{8}T\d{6}Z) \((\d{8}T\d{6}Z) \+ 5 min\.\)$/,
      ],
    ] as const) {
      const before = Date.now();
      const captured = await signedBySdk(offsetMs);
      const answer = await send(captured);
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toBe('com.amazon.coral.service#InvalidSignatureException');
      const match = pattern.exec(answer.body.message ?? '');
      expect(match, answer.body.message).not.toBeNull();
      const [, signedAt, bound, now] = match!;
      expect(signedAt).toBe(captured.headers['x-amz-date']);
      // The server's clock, and the bound five minutes from it.
      expect(
        Date.parse(now.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z')),
      ).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      const shift = offsetMs < 0 ? -5 * 60_000 : 5 * 60_000;
      const nowMs = Date.parse(now.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'));
      expect(bound).toBe(basic(nowMs + shift));
    }
  });

  it('serves a signature four minutes off, the same request replayed raw, and a compressed body signed as sent', async () => {
    expect((await send(await signedBySdk(-4 * 60_000))).body.TableNames).toBeDefined();
    expect((await send(await signedBySdk(4 * 60_000))).body.TableNames).toBeDefined();
    // Compressed: Node's HTTP server reads it (the lean path hands it over), and checks the bytes sent.
    const compressed = await signedBySdk(0, true);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(await send(compressed)).toMatchObject({ status: 200 });
    // A body other than the one signed, on each path.
    const refusal = { __type: 'com.amazon.coral.service#InvalidSignatureException', message: MISMATCH };
    const tampered = await signedBySdk(0);
    const other = Buffer.from('{"Limit":1}');
    expect(
      (await send({ body: other, headers: { ...tampered.headers, 'content-length': String(other.length) } })).body,
    ).toEqual(refusal);
    const otherCompressed = gzipSync(other);
    const headers = { ...compressed.headers, 'content-length': String(otherCompressed.length) };
    expect((await send({ body: otherCompressed, headers })).body).toEqual(refusal);
  });

  it('lets an SDK with a skewed clock correct it from the answer and retry, as against the service', async () => {
    const skewed = client(TEAM, { systemClockOffset: -20 * 60_000, maxAttempts: 3 });
    await expect(skewed.send(new ListTablesCommand({}))).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    skewed.destroy();
  });

  it('still answers a request without credentials MissingAuthenticationTokenException, and a malformed one IncompleteSignatureException', async () => {
    const base = await signedBySdk(0);
    const { authorization: _dropped, ...unsigned } = base.headers;
    expect((await send({ ...base, headers: unsigned })).body).toEqual({
      __type: 'com.amazon.coral.service#MissingAuthenticationTokenException',
      message: 'Request is missing Authentication Token',
    });
    expect((await send({ ...base, headers: { ...unsigned, authorization: 'x' } })).body).toEqual({
      __type: 'com.amazon.coral.service#IncompleteSignatureException',
      message:
        "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. Authorization=x",
    });
  });

  it.skipIf(!hasBoto3)(
    `passes boto3 calls with a configured key and refuses a wrong secret and an unknown key${boto3SkipNote}`,
    async () => {
      const script = String.raw`
import sys, boto3
from botocore.exceptions import ClientError
def db(key, secret):
    return boto3.client("dynamodb", endpoint_url=sys.argv[1], aws_access_key_id=key, aws_secret_access_key=secret,
        config=boto3.session.Config(retries={"max_attempts": 1}))
assert "TableNames" in db(sys.argv[2], sys.argv[3]).list_tables()
assert "Streams" in boto3.client("dynamodbstreams", endpoint_url=sys.argv[1], aws_access_key_id=sys.argv[2],
    aws_secret_access_key=sys.argv[3]).list_streams()
for key, secret, code in [(sys.argv[2], "wrong", "InvalidSignatureException"), ("AKIDNOBODY", sys.argv[3], "UnrecognizedClientException")]:
    try:
        db(key, secret).list_tables()
        raise SystemExit("a bad signature was served")
    except ClientError as error:
        assert error.response["Error"]["Code"] == code, error.response
        assert error.response["ResponseMetadata"]["HTTPStatusCode"] == 400
        print(code, error.response["Error"]["Message"])
print("boto3 ok")
`;
      const { stdout } = await run('python3', ['-c', script, server.endpoint, TEAM.accessKeyId, TEAM.secretAccessKey], {
        env: localAwsEnvironment,
        timeout: 60_000,
      });
      expect(stdout.trim().split('\n')).toEqual([
        `InvalidSignatureException ${MISMATCH}`,
        'UnrecognizedClientException The security token included in the request is invalid.',
        'boto3 ok',
      ]);
    },
  );
});

describe('SignatureVerifier clock skew', () => {
  it('serves a signing time up to 5 minutes either side of its clock and refuses one second more', async () => {
    const captured = await signedBySdk(0);
    const signedAt = Date.parse(
      captured.headers['x-amz-date'].replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const request = {
      method: 'POST',
      url: '/',
      rawHeaders: Object.entries(captured.headers).flat(),
      body: captured.body,
    };
    const at = (now: number) =>
      new SignatureVerifier({
        credentials: new Map([[TEAM.accessKeyId, TEAM.secretAccessKey]]),
        region: 'us-east-1',
        now: () => now,
      }).verify(request);
    expect(at(signedAt + 5 * 60_000)).toBeUndefined();
    expect(at(signedAt - 5 * 60_000)).toBeUndefined();
    expect(at(signedAt + 5 * 60_000 + 1_000)).toEqual({
      type: 'InvalidSignatureException',
      message: `Signature expired: ${basic(signedAt)} is now earlier than ${basic(signedAt + 1_000)} (${basic(signedAt + 5 * 60_000 + 1_000)} - 5 min.)`,
    });
    expect(at(signedAt - 5 * 60_000 - 1_000)).toEqual({
      type: 'InvalidSignatureException',
      message: `Signature not yet current: ${basic(signedAt)} is still later than ${basic(signedAt - 1_000)} (${basic(signedAt - 5 * 60_000 - 1_000)} + 5 min.)`,
    });
  });
});
