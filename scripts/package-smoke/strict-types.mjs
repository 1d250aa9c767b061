// The installed package's declarations as a strict app compiles them: `skipLibCheck: false`,
// `strict`, NodeNext. Imports every entry point of the installed package.json's exports into
// one file and runs the given tsc on it (no emit). An entry whose declarations name an optional
// peer is left out when that peer is not installed in the app, and said so; every other entry
// must compile with the required peers alone.
//
//   node strict-types.mjs <app folder> <path of tsc>
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * The optional peers an entry's declarations name. `createLocalStreamsClient` returns the app's
 * own `DynamoDBStreamsClient`, so `monotable/local` (and the root, which re-exports it) need
 * `@aws-sdk/client-dynamodb-streams`; the CDK construct needs the CDK.
 */
const optionalPeersOf = {
  '.': ['@aws-sdk/client-dynamodb-streams'],
  './local': ['@aws-sdk/client-dynamodb-streams'],
  './infra/cdk': ['aws-cdk-lib', 'constructs'],
};

const [appArgument, tsc] = process.argv.slice(2);
if (!appArgument || !tsc) {
  console.error('usage: strict-types.mjs <app folder> <path of tsc>');
  process.exit(2);
}
const app = resolve(appArgument);
const work = join(app, 'strict-types');
const requireFromApp = createRequire(join(work, 'entries.ts'));
const installed = (name) => {
  try {
    requireFromApp.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
};

const manifest = JSON.parse(readFileSync(join(app, 'node_modules', 'monotable', 'package.json'), 'utf8'));
const checked = [];
const leftOut = [];
for (const entry of Object.keys(manifest.exports)) {
  if (entry === './package.json') continue;
  const missing = (optionalPeersOf[entry] ?? []).filter((peer) => !installed(peer));
  const specifier = entry === '.' ? 'monotable' : `monotable/${entry.slice(2)}`;
  if (missing.length > 0) leftOut.push(`${specifier} (needs ${missing.join(', ')})`);
  else checked.push(specifier);
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(
  join(work, 'entries.ts'),
  `${checked.map((specifier, i) => `import * as entry${i} from '${specifier}';`).join('\n')}\n` +
    `export const entries = [${checked.map((_, i) => `entry${i}`).join(', ')}];\n`,
);
writeFileSync(
  join(work, 'tsconfig.json'),
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: ['node'],
      },
      files: ['entries.ts'],
    },
    null,
    2,
  )}\n`,
);

const result = spawnSync(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { cwd: work, encoding: 'utf8' });
if (result.status !== 0) {
  console.log(`${result.stdout}${result.stderr}`.trim());
  console.log(`tsc refused the declarations of ${checked.length} entry points`);
  process.exit(1);
}
console.log(
  `${checked.length} entry points type-check${leftOut.length > 0 ? `; left out, their optional peers not installed: ${leftOut.join(', ')}` : ''}`,
);
