import type { EngineContext } from '../operation.js';

/** `arn:aws:dynamodb:<region>:<account>:table/<name>`, as DynamoDB names a table. */
export function tableArn(context: EngineContext, tableName: string): string {
  return `arn:aws:dynamodb:${context.region}:${context.accountId}:table/${tableName}`;
}

export function indexArn(context: EngineContext, tableName: string, indexName: string): string {
  return `${tableArn(context, tableName)}/index/${indexName}`;
}

/** Whether `arn` has the form of a table ARN at all (any region and account). */
export function isTableArnShaped(arn: string): boolean {
  return /^arn:aws:dynamodb:[^:]+:\d+:table\/[^/]{3,}$/.test(arn);
}

/** The table an ARN names when it is a table ARN of this engine's region and account. */
export function tableNameFromArn(context: EngineContext, arn: string): string | undefined {
  const prefix = tableArn(context, '');
  if (!arn.startsWith(prefix)) return undefined;
  const name = arn.slice(prefix.length);
  return name.length > 0 && !name.includes('/') ? name : undefined;
}
