import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * House rule: no code decides anything by an error's message text. Messages are the wire
 * contract and are reworded to follow DynamoDB; a branch on their words would silently
 * change cancellation reasons and error order with each rewording. The engine switches on
 * `DynamoDBError.reason` instead, and other errors are told apart by their code or shape
 * (SQLite's `code`, Node's `code`, the `bindings` package's `tries`).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.[cm]?[jt]s$/.test(entry.name) && !/\.test(-d)?\.ts$|\.test-support\.ts$/.test(entry.name),
    )
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** The ways code reads a message to decide: string tests on it, comparisons, regular expressions run on it. */
const messageTextTests: readonly RegExp[] = [
  /\b[mM]essage\??\.(includes|startsWith|endsWith|match|matchAll|search|indexOf|lastIndexOf)\(/,
  /\b[mM]essage\s*[!=]==?[^=>]/,
  /[!=]==?\s*[\w.?]*\.[mM]essage\b/,
  /\.(test|exec)\([^)]*\.[mM]essage\b/,
  /\bString\(\s*(e|err|error|caught|cause)\s*\)\.(includes|startsWith|endsWith|match|search|indexOf)\(/,
];

function messageTextBranches(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(
      ({ line }) =>
        !line.startsWith('//') && !line.startsWith('*') && messageTextTests.some((pattern) => pattern.test(line)),
    )
    .map(({ line, number }) => `${number}: ${line}`);
}

describe('house rule: errors are told apart by reason, code or shape, never by message text', () => {
  it('finds each kind of message-text test it is meant to find', () => {
    const offending = [
      "if (error.message.includes('The BETWEEN operator')) return;",
      'if (/does not match the schema/.test(error.message)) throw error;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the house rule must flag
      'return error instanceof Error && error.message === `no such table: ${name}`;',
      "if (caught.message?.startsWith('Invalid')) return;",
      "if ('Requested resource not found' === error.message) return;",
      "if (String(error).includes('ECONNRESET')) retry();",
    ];
    for (const line of offending) expect(messageTextBranches(line), line).toHaveLength(1);
    const harmless = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the house rule must flag
      'throw validationError(`Validation failed in TransactStatements[${index}]: ${error.message}`);',
      'return { Code: batchErrorCode(error.type), Message: error.message };',
      "if (error instanceof DynamoDBError && error.reason === 'key-schema-mismatch') return error;",
      '// a comment may say error.message.includes(…) is not allowed',
    ];
    for (const line of harmless) expect(messageTextBranches(line), line).toEqual([]);
  });

  it('no source file under src/ or bin/ compares message text', () => {
    const found = [...sourceFiles('src'), ...sourceFiles('bin')].flatMap((file) =>
      messageTextBranches(readFileSync(join(root, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
