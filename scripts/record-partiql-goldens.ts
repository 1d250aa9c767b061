/**
 * Records the goldens of the PartiQL corpus (test/partiql/cases/*.json) from AWS DynamoDB
 * Local 3.3.1: every step is sent as wire JSON and its answer written as the step's
 * `expect`. Steps carrying a `correction` keep it: the corpus runner checks the corrected
 * answer (the facts file names where the service differs from DynamoDB Local).
 *
 * Usage: node --import tsx scripts/record-partiql-goldens.ts <endpoint> [case files…]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Step {
  operation: string;
  input: Record<string, unknown>;
  expect?: unknown;
  correction?: unknown;
}
interface CaseFile {
  description: string;
  tables: Record<string, unknown>[];
  steps: Step[];
}

const [endpoint, ...files] = process.argv.slice(2);
if (endpoint === undefined) throw new Error('usage: record-partiql-goldens.ts <endpoint> [case files…]');
const directory = new URL('../test/partiql/cases/', import.meta.url).pathname;
const paths =
  files.length > 0
    ? files
    : readdirSync(directory)
        .filter((name) => name.endsWith('.json'))
        .map((name) => join(directory, name));

async function send(operation: string, body: unknown): Promise<unknown> {
  const response = await fetch(endpoint as string, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status === 200) return { output: answer };
  const type = String(answer.__type).replace(/^.*#/, '');
  return {
    error: {
      type,
      message: answer.Message ?? answer.message,
      ...(answer.CancellationReasons ? { CancellationReasons: answer.CancellationReasons } : {}),
    },
  };
}

for (const path of paths) {
  const file = JSON.parse(readFileSync(path, 'utf8')) as CaseFile;
  for (const table of file.tables) await send('CreateTable', table);
  for (const step of file.steps) step.expect = await send(step.operation, step.input);
  for (const table of file.tables) await send('DeleteTable', { TableName: table.TableName });
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`${path}: ${file.steps.length} steps recorded`);
}
