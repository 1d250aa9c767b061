import * as documentLibrary from '@aws-sdk/lib-dynamodb';
import type { Middleware } from '../middleware-entry.js';
import type { KeyNodes } from './unmarshall-output.js';

/**
 * What `@aws-sdk/lib-dynamodb` declares about its commands, read from the library itself
 * (never copied out of it): where each command's output holds attribute values, and the
 * middleware (`DocumentUnmarshall`) that unmarshals them.
 */
export interface DocumentCommands {
  /** `outputKeyNodes` of the DocumentClient command wrapping the SDK command of this name (`QueryCommand`, …). */
  outputKeyNodesOf(commandName: string): KeyNodes | undefined;
  /**
   * Whether `middleware` is this library's `DocumentUnmarshall` middleware: the same code
   * (compared as source text, since every command makes its own closure of it).
   */
  isDocumentUnmarshall(middleware: (...args: never[]) => unknown): boolean;
}

interface DocumentCommandInstance {
  readonly clientCommand?: { readonly constructor: { readonly name: string } };
  readonly outputKeyNodes?: KeyNodes;
  addMarshallingMiddleware(configuration: object): void;
}

type DocumentCommandClass = new (input: object) => DocumentCommandInstance;

let commands: DocumentCommands | undefined;

/** Read once, on first use. */
export function documentCommands(): DocumentCommands {
  return (commands ??= readDocumentCommands());
}

function readDocumentCommands(): DocumentCommands {
  const keyNodesByCommandName = new Map<string, KeyNodes | null>();
  let referenceSource: string | undefined;
  // A command is probed only when a call of its kind first comes, never all at once
  // (docs/performance.md says why).
  const probe = (commandName: string): KeyNodes | null => {
    const command = documentCommandFor(commandName);
    if (
      command === undefined ||
      command.clientCommand?.constructor.name !== commandName ||
      command.outputKeyNodes === undefined
    )
      return null;
    referenceSource ??= documentUnmarshallOf(command)?.toString();
    return command.outputKeyNodes;
  };
  return {
    outputKeyNodesOf(commandName) {
      let keyNodes = keyNodesByCommandName.get(commandName);
      if (keyNodes === undefined) {
        keyNodes = probe(commandName);
        keyNodesByCommandName.set(commandName, keyNodes);
      }
      return keyNodes ?? undefined;
    },
    isDocumentUnmarshall: (middleware) => referenceSource !== undefined && middleware.toString() === referenceSource,
  };
}

/**
 * lib-dynamodb's command for an SDK command, by its naming: `GetItemCommand` → `GetCommand`,
 * `TransactGetItemsCommand` → `TransactGetCommand`, `QueryCommand` → `QueryCommand`. The
 * caller checks that the command found does wrap that SDK command.
 */
function documentCommandFor(commandName: string): DocumentCommandInstance | undefined {
  const name = commandName.replace(/Items?Command$/, 'Command');
  const exported = (documentLibrary as Record<string, unknown>)[name];
  const base = documentLibrary.DynamoDBDocumentClientCommand as unknown;
  if (typeof exported !== 'function' || !(exported.prototype instanceof (base as new () => unknown))) return undefined;
  return new (exported as DocumentCommandClass)({});
}

/** The `DocumentUnmarshall` middleware a command adds to its SDK command's stack. */
function documentUnmarshallOf(command: DocumentCommandInstance): Middleware | undefined {
  let found: Middleware | undefined;
  command.addMarshallingMiddleware({});
  const stack = (command.clientCommand as unknown as { middlewareStack?: { applyToStack(into: object): void } })
    .middlewareStack;
  stack?.applyToStack({
    add() {},
    addRelativeTo(middleware: Middleware, options: { name?: string }) {
      if (options.name === 'DocumentUnmarshall') found = middleware;
    },
  });
  return found;
}
