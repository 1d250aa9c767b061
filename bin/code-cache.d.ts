/** The code cache folder from the environment (see code-cache.js). */
export function codeCacheFolder(environment: NodeJS.ProcessEnv, home: string): string | undefined;

/** The start of the function a module's text becomes (see code-cache.js). */
export const MODULE_WRAPPER_OPENING: string;

/** How long after the start a missing cache is written, in milliseconds. */
export const WRITE_CACHE_AFTER_MS: number;

/** Runs a CommonJS module with V8's code cache of it kept in `folder` (see code-cache.js). */
export function requireWithCodeCache(
  file: string,
  folder: string | undefined,
): { exports: unknown; cache: 'used' | 'written' | 'off' };
