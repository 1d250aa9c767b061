import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { localImportGraph } from './design-watch.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const directory = mkdtempSync(join(tmpdir(), 'monotable-design-watch-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

// The model lives outside the repository, so it names monotable's sources and zod by URL.
const modelUrl = pathToFileURL(join(root, 'src', 'model', 'index.ts')).href;
const zodUrl = pathToFileURL(createRequire(import.meta.url).resolve('zod')).href;

function entitiesSource(key: string): string {
  return `import { z } from '${zodUrl}';
import { defineEntity, defineTable } from '${modelUrl}';
export const table = defineTable({ name: 'shop' });
export const order = defineEntity(table, {
  name: 'order',
  attributes: { id: z.string(), status: z.string() },
  key: { pk: '${key}', sk: 'META' },
});
`;
}

function modelSource(extraPattern = ''): string {
  return `import { defineModel } from '${modelUrl}';
import { order, table } from './entities.js';
export default defineModel({
  table,
  entities: [order],
  accessPatterns: {
    getOrder: { description: 'Get an order', entities: ['order'], key: { pk: 'ORDER#{id}', sk: { equals: 'META' } } },${extraPattern}
  },
});
`;
}

const filterPattern = `
    failedOrders: { description: 'Failed orders', entities: ['order'], key: { pk: 'ORDER#{id}' }, filter: 'status = failed' },`;

describe('monotable design check --watch', () => {
  it('checks again after each change to the model or a file it imports, and exits 0 on Ctrl-C', async () => {
    writeFileSync(join(directory, 'package.json'), '{ "type": "module" }\n'); // an app's ES modules
    writeFileSync(join(directory, 'entities.ts'), entitiesSource('ORDER#{id}'));
    writeFileSync(join(directory, 'model.ts'), modelSource());
    const child = spawn(
      process.execPath,
      [join(root, 'bin', 'monotable.js'), 'design', 'check', '--watch', 'model.ts'],
      {
        cwd: directory,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let seen = 0;
    /** Waits for the next run's verdict line, then returns that run's output. */
    const nextRun = async (): Promise<string> => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const verdict = /^(ok|not ok); watching \d+ files? for changes \(Ctrl-C stops\)$/m.exec(output.slice(seen));
        if (verdict) {
          const run = output.slice(seen, seen + verdict.index + verdict[0].length);
          seen += verdict.index + verdict[0].length;
          return run;
        }
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no verdict; output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      const first = await nextRun();
      expect(first).toMatch(/design check model\.ts\n/);
      expect(first).toContain('✓ 1 access pattern, each served by a key condition (table shop)');
      expect(first).toMatch(/^ok; watching 2 files/m);

      writeFileSync(join(directory, 'model.ts'), modelSource(filterPattern));
      const broken = await nextRun();
      expect(broken).toContain('✗ failedOrders: uses a filter (status = failed) in place of a key');
      expect(broken).toMatch(/^not ok;/m);

      writeFileSync(join(directory, 'model.ts'), modelSource());
      const fixed = await nextRun();
      expect(fixed).toContain('✓ 1 access pattern');
      expect(fixed).toMatch(/^ok;/m);

      // A change to an imported file is read afresh: each check imports the model anew.
      writeFileSync(join(directory, 'entities.ts'), entitiesSource('CART#{id}'));
      const importedBroken = await nextRun();
      expect(importedBroken).toMatch(/✗ getOrder: /);
      expect(importedBroken).toMatch(/^not ok;/m);
    } finally {
      process.kill(child.pid!, 'SIGINT');
    }
    expect(await exited).toBe(0);
  }, 180_000);
});

describe('localImportGraph', () => {
  it('follows relative imports from file to file, under their TypeScript names, and nothing else', () => {
    const folder = join(directory, 'graph');
    mkdirSync(join(folder, 'parts'), { recursive: true });
    writeFileSync(join(folder, 'model.ts'), "import { a } from './parts/a.js';\nimport 'zod';\nexport * from './b';\n");
    writeFileSync(
      join(folder, 'parts', 'a.ts'),
      "export { c } from '../c.mjs';\nexport const a = await import('./missing.js');\n",
    );
    writeFileSync(join(folder, 'b.ts'), "import { a } from './parts/a.js';\n");
    writeFileSync(join(folder, 'c.mts'), 'export const c = 1;\n');
    writeFileSync(join(folder, 'unrelated.ts'), '');
    expect([...localImportGraph(join(folder, 'model.ts'))].sort()).toEqual(
      [join(folder, 'b.ts'), join(folder, 'c.mts'), join(folder, 'model.ts'), join(folder, 'parts', 'a.ts')].sort(),
    );
  });
});
