// Imported under another name: an ES module Lambda bundle commonly starts with the banner
// `import { createRequire } from 'module'; const require = createRequire(import.meta.url);`, and
// esbuild keeps an import's own name, so a `createRequire` here would be declared twice there.
import { createRequire as createRequireAt } from 'node:module';
import { packageRequire } from '../../../shared/package-require.js';

type UtilDynamodb = typeof import('@aws-sdk/util-dynamodb');

/**
 * `@aws-sdk/util-dynamodb` as the application's `@aws-sdk/lib-dynamodb` resolves it: the
 * very copy whose conversions the DocumentClient applies, so an output unmarshalled here is
 * what lib-dynamodb would have produced, and monotable adds no second copy of the SDK to the
 * app (util-dynamodb is lib-dynamodb's dependency, not monotable's; under a strict layout
 * such as pnpm's it is not even visible from monotable's own folder).
 */
const requireFromMonotable = packageRequire;
const requireFromLibDynamodb = createRequireAt(requireFromMonotable.resolve('@aws-sdk/lib-dynamodb'));
const utilDynamodb = requireFromLibDynamodb('@aws-sdk/util-dynamodb') as UtilDynamodb;

export const convertToNative: UtilDynamodb['convertToNative'] = utilDynamodb.convertToNative;
export const unmarshall: UtilDynamodb['unmarshall'] = utilDynamodb.unmarshall;
