// Loads the built command line (one CommonJS file, dist/cli/main.cjs) with V8's code cache of it
// kept on disk, so a start deserializes compiled code instead of parsing and compiling the whole
// bundle again. Node 22 has this built in (`module.enableCompileCache()`); Node 20 has no such
// cache, so this keeps one itself (docs/performance.md, "Starting the command line", bench
// section h). Plain JavaScript: the command runs it before anything is compiled.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** A cache file starts with the SHA-256 of the identity of the source it was made from. */
const SOURCE_HASH_BYTES = 32;

/**
 * The first line scripts/bundle-cli.mjs writes: the SHA-256 of the rest of the file. Hashing the
 * 0.7 MB bundle at every start would cost about a tenth of the start.
 */
const BUILD_LINE = /^\/\/ build ([0-9a-f]{64})\n/;
const BUILD_LINE_LENGTH = '// build \n'.length + 64;

/**
 * How long after the start a missing cache is written: code that ran by then (the start and a
 * first request) is what the cache holds. A command that ends sooner writes it as it exits.
 */
export const WRITE_CACHE_AFTER_MS = 1000;

/**
 * The folder for the code cache, from the environment:
 * - `MONOTABLE_COMPILE_CACHE=off` (or `0`): no cache;
 * - `MONOTABLE_COMPILE_CACHE=<folder>`: that folder;
 * - otherwise `$XDG_CACHE_HOME/monotable/compile-cache`, or `~/.cache/monotable/compile-cache`
 *   (the user's own folder: a cache is code this process runs, so never a shared temporary one).
 *
 * @param {NodeJS.ProcessEnv} environment
 * @param {string} home the user's home folder ('' when there is none)
 * @returns {string | undefined}
 */
export function codeCacheFolder(environment, home) {
  const setting = environment.MONOTABLE_COMPILE_CACHE;
  if (setting === 'off' || setting === '0') return undefined;
  if (setting) return setting;
  const base = environment.XDG_CACHE_HOME || (home ? join(home, '.cache') : '');
  return base ? join(base, 'monotable', 'compile-cache') : undefined;
}

/**
 * Runs the CommonJS module `file` as `require` would and returns its exports, with V8's code
 * cache of it read from and written to `folder` (none when `folder` is undefined). What the
 * cache can change is only the time to start:
 * - a cache is used only for the exact source it was made from (not V8's own check, which
 *   compares lengths) and the same Node, V8 and architecture; V8 refuses one made under other
 *   flags. The source is known by the SHA-256 on its `// build <hash>` first line with the file's
 *   modification time (an edit after the build), else by the SHA-256 of the whole text;
 * - a missing, refused or stale cache is written anew ({@link WRITE_CACHE_AFTER_MS}); a cache
 *   that cannot be read or written is no cache.
 *
 * Node 20 refuses `import()` in a script V8 read from a code cache, so the module imports
 * through `__importModule(specifier)`, which its wrapper is given: an absolute URL, a package
 * name, or a path relative to `file`.
 *
 * @example
 * const { exports, cache } = requireWithCodeCache('/app/dist/cli/main.cjs', '/home/me/.cache/monotable/compile-cache');
 * // cache: 'used' on the second start, 'written' on the first
 *
 * @param {string} file absolute path of a CommonJS module
 * @param {string | undefined} folder
 * @returns {{ exports: any, cache: 'used' | 'written' | 'off' }}
 */
export function requireWithCodeCache(file, folder) {
  const source = moduleFunctionSource(readFileSync(file));
  const sourceHash = folder && sourceIdentity(file, source);
  const cacheFile = folder && join(folder, `${cacheName(file)}.v8cache`);
  const stored = folder && readCache(cacheFile, sourceHash);
  const script = new Script(source, { filename: file, cachedData: stored });
  const used = stored !== undefined && !script.cachedDataRejected;
  if (folder && !used) writeCacheLater(script, cacheFile, sourceHash);
  const fileUrl = pathToFileURL(file);
  const importModule = (specifier) => import(specifier.startsWith('.') ? new URL(specifier, fileUrl).href : specifier);
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), importModule);
  return { exports: module.exports, cache: !folder ? 'off' : used ? 'used' : 'written' };
}

/**
 * The start of the function a module's text becomes: `require`'s parameters and the loader's
 * import. scripts/bundle-cli.mjs writes a build already inside it.
 */
export const MODULE_WRAPPER_OPENING = '(function (exports, require, module, __filename, __dirname, __importModule) {';

/**
 * The module's text as the source of its wrapper function. A build (`// build <hash>` first
 * line) is written by scripts/bundle-cli.mjs already wrapped, in ASCII alone, so it is read as
 * is (Latin-1 is ASCII there): no second copy of its 0.7 MB text is made to wrap it, and no
 * UTF-8 decoding (docs/performance.md, "Starting the command line", bench section h). Any
 * other module is read as UTF-8 and wrapped here.
 *
 * @param {Buffer} bytes
 * @returns {string}
 */
function moduleFunctionSource(bytes) {
  const head = bytes.toString('latin1', 0, BUILD_LINE_LENGTH + MODULE_WRAPPER_OPENING.length);
  if (BUILD_LINE.test(head) && head.endsWith(MODULE_WRAPPER_OPENING)) return bytes.toString('latin1');
  return `${MODULE_WRAPPER_OPENING}${bytes.toString('utf8')}\n})`;
}

function sourceIdentity(file, source) {
  const built = BUILD_LINE.exec(source);
  if (built === null) return createHash('sha256').update(source).digest();
  return createHash('sha256')
    .update(`${built[1]}\0${statSync(file).mtimeMs}`)
    .digest();
}

/** One cache file per module path and runtime: a newer build of the same path replaces it. */
function cacheName(file) {
  const runtime = `${file}\0${process.version}\0${process.versions.v8}\0${process.arch}`;
  return createHash('sha256').update(runtime).digest('hex').slice(0, 32);
}

/** @returns {Buffer | undefined} the cached data, when the file holds a cache of this source */
function readCache(cacheFile, sourceHash) {
  let stored;
  try {
    stored = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (stored.length <= SOURCE_HASH_BYTES) return undefined;
  if (!stored.subarray(0, SOURCE_HASH_BYTES).equals(sourceHash)) return undefined;
  return stored.subarray(SOURCE_HASH_BYTES);
}

function writeCacheLater(script, cacheFile, sourceHash) {
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    writeCache(cacheFile, sourceHash, script.createCachedData());
  };
  setTimeout(write, WRITE_CACHE_AFTER_MS).unref();
  process.once('exit', write);
}

/** Written beside and renamed into place, so a process reading it never sees half a cache. */
function writeCache(cacheFile, sourceHash, cachedData) {
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true, mode: 0o700 });
    writeFileSync(partial, Buffer.concat([sourceHash, cachedData]), { mode: 0o600 });
    renameSync(partial, cacheFile);
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {}
  }
}
