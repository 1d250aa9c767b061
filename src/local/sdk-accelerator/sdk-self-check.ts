import { LeanMiddlewareStack } from './lean-middleware-stack.js';
import { HTTP_ONLY_MIDDLEWARES, PER_COMMAND_HTTP_MIDDLEWARES, SERDE_MIDDLEWARES } from './fast-path.js';
import { readsDescriptionsAsSdk } from './fast-wire/description-output.js';
import { reproducesCodecOf } from './fast-wire/direct-conversion.js';
import { operationSchemaFrom, operationSchemaTupleOf, SMITHY_CONTEXT_KEY, type SdkProtocol } from './sdk-protocol.js';
import { wireShapeOf, type WireShape } from './fast-wire/wire-shape.js';

/**
 * The accelerator's self-check: before the fast path is installed on a client, every
 * assumption it makes about the SDK (README.md in this folder lists them) is checked on
 * that client and on probe commands of the same SDK, without sending anything. The verdict
 * is kept per SDK copy (its `DynamoDBClient` class), so a process checks each copy once.
 */

/** What the check reads of an SDK copy: its client class and the commands it probes with. */
export interface SdkModule {
  readonly DynamoDBClient: abstract new (...args: never) => object;
  readonly GetItemCommand: ProbeCommandClass;
  readonly QueryCommand: ProbeCommandClass;
  readonly TransactWriteItemsCommand: ProbeCommandClass;
}

type ProbeCommandClass = new (input: never) => object;

export interface SdkVerdict {
  /** Each assumption of the fast path that does not hold, in words; empty when it may run. */
  readonly missing: readonly string[];
  /**
   * Whether the direct conversions (`fast-wire/`) may run: the client's codec is the one
   * they reproduce and the schemas have the layout they read. Otherwise the fast path
   * converts with the SDK's own serializer and deserializer.
   */
  readonly directConversion: boolean;
}

/** A stack entry as `applyToStack` hands it over. */
interface ListedEntry {
  readonly name: string | undefined;
  readonly aliases: readonly string[];
  readonly step: string | undefined;
  readonly relative: boolean;
}

const verdicts = new WeakMap<object, SdkVerdict>();

/** The verdict for the SDK copy of `client` (checked on `client` itself the first time). */
export function sdkVerdictFor(sdk: SdkModule, client: object): SdkVerdict {
  let verdict = verdicts.get(sdk.DynamoDBClient);
  if (verdict === undefined) {
    verdict = checkSdk(sdk, client);
    verdicts.set(sdk.DynamoDBClient, verdict);
  }
  return verdict;
}

