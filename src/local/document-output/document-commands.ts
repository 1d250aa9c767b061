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
  readonly outputKeyNodesByCommandName: ReadonlyMap<string, KeyNodes>;
  /**
   * Whether `middleware` is this library's `DocumentUnmarshall` middleware: the same code
   * (compared as source text, since every command makes its own closure of it).
   */
  isDocumentUnmarshall(middleware: Middleware): boolean;
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
  const outputKeyNodesByCommandName = new Map<string, KeyNodes>();
  const base = documentLibrary.DynamoDBDocumentClientCommand as unknown as DocumentCommandClass;
  let probe: DocumentCommandInstance | undefined;
  for (const exported of Object.values(documentLibrary)) {
    if (typeof exported !== 'function' || !(exported.prototype instanceof base)) continue;
    const command = new (exported as unknown as DocumentCommandClass)({});
    const name = command.clientCommand?.constructor.name;
    if (name !== undefined && command.outputKeyNodes !== undefined) outputKeyNodesByCommandName.set(name, command.outputKeyNodes);
    probe ??= command;
  }
  const referenceSource = probe ? documentUnmarshallOf(probe)?.toString() : undefined;
  return {
    outputKeyNodesByCommandName,
    isDocumentUnmarshall: (middleware) => referenceSource !== undefined && middleware.toString() === referenceSource,
  };
}

/** The `DocumentUnmarshall` middleware a command adds to its SDK command's stack. */
function documentUnmarshallOf(command: DocumentCommandInstance): Middleware | undefined {
  let found: Middleware | undefined;
  command.addMarshallingMiddleware({});
  const stack = (command.clientCommand as unknown as { middlewareStack?: { applyToStack(into: object): void } }).middlewareStack;
  stack?.applyToStack({
    add() {},
    addRelativeTo(middleware: Middleware, options: { name?: string }) {
      if (options.name === 'DocumentUnmarshall') found = middleware;
    },
  });
  return found;
}
