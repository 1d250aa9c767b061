import {
  DynamoDBClient,
  CreateTableCommand,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe } from 'vitest';
import { createLocalClient, startServer, type RunningServer } from '../../../src/local/index.js';
import { availableEngines, uniqueTableName, type TestEngineName } from '../../support/engines.js';

/**
 * Where a drop-in gap is checked: monotable in-process (`createLocalClient`), monotable over
 * HTTP (`startServer`), and the DynamoDB Local peers that serve as the reference.
 */
export type TargetName = 'in-process' | 'http' | Exclude<TestEngineName, 'in-process'>;

export interface Target {
  readonly name: TargetName;
  /** Whether this is monotable (as opposed to a reference peer). */
  readonly monotable: boolean;
  client(): Promise<DynamoDBClient>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

function monotableTargets(): Target[] {
  let inProcess: DynamoDBClient | undefined;
  let overHttp: Promise<DynamoDBClient> | undefined;
  return [
    { name: 'in-process', monotable: true, client: async () => (inProcess ??= createLocalClient({ inMemory: true })) },
    {
      name: 'http',
      monotable: true,
      client: () =>
        (overHttp ??= startServer({ port: 0 }).then((server) => {
          servers.push(server);
          return new DynamoDBClient({ endpoint: server.endpoint, region: 'us-east-1', credentials, maxAttempts: 1 });
        })),
    },
  ];
}

/**
 * Registers `suite` once per target: monotable in-process and over HTTP, plus the peers in
 * `peers` (default DynamoDB Local 1.25.1) that this run started.
 */
export function describeOnTargets(
  title: string,
  suite: (target: Target) => void,
  peers: readonly Exclude<TestEngineName, 'in-process'>[] = ['dynamodb-local'],
): void {
  const wantsMonotable = availableEngines(['in-process']).length > 0;
  const targets: Target[] = [
    ...(wantsMonotable ? monotableTargets() : []),
    ...availableEngines(peers).map((engine) => ({
      name: engine.name as TargetName,
      monotable: false,
      client: async () => engine.client(),
    })),
  ];
  for (const target of targets) describe(`${title} [${target.name}]`, () => suite(target));
}

/** Creates a table with a string partition key `pk` (and the given extras) and returns its name. */
export async function createTable(
  client: DynamoDBClient,
  prefix: string,
  extra: {
    readonly keySchema?: KeySchemaElement[];
    readonly attributeDefinitions?: AttributeDefinition[];
    readonly globalSecondaryIndexes?: ConstructorParameters<typeof CreateTableCommand>[0]['GlobalSecondaryIndexes'];
  } = {},
): Promise<string> {
  const tableName = uniqueTableName(prefix);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      KeySchema: extra.keySchema ?? [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: extra.attributeDefinitions ?? [{ AttributeName: 'pk', AttributeType: 'S' }],
      GlobalSecondaryIndexes: extra.globalSecondaryIndexes,
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  return tableName;
}
