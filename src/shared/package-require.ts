// Imported under another name: an ES module Lambda bundle commonly starts with the banner
// `import { createRequire } from 'module'; const require = createRequire(import.meta.url);`, and
// esbuild keeps an import's own name, so a `createRequire` here would be declared twice there.
import { createRequire as createRequireAt } from 'node:module';

/**
 * This module's URL, or undefined in a CommonJS bundle of monotable (esbuild's `format: 'cjs'`,
 * as a Lambda bundle is), whose `import.meta` is empty. Read in a `try`, which tells esbuild the
 * code expects that: it then does not warn about an empty `import.meta` when bundling.
 */
function moduleUrl(): string | undefined {
  try {
    return import.meta.url;
  } catch {
    return undefined;
  }
}

/**
 * `require` for the CommonJS packages monotable loads synchronously (the SQLite driver,
 * decimal.js, commander, the app's own AWS SDK copy), resolving from monotable's own
 * location. In a CommonJS bundle, which has no module URL, the bundle's own `require` serves
 * instead. (Not `typeof require`: an ES module bundle defines a `require` shim that refuses to
 * load.) `test/infra/lambda-bundle.test.ts` loads it from both kinds of bundle.
 *
 * @example
 * const { Decimal } = packageRequire('decimal.js');
 */
export const packageRequire: NodeJS.Require = requireFromHere();

function requireFromHere(): NodeJS.Require {
  const url = moduleUrl();
  return url ? createRequireAt(url) : require;
}
