/**
 * Deep inputs: requests whose values, expressions, statements or JSON bodies nest far past
 * DynamoDB's 32 levels (and a few very wide ones: 100,000 list elements, expression names
 * or values), sent over raw HTTP to one server and handed to an in-process engine,
 * plus SDK calls as deep as the SDK itself can serialize. Every answer must be DynamoDB's
 * (200 or a 400 with its error type), never a 500, and the server must keep serving.
 * Prints the answers by type, the slowest call per depth, and the RSS.
 *
 *   node --import tsx scripts/reliability/deep-inputs.ts          # up to 1,000,000 levels
 *   node --import tsx scripts/reliability/deep-inputs.ts --quick  # up to 100,000 levels, for CI
 */
import { CreateTableCommand, DynamoDBClient, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoDBError } from '../../src/engine/errors.js';
import { Engine } from '../../src/engine/engine.js';
import { createLocalClient } from '../../src/local/index.js';
import { startServer } from '../../src/local/server/start-server.js';

const quick = process.argv.includes('--quick');
const DEPTHS = quick ? [33, 257, 1_000, 100_000] : [33, 257, 1_000, 10_000, 100_000, 1_000_000];
/** The AWS SDK's own request logging recurses: past about a thousand levels it throws before sending. */
const SDK_DEPTHS = [33, 1_000];
const TABLE = 'deep';
/** One call slower than this is a finding: a walk that is not linear froze the server. */
const SLOW_CALL_MS = 10_000;
/** An HTTP call not answered by then ends the run (the server is stuck). */
const HTTP_TIMEOUT_MS = 60_000;
const AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

const maps = (levels: number): string => `${'{"M":{"a":'.repeat(levels)}{"S":"x"}${'}}'.repeat(levels)}`;
const lists = (levels: number): string => `${'{"L":['.repeat(levels)}{"S":"x"}${']}'.repeat(levels)}`;
const junk = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const arrays = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
const text = (value: string): string => JSON.stringify(value);

/** Each shape: the operation and its body for a depth. */
const shapes: Record<string, (levels: number) => [string, string]> = {
  itemOfMaps: (n) => ['PutItem', `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"},"d":${maps(n)}}}`],
  itemOfLists: (n) => ['PutItem', `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"},"d":${lists(n)}}}`],
  key: (n) => ['GetItem', `{"TableName":"${TABLE}","Key":{"pk":${maps(n)}}}`],
  expressionValue: (n) => [
    'UpdateItem',
    `{"TableName":"${TABLE}","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET b = :v","ExpressionAttributeValues":{":v":${lists(n)}}}`,
  ],
  startKey: (n) => ['Scan', `{"TableName":"${TABLE}","ExclusiveStartKey":{"pk":${maps(n)}}}`],
  scanFilter: (n) => [
    'Scan',
    `{"TableName":"${TABLE}","ScanFilter":{"d":{"ComparisonOperator":"EQ","AttributeValueList":[${maps(n)}]}}}`,
  ],
  transactGet: (n) => [
    'TransactGetItems',
    `{"TransactItems":[{"Get":{"TableName":"${TABLE}","Key":{"pk":${maps(n)}}}}]}`,
  ],
  transactTokenJunk: (n) => [
    'TransactWriteItems',
    `{"ClientRequestToken":"t${n}","TransactItems":[{"Put":{"TableName":"${TABLE}","Item":{"pk":{"S":"t"}},"Junk":${arrays(n)}}}]}`,
  ],
  ignoredMember: (n) => ['PutItem', `{"TableName":"${TABLE}","Item":{"pk":{"S":"j"}},"Junk":${junk(n)}}`],
  partiqlParameter: (n) => [
    'ExecuteStatement',
    `{"Statement":"SELECT * FROM ${TABLE} WHERE pk IN [?, ?]","Parameters":[${maps(n)},${maps(n)}]}`,
  ],
  partiqlLiteral: (n) => [
    'ExecuteStatement',
    `{"Statement":${text(`INSERT INTO ${TABLE} VALUE {'pk': 'z', 'd': ${'['.repeat(Math.min(n, 4_000))}1${']'.repeat(Math.min(n, 4_000))}}`)}}`,
  ],
  partiqlParentheses: (n) => [
    'ExecuteStatement',
    `{"Statement":${text(`SELECT * FROM ${TABLE} WHERE ${'('.repeat(Math.min(n, 4_000))}pk = 'a'${')'.repeat(Math.min(n, 4_000))}`)}}`,
  ],
  conditionParentheses: (n) => [
    'PutItem',
    `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"}},"ConditionExpression":${text(`${'('.repeat(Math.min(n, 2_000))}attribute_exists(pk)${')'.repeat(Math.min(n, 2_000))}`)}}`,
  ],
  updateParentheses: (n) => [
    'UpdateItem',
    `{"TableName":"${TABLE}","Key":{"pk":{"S":"a"}},"UpdateExpression":${text(`SET b = ${'('.repeat(Math.min(n, 2_000))}:v${')'.repeat(Math.min(n, 2_000))}`)},"ExpressionAttributeValues":{":v":{"N":"1"}}}`,
  ],
  bodyArray: (n) => ['ListTables', arrays(n)],
  memberOfWrongType: (n) => ['PutItem', `{"TableName":${arrays(n)},"Item":{"pk":{"S":"a"}}}`],
  manyExpressionValues: (n) => [
    'PutItem',
    `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(pk)","ExpressionAttributeValues":{${Array.from({ length: Math.min(n, 100_000) }, (_, i) => `":v${i}":{"S":"x"}`).join(',')}}}`,
  ],
  manyExpressionNames: (n) => [
    'PutItem',
    `{"TableName":"${TABLE}","Item":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(pk)","ExpressionAttributeNames":{${Array.from({ length: Math.min(n, 100_000) }, (_, i) => `"#n${i}":"x"`).join(',')}}}`,
  ],
  wideList: (n) => [
    'PutItem',
    `{"TableName":"${TABLE}","Item":{"pk":{"S":"w"},"d":{"L":[${Array(Math.min(n, 100_000)).fill('{"N":"1"}').join(',')}]}}}`,
  ],
};

