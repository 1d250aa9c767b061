// The README's path to AWS, as written: every `aws cloudformation deploy` shown in the docs (the
// README's "From the laptop to AWS", and any page of docs/ or an example's README) is run
// (on paper) against the template the docs' own `monotable infra cloudformation` command writes,
// for the model they name and for every other example. CloudFormation refuses a deploy that
// leaves a parameter without a value, so each parameter without a `Default` must come from the
// command's `--parameter-overrides`; the templates' references must name something that exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/infra.js';
import type { CloudFormationTemplate } from '../../src/infra/index.js';
import { codeBlocks, documentationFiles, projectRoot } from '../docs/markdown.js';
import { runCommand } from '../support/run-command.js';
import { scratchDirectory } from '../transfer/support/engines.js';
import { templateReferenceProblems } from './support/template-references.js';

/** A shell command of a doc: its words, continuation lines joined and the comment dropped. */
interface ShownCommand {
  readonly file: string;
  readonly line: number;
  readonly words: string[];
}

function shownCommands(): ShownCommand[] {
  const commands: ShownCommand[] = [];
  for (const file of documentationFiles()) {
    for (const block of codeBlocks(file)) {
      if (!['sh', 'bash', 'shell'].includes(block.language)) continue;
      const lines = block.code.replace(/\\\n/g, ' ').split('\n');
      lines.forEach((text, index) => {
        const words = text
          .replace(/(^|\s)#.*$/, '')
          .trim()
          .split(/\s+/)
          .filter(Boolean);
        if (words.length > 0) commands.push({ file, line: block.line + 1 + index, words });
      });
    }
  }
  return commands;
}

function optionOf(words: string[], name: string): string | undefined {
  const at = words.indexOf(name);
  return at < 0 ? undefined : words[at + 1];
}

/** `--parameter-overrides A=1 B=2`: every `Key=Value` up to the next option. */
function parameterOverrides(words: string[]): Map<string, string> {
  const overrides = new Map<string, string>();
  const at = words.indexOf('--parameter-overrides');
  if (at < 0) return overrides;
  for (const word of words.slice(at + 1)) {
    if (word.startsWith('--')) break;
    const equals = word.indexOf('=');
    overrides.set(word.slice(0, equals), word.slice(equals + 1));
  }
  return overrides;
}

const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { default: string }>;
};

/** The source file behind a package specifier (`monotable/examples/x/model` → `examples/x/model.ts`). */
function sourceOf(specifier: string): string {
  const target = packageJson.exports[`.${specifier.slice('monotable'.length)}`];
  if (target === undefined) throw new Error(`${specifier} is not an export of the package`);
  const built = typeof target === 'string' ? target : target.default;
  return join(projectRoot, built.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
}

/** Every example shipped with a model, as the package names it. */
const exampleModels = readdirSync(join(projectRoot, 'examples'))
  .filter((name) => existsSync(join(projectRoot, 'examples', name, 'model.ts')))
  .map((name) => `monotable/examples/${name}/model`);

const commands = shownCommands();
const deploys = commands.filter((command) => command.words.join(' ').includes('aws cloudformation deploy'));
const generators = commands.filter((command) => command.words.join(' ').includes('monotable infra cloudformation'));

describe('the deploy commands the docs show', () => {
  const scratch = scratchDirectory();
  afterAll(() => scratch.remove());

  /** Runs the docs' generator command as written, for `model` instead of the one it names. */
  async function generate(generator: ShownCommand, model: string): Promise<CloudFormationTemplate> {
    const args = generator.words.slice(generator.words.indexOf('monotable') + 1);
    const out = join(scratch.path, model.replace(/\W+/g, '-'), optionOf(args, '--out') ?? 'template.json');
    const written = args.map((word, index) =>
      index === 2 ? sourceOf(model) : args[index - 1] === '--out' ? out : word,
    );
    expect(written.slice(0, 2)).toEqual(['infra', 'cloudformation']);
    await runCommand(register, ...written);
    return JSON.parse(readFileSync(out, 'utf8')) as CloudFormationTemplate;
  }

  it('are found: the README (and any doc showing one) deploys a template its generator writes', () => {
    expect(deploys.map((deploy) => deploy.file)).toContain('README.md');
    expect(exampleModels.length).toBeGreaterThanOrEqual(3);
    for (const deploy of deploys) {
      const generator = generators.find(
        (command) =>
          command.file === deploy.file &&
          optionOf(command.words, '--out') === optionOf(deploy.words, '--template-file'),
      );
      expect(
        generator,
        `${deploy.file}:${deploy.line}: no monotable infra cloudformation --out <template>`,
      ).toBeDefined();
    }
  });

  for (const deploy of deploys) {
    const generator = generators.find(
      (command) =>
        command.file === deploy.file && optionOf(command.words, '--out') === optionOf(deploy.words, '--template-file'),
    );
    if (!generator) continue;
    const shownModel = generator.words[generator.words.indexOf('cloudformation') + 1];

    for (const model of [shownModel, ...exampleModels.filter((name) => name !== shownModel)]) {
      it(`${deploy.file}:${deploy.line} deploys the template of ${model} without a missing parameter`, async () => {
        const template = await generate(generator, model);
        const overrides = parameterOverrides(deploy.words);
        const required = Object.entries(template.Parameters)
          .filter(([, parameter]) => parameter.Default === undefined)
          .map(([name]) => name);
        expect(required.filter((name) => !overrides.has(name))).toEqual([]);
        expect([...overrides.keys()].filter((name) => !(name in template.Parameters))).toEqual([]);
        expect(templateReferenceProblems(template)).toEqual([]);
      });
    }

    it(`${deploy.file}:${deploy.line}: the copy that follows writes to the table the stack creates`, async () => {
      const template = await generate(generator, shownModel);
      const tableName = parameterOverrides(deploy.words).get('TableName') ?? template.Parameters.TableName.Default;
      const copy = commands.find(
        (command) => command.file === deploy.file && command.line > deploy.line && command.words.includes('copy'),
      );
      expect(copy && optionOf(copy.words, '--to')).toBe('aws');
      expect(copy && optionOf(copy.words, '--table')).toBe(tableName);
    });
  }
});
