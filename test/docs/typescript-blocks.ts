import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { projectRoot, where, type CodeBlock } from './markdown.js';

/** Where the blocks are written: inside the repo so that imports resolve as in real code; git-ignored. */
export const generatedDirectory = join(projectRoot, 'test', 'docs', '.generated');

/** A README block as a module file, with the imports rewritten to the repository's sources. */
export interface GeneratedBlock {
  readonly block: CodeBlock;
  readonly path: string;
}

/**
 * The package's public entry points, `monotable/local` → `src/local/index.ts`, read from
 * package.json `exports` (`./dist/src/local/index.js` is built from `src/local/index.ts`,
 * `./dist/examples/…` from `examples/…`), so a README importing a subpath the package does not
 * export fails the test.
 */
export function packageEntryPoints(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, { default: string } | string>;
  };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    const source = target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts');
    entries.set(specifier, join(projectRoot, source));
  }
  return entries;
}

const importPattern = /(\bfrom\s+|\bimport\s+|\bimport\(\s*)(['"])([^'"]+)\2/g;

/**
 * Rewrites a block's module specifiers for a file in `generatedDirectory`: package subpaths to
 * the sources behind them, and relative paths (written from the Markdown file's folder) to the
 * same files seen from the generated folder. Bare specifiers of dependencies stay as they are.
 */
export function rewriteImports(block: CodeBlock, entries = packageEntryPoints()): { code: string; problems: string[] } {
  const problems: string[] = [];
  const markdownFolder = dirname(join(projectRoot, block.file));
  const code = block.code.replace(importPattern, (whole, keyword: string, quote: string, specifier: string) => {
    let target: string | undefined;
    if (specifier === 'monotable' || specifier.startsWith('monotable/')) {
      target = entries.get(specifier);
      if (!target)
        problems.push(`'${specifier}' is not exported by package.json (exports: ${[...entries.keys()].join(', ')})`);
    } else if (specifier.startsWith('.')) {
      const absolute = resolve(markdownFolder, specifier);
      target = absolute.replace(/\.js$/, '.ts');
      if (!existsSync(target) && !existsSync(absolute))
        problems.push(`'${specifier}' does not exist (seen from ${block.file})`);
    }
    if (!target) return whole;
    let path = relative(generatedDirectory, target).split(sep).join('/').replace(/\.ts$/, '.js');
    if (!path.startsWith('.')) path = `./${path}`;
    return `${keyword}${quote}${path}${quote}`;
  });
  return { code, problems };
}

/** Writes each block as `test/docs/.generated/<doc>-line-<n>.ts` (a module: `export {}` appended). */
export function writeGeneratedBlocks(blocks: readonly CodeBlock[]): {
  generated: GeneratedBlock[];
  problems: string[];
} {
  rmSync(generatedDirectory, { recursive: true, force: true });
  mkdirSync(generatedDirectory, { recursive: true });
  const entries = packageEntryPoints();
  const generated: GeneratedBlock[] = [];
  const problems: string[] = [];
  for (const block of blocks) {
    const { code, problems: blockProblems } = rewriteImports(block, entries);
    problems.push(...blockProblems.map((problem) => `${where(block)}: ${problem}`));
    const name = `${block.file.replace(/\.md$/i, '').replace(/[^\w]+/g, '-')}-line-${block.line}.ts`;
    const path = join(generatedDirectory, name);
    // The trailing export makes every block a module, so blocks never share a global scope.
    writeFileSync(path, `// ${where(block)}\n${code}\nexport {};\n`);
    generated.push({ block, path });
  }
  return { generated, problems };
}

/** Type-checks the generated files with the project's compiler options; one message per error. */
export function typeCheck(paths: readonly string[]): string[] {
  const configPath = join(projectRoot, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, projectRoot, { noEmit: true }, configPath);
  const program = ts.createProgram({ rootNames: [...paths], options: parsed.options });
  const wanted = new Set(paths.map((path) => resolve(path)));
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => !diagnostic.file || wanted.has(resolve(diagnostic.file.fileName)))
    .map((diagnostic) => {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!diagnostic.file || diagnostic.start === undefined) return text;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      // The header comment names the fence (`// README.md:250`) and takes the place of the fence
      // line, so the 0-based generated line n is n lines below the fence in the Markdown file.
      const [, file, fence] = /^\/\/ (.*):(\d+)$/.exec(diagnostic.file.text.split('\n', 1)[0]) ?? [];
      return `${file}:${Number(fence) + line}: ${text}`;
    });
}

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Runs a generated file with tsx in a fresh temporary working directory, so files a block
 * creates (a SQLite database) land there and not in the repository.
 */
export function runGenerated(path: string, timeoutMs = 60_000): Promise<RunResult> {
  const workingDirectory = mkdtempSync(join(tmpdir(), 'monotable-docs-'));
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', tsxLoader, path],
      {
        cwd: workingDirectory,
        timeout: timeoutMs,
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      },
      (error, stdout, stderr) => {
        rmSync(workingDirectory, { recursive: true, force: true });
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}