/** The verdict on this client of this SDK (a client whose stack is still the SDK's own). */
export function checkSdk(sdk: SdkModule, client: object): SdkVerdict {
  const missing: string[] = [];
  // What only the direct conversions need: failing, they stay off and the SDK's serde runs.
  const layout: string[] = [];
  const { config, middlewareStack: stack } = client as {
    config?: Record<string, unknown>;
    middlewareStack?: Record<string, unknown>;
  };
  const protocolHolds = checkProtocol(config?.protocol, missing);
  if (protocolHolds && !reproducesCodecOf(config?.protocol as SdkProtocol)) layout.push('DynamoDB JSON codec 2');
  if (protocolHolds && !readsDescriptionsAsSdk((config as { protocol: SdkProtocol }).protocol.deserializer))
    layout.push(
      'the deserializer reading structures and epoch-seconds timestamps as fast-wire/description-output.ts does',
    );
  if (
    !stack ||
    !hasMethods(stack, [
      'add',
      'addRelativeTo',
      'remove',
      'removeByTag',
      'use',
      'concat',
      'applyToStack',
      'clone',
      'identify',
    ])
  ) {
    missing.push(
      'a Smithy middleware stack on the client (add, addRelativeTo, remove, removeByTag, use, concat, applyToStack, clone, identify)',
    );
    return { missing, directConversion: false };
  }
  const clientEntries = listEntries(stack);
  expectEntry(clientEntries, 'serializerMiddleware', 'serialize', 'the client', missing);
  expectEntry(clientEntries, 'deserializerMiddleware', 'deserialize', 'the client', missing);
  for (const name of HTTP_ONLY_MIDDLEWARES) {
    if (!clientEntries.some((entry) => namedAs(entry, name))) missing.push(`middleware ${name} in the client's stack`);
  }
  const probe = probeCommand(sdk.GetItemCommand, { TableName: 'probe', Key: {} }, stack, config, missing);
  if (probe) {
    const { commandEntries, context, commandStack } = probe;
    for (const name of SERDE_MIDDLEWARES) {
      if (commandEntries.some((entry) => namedAs(entry, name)))
        missing.push(`commands that leave ${name} to the client (GetItemCommand brings its own)`);
    }
    for (const name of PER_COMMAND_HTTP_MIDDLEWARES) {
      if (![...clientEntries, ...commandEntries].some((entry) => namedAs(entry, name)))
        missing.push(`middleware ${name} in a command's stack`);
    }
    if (context.commandName !== 'GetItemCommand') missing.push('context.commandName naming the command');
    checkOrder(stack, commandStack, missing);
    const schema = operationSchemaOf(context, 'GetItem', missing);
    if (schema) {
      expectMember(schema.input, 'TableName', isKind('string'), 'GetItem input', layout);
      expectMember(schema.input, 'Key', isItemMap, 'GetItem input', layout);
      expectMember(schema.output, 'Item', isItemMap, 'GetItem output', layout);
    }
  }
  const query = probeCommand(sdk.QueryCommand, { TableName: 'probe' }, stack, config, missing);
  const querySchema = query && operationSchemaOf(query.context, 'Query', missing);
  if (querySchema) {
    expectMember(querySchema.input, 'Limit', isKind('number'), 'Query input', layout);
    expectMember(querySchema.input, 'ConsistentRead', isKind('boolean'), 'Query input', layout);
    expectMember(
      querySchema.output,
      'Items',
      (shape) => shape.kind === 'list' && isItemMap(shape.member),
      'Query output',
      layout,
    );
  }
  const transact = probeCommand(sdk.TransactWriteItemsCommand, { TransactItems: [] }, stack, config, missing);
  const transactSchema = transact && operationSchemaOf(transact.context, 'TransactWriteItems', missing);
  if (transactSchema) {
    const token = structMembers(transactSchema.input)?.find((member) => member.name === 'ClientRequestToken');
    if (!token?.idempotencyToken)
      layout.push('the idempotencyToken trait on TransactWriteItems input ClientRequestToken');
  }
  return { missing: [...new Set(missing)], directConversion: layout.length === 0 };
}

/** The parts of the SDK's protocol object the fast path calls (`SdkProtocol`). */
function checkProtocol(protocol: unknown, missing: string[]): boolean {
  const value = protocol as { serializer?: object; deserializer?: object } | undefined;
  if (!value || typeof value !== 'object') {
    missing.push('a schema-based protocol object (client.config.protocol)');
    return false;
  }
  const before = missing.length;
  if (!value.serializer || !hasMethods(value.serializer, ['write', 'flush']))
    missing.push('protocol.serializer.write/flush');
  if (!value.deserializer || !hasMethods(value.deserializer, ['readObject']))
    missing.push('protocol.deserializer.readObject');
  if (!hasMethods(value, ['handleError'])) missing.push('protocol.handleError');
  return missing.length === before;
}

interface Probe {
  readonly commandEntries: ListedEntry[];
  readonly commandStack: object;
  readonly context: Record<string, unknown>;
}

/**
 * Lets a command build its call as `client.send` would (its plugins, `concat` with the
 * client's stack, `resolve` with the call's context) against a stand-in client stack that
 * only records: nothing runs, nothing is sent.
 */
function probeCommand(
  Command: ProbeCommandClass,
  input: object,
  clientStack: Record<string, unknown>,
  config: unknown,
  missing: string[],
): Probe | undefined {
  const name = Command?.name ?? 'a probe command';
  let commandStack: object | undefined;
  let context: Record<string, unknown> | undefined;
  const recorder = {
    concat(from: object) {
      commandStack = from;
      return {
        resolve(_handler: unknown, callContext: Record<string, unknown>) {
          context = callContext;
          return () => Promise.resolve({ output: {} });
        },
      };
    },
  };
  try {
    const command = new Command(input as never) as {
      resolveMiddleware?: (stack: unknown, config: unknown, options: unknown) => unknown;
    };
    if (typeof command.resolveMiddleware !== 'function') throw new Error('no resolveMiddleware');
    command.resolveMiddleware(
      new Proxy(recorder, {
        get: (target, key) => (key in target ? target[key as 'concat'] : clientStack[key as string]),
      }),
      config,
      {},
    );
  } catch (error) {
    missing.push(
      `${name} building its call through the client stack's concat and resolve (${(error as Error).message})`,
    );
    return undefined;
  }
  if (!commandStack || !context || !hasMethods(commandStack, ['applyToStack'])) {
    missing.push(`${name} merging its stack with the client's through concat, then resolve with the call's context`);
    return undefined;
  }
  return { commandEntries: listEntries(commandStack as Record<string, unknown>), commandStack, context };
}

