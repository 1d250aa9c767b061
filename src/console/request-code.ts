import { jsonText, toAttributeMap } from './dynamodb-json.js';

/** Document-client inputs whose plain values become DynamoDB JSON on the wire. */
const VALUE_MEMBERS = ['ExpressionAttributeValues', 'ExclusiveStartKey', 'Key', 'Item'] as const;

/**
 * A DocumentClient command input as the low-level request DynamoDB receives: its plain values
 * (expression values, keys, items) in DynamoDB JSON.
 *
 * @example
 * wireInput({ TableName: 't', KeyConditionExpression: '#n0 = :v0', ExpressionAttributeValues: { ':v0': 'JOB#1' } })
 * // { TableName: 't', …, ExpressionAttributeValues: { ':v0': { S: 'JOB#1' } } }
 */
export function wireInput(input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  for (const member of VALUE_MEMBERS) {
    const value = input[member];
    if (value && typeof value === 'object') out[member] = toAttributeMap(value as Record<string, unknown>);
  }
  return out;
}

/** The command as SDK v3 code on a DocumentClient: what the repository sent, runnable as it is. */
export function sdkV3Code(command: string, input: Readonly<Record<string, unknown>>): string {
  return `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ${command}Command } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const output = await client.send(new ${command}Command(${jsonText(input)}));`;
}

/**
 * The same request as one AWS CLI line: the whole low-level input as `--cli-input-json`, with
 * `--no-paginate` so that the CLI sends exactly this one request (its `Limit` and
 * `ExclusiveStartKey` included) rather than paging on its own.
 */
export function awsCliLine(operation: string, input: Readonly<Record<string, unknown>>, endpoint?: string): string {
  const name = operation.replace(/[A-Z]/g, (letter, index: number) => (index === 0 ? '' : '-') + letter.toLowerCase());
  const json = jsonText(wireInput(input), 0);
  return `aws dynamodb ${name} --cli-input-json ${shellQuote(json)} --no-paginate${endpoint ? ` --endpoint-url ${shellQuote(endpoint)}` : ''}`;
}

/** Single-quoted for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
