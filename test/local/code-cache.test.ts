import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheFolder, MODULE_WRAPPER_OPENING } from '../../bin/code-cache.js';

const codeCacheModule = fileURLToPath(new URL('../../bin/code-cache.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'monotable-code-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
function freshFolder(): string {
  const folder = join(scratch, `case-${folders++}`);
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A CommonJS module whose `value()` answers `answer`, using what the bundle uses of its wrapper. */
function moduleText(answer: string): string {
  return [
    "const { basename } = require('node:path');",
    "const helper = require('./helper.cjs');",
    'exports.file = basename(__filename);',
    'exports.folder = basename(__dirname);',
    "exports.value = async () => helper.twice((await __importModule('./dynamic.mjs')).default + " +
      JSON.stringify(answer) +
      ');',
    "exports.fail = () => { throw new Error('from the module'); };",
    '',
  ].join('\n');
}

/** The module as scripts/bundle-cli.mjs writes a build: its build line, then the text already wrapped. */
function builtText(answer: string): string {
  return `// build ${'ab'.repeat(32)}\n${MODULE_WRAPPER_OPENING}${moduleText(answer)}\n})`;
}

function writeModule(folder: string, text: string): string {
  writeFileSync(join(folder, 'helper.cjs'), 'exports.twice = (text) => text + text;\n');
  writeFileSync(join(folder, 'dynamic.mjs'), "export default '>';\n");
  const file = join(folder, 'main.cjs');
  writeFileSync(file, text);
  return file;
}

interface Load {
  readonly cache: string;
  readonly value: string;
  readonly file: string;
  readonly folder: string;
  readonly stack: string;
}

/** Loads `file` in a new Node process (as a start does), waiting for the cache to be written. */
function loadInNewProcess(file: string, cacheFolder: string | undefined): Load {
  const script = `
    import { requireWithCodeCache } from ${JSON.stringify(codeCacheModule)};
    const { exports, cache } = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheFolder)});
    let stack = '';
    try { exports.fail(); } catch (error) { stack = error.stack; }
    console.log(JSON.stringify({ cache, value: await exports.value(), file: exports.file, folder: exports.folder, stack }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' }));
}

describe('the code cache of the built command line', () => {
  it('runs the module as require would: its require, __filename, __dirname and import()', () => {
    const folder = freshFolder();
    const file = writeModule(folder, moduleText('a'));
    const load = loadInNewProcess(file, join(folder, 'cache'));
    expect(load).toMatchObject({ value: '>a>a', file: 'main.cjs', folder: 'case-0' });
    expect(load.stack).toContain(`${file}:`);
  });

  it('writes the cache on the first start and uses it on the next', () => {
    const folder = freshFolder();
    const file = writeModule(folder, moduleText('a'));
    const cache = join(folder, 'cache');
    expect(loadInNewProcess(file, cache).cache).toBe('written');
    expect(readdirSync(cache)).toHaveLength(1);
    expect(loadInNewProcess(file, cache)).toMatchObject({ cache: 'used', value: '>a>a' });
  });

  it('never uses a cache of other source text, even of the same length', () => {
    const folder = freshFolder();
    const file = writeModule(folder, moduleText('a'));
    const cache = join(folder, 'cache');
    loadInNewProcess(file, cache);
    writeModule(folder, moduleText('b'));
    expect(loadInNewProcess(file, cache)).toMatchObject({ cache: 'written', value: '>b>b' });
    expect(loadInNewProcess(file, cache)).toMatchObject({ cache: 'used', value: '>b>b' });
    expect(readdirSync(cache)).toHaveLength(1);
  });

  it('knows a built bundle by its build line, and an edit after the build by its time', () => {
    const folder = freshFolder();
    const file = writeModule(folder, builtText('a'));
    const cache = join(folder, 'cache');
    loadInNewProcess(file, cache);
    expect(loadInNewProcess(file, cache).cache).toBe('used');
    writeModule(folder, builtText('b'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    expect(loadInNewProcess(file, cache)).toMatchObject({ cache: 'written', value: '>b>b' });
  });

  it('runs a build as written, without wrapping it again', () => {
    const folder = freshFolder();
    const file = writeModule(folder, builtText('a'));
    expect(loadInNewProcess(file, join(folder, 'cache'))).toMatchObject({ value: '>a>a', file: 'main.cjs' });
  });

  it('reads a module that is not a build as UTF-8', () => {
    const folder = freshFolder();
    const file = writeModule(folder, moduleText('é→€'));
    expect(loadInNewProcess(file, join(folder, 'cache')).value).toBe('>é→€>é→€');
  });

  it('answers right from a damaged cache and writes it anew', () => {
    const folder = freshFolder();
    const file = writeModule(folder, moduleText('a'));
    const cache = join(folder, 'cache');
    loadInNewProcess(file, cache);
    const [name] = readdirSync(cache);
    const stored = readFileSync(join(cache, name));
    stored.fill(7, 40);
    writeFileSync(join(cache, name), stored);
    expect(loadInNewProcess(file, cache)).toMatchObject({ cache: 'written', value: '>a>a' });
    expect(loadInNewProcess(file, cache).cache).toBe('used');
  });

  it('runs without a cache where the folder cannot be made', () => {
    const folder = freshFolder();
    const file = writeModule(folder, moduleText('a'));
    const notAFolder = join(folder, 'taken');
    writeFileSync(notAFolder, 'a file');
    expect(loadInNewProcess(file, join(notAFolder, 'cache'))).toMatchObject({ cache: 'written', value: '>a>a' });
    expect(loadInNewProcess(file, join(notAFolder, 'cache')).cache).toBe('written');
  });

  it('runs the module with no cache when there is no cache folder', () => {
    const folder = freshFolder();
    const file = writeModule(folder, moduleText('a'));
    expect(loadInNewProcess(file, undefined)).toMatchObject({ cache: 'off', value: '>a>a' });
  });

  it('finds its folder from the environment: off, a folder of the user, XDG_CACHE_HOME, then ~/.cache', () => {
    expect(codeCacheFolder({ MONOTABLE_COMPILE_CACHE: 'off' }, '/home/me')).toBeUndefined();
    expect(codeCacheFolder({ MONOTABLE_COMPILE_CACHE: '0' }, '/home/me')).toBeUndefined();
    expect(codeCacheFolder({ MONOTABLE_COMPILE_CACHE: '/tmp/mine' }, '/home/me')).toBe('/tmp/mine');
    expect(codeCacheFolder({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me')).toBe(
      join('/var/cache/me', 'monotable', 'compile-cache'),
    );
    expect(codeCacheFolder({}, '/home/me')).toBe(join('/home/me', '.cache', 'monotable', 'compile-cache'));
    expect(codeCacheFolder({}, '')).toBeUndefined();
  });
});
