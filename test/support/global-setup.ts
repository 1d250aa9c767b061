import type { TestProject } from 'vitest/node';
import { dynamoDbLocalIsInstalled, startDynamoDbLocal, type RunningDynamoDbLocal } from './dynamodb-local.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Endpoint of the DynamoDB Local started for this run, or '' when it is not installed. */
    dynamoDbLocalEndpoint: string;
  }
}

let running: RunningDynamoDbLocal | undefined;

/** Starts one DynamoDB Local for the whole run; suites read its endpoint with `inject`. */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.MONOTABLE_SKIP_DYNAMODB_LOCAL === '1' || !dynamoDbLocalIsInstalled()) {
    if (process.env.CI) throw new Error('CI needs DynamoDB Local: run scripts/fetch-dynamodb-local.sh');
    project.provide('dynamoDbLocalEndpoint', '');
    return;
  }
  running = await startDynamoDbLocal();
  project.provide('dynamoDbLocalEndpoint', running.endpoint);
}

export async function teardown(): Promise<void> {
  await running?.stop();
}
