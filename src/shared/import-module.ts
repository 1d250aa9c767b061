/**
 * `import(specifier)` of a module outside the package's own code: a package, or a user's file by
 * its absolute URL. The built command line swaps this module for one that imports through the
 * loader (scripts/bundle-cli.mjs, bin/code-cache.js): Node 20 refuses `import()` in code that
 * V8 read from a code cache.
 *
 * @example
 * const { register } = await importModule<typeof import('tsx/esm/api')>('tsx/esm/api');
 */
export function importModule<Module>(specifier: string): Promise<Module> {
  return import(specifier) as Promise<Module>;
}
