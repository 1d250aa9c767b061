import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One module-level variable whose value changes after the module loads. */
export interface ModuleState {
  /** The file, relative to the repository root, with `/` separators. */
  readonly file: string;
  readonly name: string;
}

const COLLECTIONS: ReadonlySet<string> = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const TYPED_ARRAYS = /^(?:Uint8|Int8|Uint16|Int16|Uint32|Int32|Float32|Float64)Array$/;
const WRITING_METHODS: ReadonlySet<string> = new Set([
  'set',
  'add',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'fill',
]);

/**
 * The module-level mutable state of one source text: every top-level `let` or `var`, and every
 * top-level `const` holding a `Map`, `Set`, `WeakMap`, `WeakSet`, array or typed array that a
 * function of the file writes to (directly or through a local alias: a `set`/`add`/`delete`/
 * `clear`/`push`/… call or an element assignment). A collection filled while the module loads
 * and only read afterwards (a table of reserved words) is a constant, not state.
 */
export function moduleStateOf(file: string, text: string): ModuleState[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: ModuleState[] = [];
  const written = writtenNames(source);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      if (!isConst || (holdsWritableValue(declaration.initializer) && written.has(name))) found.push({ file, name });
    }
  }
  return found;
}

function holdsWritableValue(initializer: ts.Expression | undefined): boolean {
  if (initializer !== undefined && ts.isArrayLiteralExpression(initializer)) return true;
  if (initializer === undefined || !ts.isNewExpression(initializer)) return false;
  const constructor = initializer.expression;
  return ts.isIdentifier(constructor) && (COLLECTIONS.has(constructor.text) || TYPED_ARRAYS.test(constructor.text));
}

/** Names a function of the file writes into (`name.set(…)` and the like, `name[i] = …`), aliases resolved. */
function writtenNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const aliases = new Map<string, string>();
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isIdentifier(node.initializer)
    )
      aliases.set(node.name.text, node.initializer.text);
    if (!inFunction) {
      ts.forEachChild(node, (child) => visit(child, ts.isFunctionLike(child)));
      return;
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      WRITING_METHODS.has(node.expression.name.text)
    ) {
      names.add(node.expression.expression.text);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      ts.isElementAccessExpression(node.left) &&
      ts.isIdentifier(node.left.expression)
    ) {
      names.add(node.left.expression.text);
    }
    ts.forEachChild(node, (child) => visit(child, true));
  };
  visit(source, false);
  for (const [alias, name] of aliases) if (names.has(alias)) names.add(name);
  return names;
}

/** The module-level mutable state of every non-test source file under `directory`. */
export function moduleStateUnder(root: string, directory: string): ModuleState[] {
  const found: ModuleState[] = [];
  for (const entry of readdirSync(join(root, directory), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || /\.test\.ts$|\.test-support\.ts$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const file = relative(root, path).split('\\').join('/');
    found.push(...moduleStateOf(file, readFileSync(path, 'utf8')));
  }
  return found.sort((a, b) => `${a.file} ${a.name}`.localeCompare(`${b.file} ${b.name}`));
}

/**
 * The places a doc lists: the rows of the table under `heading` whose first two cells are
 * `` `file` `` and `` `name` ``.
 */
export function listedModuleState(markdown: string, heading: string): ModuleState[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return [];
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,6} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const listed: ModuleState[] = [];
  for (const line of section.split('\n')) {
    const row = /^\| `([^`]+)` \| `([^`]+)` \|/.exec(line);
    if (row) listed.push({ file: row[1], name: row[2] });
  }
  return listed;
}
