import type { TestProject } from 'vitest/node';
import {
  dynamoDbLocal3Directory,
  dynamoDbLocalIsInstalled,
  startDynamoDbLocal,
  type RunningDynamoDbLocal,
} from './dynamodb-local.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Endpoint of the DynamoDB Local 1.25.1 started for this run, or '' when it is not installed. */
    dynamoDbLocalEndpoint: string;
    /** Endpoint of the DynamoDB Local 3.3.1 started for this run, or '' when it is not installed. */
    dynamoDbLocal3Endpoint: string;
  }
}

const running: RunningDynamoDbLocal[] = [];

/** `MONOTABLE_TEST_ENGINES` (see engines.ts) also says which peers are worth starting. */
const wantedEngines = (process.env.MONOTABLE_TEST_ENGINES ?? 'in-process,dynamodb-local,dynamodb-local-3')
  .split(',')
  .map((name) => name.trim());

/** Starts one DynamoDB Local of each build for the whole run; suites read the endpoints with `inject`. */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.MONOTABLE_SKIP_DYNAMODB_LOCAL === '1' || !dynamoDbLocalIsInstalled()) {
    if (process.env.CI) throw new Error('CI needs DynamoDB Local: run scripts/fetch-dynamodb-local.sh');
    project.provide('dynamoDbLocalEndpoint', '');
    project.provide('dynamoDbLocal3Endpoint', '');
    return;
  }
  const hasVersion3 = dynamoDbLocalIsInstalled(dynamoDbLocal3Directory);
  if (!hasVersion3 && process.env.CI)
    throw new Error('CI needs DynamoDB Local 3.3.1: run scripts/fetch-dynamodb-local.sh');
  const [version1, version3] = await Promise.all([
    wantedEngines.includes('dynamodb-local') ? startDynamoDbLocal() : undefined,
    hasVersion3 && wantedEngines.includes('dynamodb-local-3') ? startDynamoDbLocal(dynamoDbLocal3Directory) : undefined,
  ]);
  for (const peer of [version1, version3]) if (peer) running.push(peer);
  project.provide('dynamoDbLocalEndpoint', version1?.endpoint ?? '');
  project.provide('dynamoDbLocal3Endpoint', version3?.endpoint ?? '');
}

export async function teardown(): Promise<void> {
  await Promise.all(running.map((peer) => peer.stop()));
}
