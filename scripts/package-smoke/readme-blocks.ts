// Runs the README's code blocks from an installed package, as a user would paste them into an
// app: `node --import tsx scripts/package-smoke/readme-blocks.ts README.md <app folder>`.
//
// Which blocks run follows the docs tests' rule (test/docs/markdown.ts): a `ts` or `sh` block
// runs unless the line before its fence says `<!-- docs-test: compile-only -->` (checked, not
// run: a server that runs until stopped, a command that needs AWS or the repository) or
// `<!-- docs-test: skip -->`. Blocks of other languages (bare fences: output, trees) are not code.
// TypeScript blocks run with the app's tsx; a shell block written as a transcript (`$ command`
// followed by its output) must print exactly that output; any other shell block runs with
// `bash -e`. All blocks share one fresh working folder inside the app, in README order.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { codeBlocks, projectRoot, type CodeBlock } from '../../test/docs/markdown.js';

const [markdownArgument, appArgument] = process.argv.slice(2);
if (!markdownArgument || !appArgument) {
  console.error('usage: readme-blocks.ts <markdown file> <app folder with monotable installed>');
  process.exit(2);
}
const app = resolve(appArgument);
const work = join(app, 'readme-run');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const environment = {
  ...process.env,
  PATH: `${join(app, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const shellLanguages = ['sh', 'bash', 'shell', 'console'];
const typeScriptLanguages = ['ts', 'typescript'];

function run(command: string, args: string[]): { ok: boolean; stdout: string; detail: string } {
  const result = spawnSync(command, args, { cwd: work, env: environment, encoding: 'utf8', timeout: 120_000 });
  const ok = result.status === 0;
  return {
    ok,
    stdout: result.stdout,
    detail: `exit ${result.status ?? result.signal}\n${result.stdout}${result.stderr}`.trim(),
  };
}

function runTypeScript(block: CodeBlock): string | undefined {
  const file = join(work, `readme-line-${block.line}.ts`);
  writeFileSync(file, `${block.code}\nexport {};\n`);
  const result = run(join(app, 'node_modules', '.bin', 'tsx'), [file]);
  return result.ok ? undefined : result.detail;
}

/** `$ command` lines and the output printed under each, or undefined for a plain script. */
function transcript(code: string): { command: string; output: string }[] | undefined {
  const lines = code.trimEnd().split('\n');
  if (!lines[0]?.startsWith('$ ')) return undefined;
  const steps: { command: string; output: string[] }[] = [];
  for (const line of lines) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: [] });
    else steps.at(-1)!.output.push(line);
  }
  return steps.map((step) => ({ command: step.command, output: step.output.join('\n').trim() }));
}

function runShell(block: CodeBlock): string | undefined {
  const steps = transcript(block.code);
  if (!steps) {
    const result = run('bash', ['-e', '-o', 'pipefail', '-c', block.code]);
    return result.ok ? undefined : result.detail;
  }
  for (const step of steps) {
    const result = run('bash', ['-e', '-o', 'pipefail', '-c', step.command]);
    if (!result.ok) return `${step.command}: ${result.detail}`;
    if (result.stdout.trim() !== step.output)
      return `${step.command}: printed\n${result.stdout.trim()}\ninstead of\n${step.output}`;
  }
  return undefined;
}

const file = relative(projectRoot, resolve(markdownArgument));
let ran = 0;
const notRun: string[] = [];
const failures: string[] = [];
for (const block of codeBlocks(file)) {
  const isTypeScript = typeScriptLanguages.includes(block.language);
  const isShell = shellLanguages.includes(block.language);
  if (!isTypeScript && !isShell) continue;
  if (block.directive !== 'run') {
    notRun.push(`${file}:${block.line} (${block.directive})`);
    continue;
  }
  const started = Date.now();
  const failure = isTypeScript ? runTypeScript(block) : runShell(block);
  ran++;
  if (failure) failures.push(`${file}:${block.line}: ${failure}`);
  console.log(`${failure ? 'FAIL' : 'ok  '}  ${file}:${block.line} ${block.language} (${Date.now() - started} ms)`);
}
for (const failure of failures) console.log(`\n${failure}`);
console.log(`not run, as marked: ${notRun.join(', ')}`);
console.log(
  `${ran - failures.length}/${ran} runnable blocks ran from the installed package (${notRun.length} marked not runnable)`,
);
process.exit(failures.length === 0 ? 0 : 1);
