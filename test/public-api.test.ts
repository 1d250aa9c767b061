/**
 * The package's public API, pinned: every entry point of package.json's `exports`, the names it
 * exports, and whether each is a value or only a type. An export added or dropped by accident is a
 * visible diff of `public-api.snapshot.txt`; a deliberate one is accepted by re-running this test
 * with `-u` and committing the snapshot. Entry points list their names: `export *` there would let
 * a helper reach users without anyone deciding it, so it is refused.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface PackageJson {
  readonly exports: Record<string, string | { readonly types: string; readonly default: string }>;
}

/** Each subpath with the TypeScript source its built `types` file comes from. */
function entryPoints(): readonly { readonly subpath: string; readonly source: string }[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
  return Object.entries(manifest.exports).flatMap(([subpath, target]) =>
    typeof target === 'string'
      ? []
      : [{ subpath, source: target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts') }],
  );
}

function hasExportModifier(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** The names a module exports, read from its syntax; `export *` is reported apart. */
function declaredExports(file: string): { readonly names: readonly string[]; readonly starExports: readonly string[] } {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest);
  const names: string[] = [];
  const starExports: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause === undefined) starExports.push((statement.moduleSpecifier as ts.StringLiteral).text);
      else if (ts.isNamespaceExport(clause)) names.push(clause.name.text);
      else names.push(...clause.elements.map((element) => element.name.text));
    } else if (ts.isExportAssignment(statement)) {
      names.push('default');
    } else if (hasExportModifier(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) names.push(declaration.name.getText(source));
      } else if (
        (ts.getModifiers(statement as ts.HasModifiers) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
      ) {
        names.push('default');
      } else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name !== undefined) names.push(name.getText(source));
      }
    }
  }
  return { names, starExports };
}

describe('the public API', () => {
  const entries = entryPoints();

  it('no entry point re-exports a whole module', () => {
    const stars = entries.flatMap(({ subpath, source }) =>
      declaredExports(source).starExports.map((from) => `${subpath}: export * from '${from}'`),
    );
    expect(stars).toEqual([]);
  });

  it("each entry point's names match the pinned list", async () => {
    const lines: string[] = [];
    for (const { subpath, source } of entries) {
      const { names } = declaredExports(source);
      const runtime = new Set(Object.keys((await import(pathToFileURL(path.join(root, source)).href)) as object));
      // A value the module has at run time but the list does not name cannot be: both read one file.
      expect(
        [...runtime].filter((name) => !names.includes(name)),
        subpath,
      ).toEqual([]);
      const sorted = [...new Set(names)].sort();
      lines.push(`${subpath} (${sorted.length}: ${sorted.filter((name) => runtime.has(name)).length} values)`);
      for (const name of sorted) lines.push(`  ${name}${runtime.has(name) ? '' : ' (type)'}`);
    }
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./public-api.snapshot.txt');
  }, 60_000);
});
