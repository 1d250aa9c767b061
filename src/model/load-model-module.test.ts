import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModelModule, ModelModuleError } from './load-model-module.js';

// An app folder with a package exporting a model module, as an installed package would.
const app = mkdtempSync(join(tmpdir(), 'monotable-model-module-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', type: 'module' }));
const dataPackage = join(app, 'node_modules', 'acme-data');
mkdirSync(dataPackage, { recursive: true });
writeFileSync(
  join(dataPackage, 'package.json'),
  JSON.stringify({ name: 'acme-data', type: 'module', exports: { './model': './model.mjs' } }),
);
// Plain JavaScript, loaded by Node itself as an installed package is: the object carries the
// marker of defineModel's result, which is all that loading looks at.
writeFileSync(
  join(dataPackage, 'model.mjs'),
  `export const model = { kind: 'model', table: { name: 'acme-data' } };\n`,
);

describe('loading a model module', () => {
  it('resolves a package specifier from the working folder, through the package exports', async () => {
    const model = await loadModelModule('acme-data/model', app);
    expect(model.table.name).toBe('acme-data');
  });

  it('refuses a specifier no package exports, naming it', async () => {
    await expect(loadModelModule('acme-data/missing', app)).rejects.toThrow(
      new ModelModuleError('acme-data/missing', 'no such file, and no package export of that name'),
    );
  });

  it('says "no such file" for a missing file path', async () => {
    await expect(loadModelModule('models/missing.ts', app)).rejects.toThrow(
      new ModelModuleError('models/missing.ts', 'no such file'),
    );
  });
});