/** One answer: its HTTP status (in-process: 200 or the error's) and DynamoDB error type. */
interface Answer {
  readonly status: number;
  readonly type: string;
}

const tally = new Map<string, number>();
const slowestByDepth = new Map<number, number>();
const findings: string[] = [];

function note(where: string, shape: string, levels: number, answer: Answer, milliseconds: number): void {
  const label = `${answer.status} ${answer.type}`;
  tally.set(label, (tally.get(label) ?? 0) + 1);
  slowestByDepth.set(levels, Math.max(slowestByDepth.get(levels) ?? 0, milliseconds));
  if (answer.status >= 500 || answer.type === 'not DynamoDB')
    findings.push(`${where} ${shape} at ${levels} levels: ${label}`);
  if (milliseconds > SLOW_CALL_MS)
    findings.push(`${where} ${shape} at ${levels} levels: took ${Math.round(milliseconds)} ms`);
}

async function overHttp(endpoint: string, operation: string, body: string): Promise<Answer> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      authorization: AUTHORIZATION,
    },
    body,
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const answer = (await response.json()) as { __type?: string };
  return { status: response.status, type: answer.__type?.replace(/^.*#/, '') ?? 'none' };
}

function inProcess(engine: Engine, operation: string, body: string): Answer {
  try {
    engine.handle(operation, JSON.parse(body));
    return { status: 200, type: 'none' };
  } catch (error) {
    if (error instanceof DynamoDBError) return { status: error.statusCode, type: error.type };
    return { status: 500, type: 'not DynamoDB' };
  }
}

function nestedMaps(levels: number): AttributeValue {
  let value: AttributeValue = { S: 'x' };
  for (let level = 0; level < levels; level++) value = { M: { a: value } };
  return value;
}

async function main(): Promise<void> {
  // The SDK warns that its 2027 releases need Node 22; the pinned releases support Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const tableDefinition = {
    TableName: TABLE,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' as const }],
  };
  const server = await startServer({ port: 0, inMemory: true });
  const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', tableDefinition);
  const sdkClients: Record<string, DynamoDBClient> = {
    'sdk in-process': createLocalClient({ inMemory: true }),
    'sdk http': new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    }),
  };
  for (const client of Object.values(sdkClients)) await client.send(new CreateTableCommand(tableDefinition));
  await overHttp(server.endpoint, 'CreateTable', JSON.stringify(tableDefinition));

  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  let largestBody = 0;
  let requests = 0;
  let stuck = false;
  run: for (const levels of DEPTHS) {
    for (const [shape, make] of Object.entries(shapes)) {
      const [operation, body] = make(levels);
      largestBody = Math.max(largestBody, body.length);
      let started = performance.now();
      try {
        note('http', shape, levels, await overHttp(server.endpoint, operation, body), performance.now() - started);
      } catch {
        findings.push(`http ${shape} at ${levels} levels: no answer within ${HTTP_TIMEOUT_MS} ms`);
        stuck = true;
        break run;
      }
      started = performance.now();
      note('in-process', shape, levels, inProcess(engine, operation, body), performance.now() - started);
      requests += 2;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
  }
  for (const [where, client] of Object.entries(sdkClients)) {
    for (const levels of stuck ? [] : SDK_DEPTHS) {
      const started = performance.now();
      let answer: Answer;
      try {
        await client.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'a' }, d: nestedMaps(levels) } }));
        answer = { status: 200, type: 'none' };
      } catch (error) {
        const { name, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } };
        answer = { status: $metadata?.httpStatusCode ?? 0, type: $metadata ? name : 'not DynamoDB' };
      }
      note(where, 'itemOfMaps', levels, answer, performance.now() - started);
      requests++;
    }
  }
  const health = stuck ? { status: 0 } : await fetch(server.endpoint, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  const figures = {
    mode: quick ? 'quick' : 'full',
    depths: DEPTHS,
    shapes: Object.keys(shapes).length,
    requests,
    answers: Object.fromEntries([...tally.entries()].sort()),
    non400Failures: findings.length,
    slowestMsByDepth: Object.fromEntries([...slowestByDepth.entries()].map(([levels, ms]) => [levels, Math.round(ms)])),
    largestBodyMb: Math.round((largestBody / (1024 * 1024)) * 10) / 10,
    serverHealthyAfter: health.status === 200,
    rssStartMb: Math.round(rssStart / (1024 * 1024)),
    rssPeakMb: Math.round(rssPeak / (1024 * 1024)),
  };
  console.log(JSON.stringify(figures, null, 2));
  for (const finding of findings) console.log(`finding: ${finding}`);
  for (const client of Object.values(sdkClients)) client.destroy();
  engine.close();
  if (!stuck) await server.close();
  const ok = findings.length === 0 && health.status === 200;
  console.log(ok ? 'deep-inputs: PASS' : 'deep-inputs: FAIL');
  process.exit(ok ? 0 : 1);
}

await main();
