import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type AttributeValue,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** One key attribute of a table: its name and scalar type. */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N' | 'B';
}

/** What the item pages need to know about a table: its key, TTL attribute and stream. */
export interface TableKeys {
  readonly tableName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly ttlAttribute?: string;
  readonly streamArn?: string;
  readonly description: TableDescription;
}

/** A table the endpoint does not have (DescribeTable answered ResourceNotFoundException). */
export class TableNotFoundError extends Error {
  readonly code = 'TableNotFound';
  constructor(readonly tableName: string) {
    super(`table ${tableName} does not exist`);
  }
}

/** Reads a table's key schema, TTL attribute and latest stream ARN. */
export async function describeTableKeys(client: DynamoDBClient, tableName: string): Promise<TableKeys> {
  let description: TableDescription;
  try {
    description = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table ?? {};
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') throw new TableNotFoundError(tableName);
    throw error;
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName })).catch(() => undefined);
  const typeOf = (name: string): KeyAttribute['type'] =>
    (description.AttributeDefinitions?.find((definition) => definition.AttributeName === name)
      ?.AttributeType as KeyAttribute['type']) ?? 'S';
  const hash = description.KeySchema?.find((element) => element.KeyType === 'HASH')?.AttributeName ?? '';
  const range = description.KeySchema?.find((element) => element.KeyType === 'RANGE')?.AttributeName;
  const ttlDescription = ttl?.TimeToLiveDescription;
  return {
    tableName,
    partitionKey: { name: hash, type: typeOf(hash) },
    ...(range === undefined ? {} : { sortKey: { name: range, type: typeOf(range) } }),
    ...(ttlDescription?.TimeToLiveStatus === 'ENABLED' && ttlDescription.AttributeName
      ? { ttlAttribute: ttlDescription.AttributeName }
      : {}),
    ...(description.StreamSpecification?.StreamEnabled && description.LatestStreamArn
      ? { streamArn: description.LatestStreamArn }
      : {}),
    description,
  };
}

/** A key value typed in a URL or form (text; base64 for binary) as an attribute value. */
export function keyValueFromText(attribute: KeyAttribute, text: string): AttributeValue {
  if (attribute.type === 'N') return { N: text };
  if (attribute.type === 'B') return { B: Buffer.from(text, 'base64') };
  return { S: text };
}

/** A key attribute value as the text a URL carries (the inverse of {@link keyValueFromText}). */
export function textOfKeyValue(value: AttributeValue | undefined): string {
  if (!value) return '';
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return value.N;
  if (value.B !== undefined) return Buffer.from(value.B).toString('base64');
  return '';
}
