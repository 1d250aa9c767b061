import type { DynamoDBStreamEvent } from '../../../src/streams/index.js';

/** A stream handler for the infrastructure tests' provisioned model: logs what changed. */
export async function audit(event: DynamoDBStreamEvent): Promise<void> {
  for (const record of event.Records) console.log(record.eventName, JSON.stringify(record.dynamodb?.Keys));
}
