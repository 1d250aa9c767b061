import { createRequire } from 'node:module';

/**
 * `require` for the CommonJS packages monotable loads synchronously (the SQLite driver,
 * decimal.js, commander, the app's own AWS SDK copy), resolving from monotable's own
 * location. In a CommonJS bundle of monotable (esbuild's `format: 'cjs'`, as a Lambda
 * bundle is) `import.meta.url` is empty, so the bundle's own `require` serves instead. (Not
 * `typeof require`: an ES module bundle defines a `require` shim that refuses to load.)
 *
 * @example
 * const { Decimal } = packageRequire('decimal.js');
 */
export const packageRequire: NodeJS.Require = import.meta.url ? createRequire(import.meta.url) : require;
