import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, inject } from 'vitest';

/**
 * One test suite, every engine (Kysely-style): `describeEachEngine('jobs', (engine) => { … })`
 * registers the suite once per available engine —
 *  - `in-process`: monotable's embedded engine through a real `DynamoDBClient` (no server);
 *  - `dynamodb-local`: AWS DynamoDB Local, started once per run by the global setup.
 * `MONOTABLE_TEST_ENGINES=in-process` (or `dynamodb-local`) restricts the run.
 */
export interface TestEngine {
  readonly name: 'in-process' | 'dynamodb-local';
  /** A fresh client on this engine. */
  client(): DynamoDBClient;
}

/** The shape of `createLocalClient` from `src/local` (loaded lazily, so this file stays engine-agnostic). */
type CreateLocalClient = (options: { inMemory: true }) => DynamoDBClient;

const localModulePath = fileURLToPath(new URL('../../src/local/index.ts', import.meta.url));

async function loadLocalClient(): Promise<CreateLocalClient | undefined> {
  if (!existsSync(localModulePath)) return undefined;
  try {
    const module = (await import(/* @vite-ignore */ localModulePath)) as { createLocalClient?: CreateLocalClient };
    return module.createLocalClient;
  } catch {
    return undefined;
  }
}

const createLocalClient = await loadLocalClient();
const wanted = (process.env.MONOTABLE_TEST_ENGINES ?? 'in-process,dynamodb-local').split(',').map((name) => name.trim());

/** The engines available in this run. */
export function availableEngines(): TestEngine[] {
  const engines: TestEngine[] = [];
  if (createLocalClient && wanted.includes('in-process')) {
    // One engine per suite file keeps tables of different files apart; tables are per test anyway.
    let shared: DynamoDBClient | undefined;
    engines.push({ name: 'in-process', client: () => (shared ??= createLocalClient({ inMemory: true })) });
  }
  const endpoint = inject('dynamoDbLocalEndpoint');
  if (endpoint && wanted.includes('dynamodb-local')) {
    engines.push({
      name: 'dynamodb-local',
      client: () =>
        new DynamoDBClient({
          endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          maxAttempts: 1,
        }),
    });
  }
  return engines;
}

/** Registers `suite` once per engine, titled `<title> [<engine>]`. */
export function describeEachEngine(title: string, suite: (engine: TestEngine) => void): void {
  const engines = availableEngines();
  if (engines.length === 0) {
    describe.skip(`${title} (no engine available)`, () => undefined);
    return;
  }
  for (const engine of engines) describe(`${title} [${engine.name}]`, () => suite(engine));
}

/** A table name no other test uses. */
export function uniqueTableName(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}