/** The operation schema on a call's context (`context.__smithy_context.operationSchema`), as the fast path reads it. */
function operationSchemaOf(
  context: Record<string, unknown>,
  operation: string,
  missing: string[],
): { input: WireShape; output: WireShape } | undefined {
  let tuple: readonly unknown[];
  try {
    tuple = operationSchemaTupleOf(context);
  } catch {
    missing.push(`the operation schema on the call's context (${SMITHY_CONTEXT_KEY}.operationSchema)`);
    return undefined;
  }
  const schema = operationSchemaFrom(tuple);
  if (!Array.isArray(tuple) || tuple[0] !== 9 || schema.name !== operation) {
    missing.push(`an operation schema tuple [9, namespace, '${operation}', traits, input, output]`);
    return undefined;
  }
  return { input: wireShapeOf(schema.input), output: wireShapeOf(schema.output) };
}

/** Whether the lean stack orders this call's middlewares as Smithy's stack does. */
function checkOrder(clientStack: Record<string, unknown>, commandStack: object, missing: string[]): void {
  try {
    const smithy = (clientStack.concat as (from: object) => { identify(): string[] }).call(clientStack, commandStack);
    const lean = new LeanMiddlewareStack(new Set());
    (clientStack.applyToStack as (into: object) => void).call(clientStack, lean);
    const leanNames = (lean.concat(commandStack as never) as LeanMiddlewareStack).identify().map(entryName);
    const smithyNames = smithy.identify().map(entryName);
    if (leanNames.join() !== smithyNames.join())
      missing.push(`Smithy's middleware order (Smithy: ${smithyNames.join(', ')}; lean: ${leanNames.join(', ')})`);
  } catch (error) {
    missing.push(`a middleware stack the lean stack can copy (${(error as Error).message})`);
  }
}

/** The entry name of an `identify()` line: `name (a.k.a. …) - step` or `name - before anchor`. */
function entryName(line: string): string {
  return line.split(' - ')[0].split(' (a.k.a. ')[0];
}

function listEntries(stack: Record<string, unknown>): ListedEntry[] {
  const entries: ListedEntry[] = [];
  const record =
    (relative: boolean) =>
    (_middleware: unknown, options: { name?: string; aliases?: string[]; step?: string } = {}) => {
      entries.push({ name: options.name, aliases: options.aliases ?? [], step: options.step, relative });
    };
  (stack.applyToStack as (into: object) => void).call(stack, { add: record(false), addRelativeTo: record(true) });
  return entries;
}

function expectEntry(
  entries: readonly ListedEntry[],
  name: string,
  step: string,
  where: string,
  missing: string[],
): void {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) missing.push(`middleware ${name} in ${where}'s stack`);
  else if (entry.relative || entry.step !== step) missing.push(`middleware ${name} at step ${step}`);
}

function namedAs(entry: ListedEntry, name: string): boolean {
  return entry.name === name || entry.aliases.includes(name);
}

function expectMember(
  shape: WireShape,
  name: string,
  accepts: (shape: WireShape) => boolean,
  where: string,
  missing: string[],
): void {
  const member = structMembers(shape)?.find((candidate) => candidate.name === name);
  if (!member || !accepts(member.shape))
    missing.push(`schema of ${where} member ${name} in the layout the fast path reads`);
}

function structMembers(shape: WireShape) {
  return shape.kind === 'struct' ? shape.members : undefined;
}

function isKind(kind: WireShape['kind']): (shape: WireShape) => boolean {
  return (shape) => shape.kind === kind;
}

function isItemMap(shape: WireShape): boolean {
  return shape.kind === 'map' && shape.value.kind === 'attributeValue';
}

function hasMethods(value: object, names: readonly string[]): boolean {
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}
