import type { unmarshallOptions as UnmarshallOptions } from '@aws-sdk/util-dynamodb';
import { handlerAroundNext, type Middleware, type MiddlewareSubstitute } from '../middleware-entry.js';
import { reachesShape, type WireShape } from '../fast-wire/wire-shape.js';
import { documentCommands } from './document-commands.js';
import type { KeyNodes } from './unmarshall-output.js';

/**
 * A DocumentClient call unmarshals its output in `@aws-sdk/lib-dynamodb`'s
 * `DocumentUnmarshall` middleware, right around the SDK's deserializer: the SDK first reads
 * every item into attribute-value objects, then lib-dynamodb turns each into plain values.
 * On the fast path the deserializer is the engine call, so both steps can be one: the fast
 * path's deserializer builds the unmarshalled output itself (unmarshall-output.ts), reading
 * stored items straight into plain values, and `DocumentUnmarshall` steps aside.
 *
 * Only when nothing could tell the difference: the middleware is lib-dynamodb's own code,
 * it wraps the fast path's deserializer directly (no middleware of the caller's between
 * them sees the attribute values), and the command's output layout is known.
 */

/** Where the fast path's deserializer finds, on the call's context, that it builds the DocumentClient's output. */
export const DOCUMENT_OUTPUT = Symbol('monotable.documentOutput');
/** Where the fast path's deserializer leaves its handler on the call's context, so the substitute can recognise it. */
export const FAST_DESERIALIZER = Symbol('monotable.fastDeserializer');

export interface DocumentOutput {
  /** Where the output holds attribute values (lib-dynamodb's `outputKeyNodes`). */
  readonly keyNodes: KeyNodes;
  /** The DocumentClient's unmarshall options, as `DocumentUnmarshall` would use them. */
  readonly options: UnmarshallOptions;
  /**
   * Whether stored items may stay unread until unmarshalled: every place of the output that
   * can hold one is an item lib-dynamodb unmarshals whole, and the options are the ones
   * the direct reader reproduces.
   */
  readonly keepsRows: boolean;
}

/** What the substitute needs from the fast path. */
export interface DocumentOutputSource {
  /** The client's configuration, which a DocumentClient shares and gives its `translateConfig`. */
  readonly config: { readonly translateConfig?: { readonly unmarshallOptions?: UnmarshallOptions } };
  /** The output shape the fast path converts this call's answer with, if it converts it directly. */
  outputShapeOf(context: Record<PropertyKey, unknown>): WireShape | undefined;
}

/**
 * Runs in place of lib-dynamodb's `DocumentUnmarshall` (as the lean stack's substitute for
 * that name): steps aside where the fast path's deserializer can do its work (see above),
 * else runs the middleware it stands for.
 */
export function substituteDocumentUnmarshall(source: DocumentOutputSource): MiddlewareSubstitute {
  const commands = documentCommands();
  const keepsRowsByCommand = new Map<string, boolean>();
  return (original: Middleware, next: unknown, context: Record<PropertyKey, unknown>) => {
    const commandName = context.commandName as string;
    const keyNodes = commands.outputKeyNodesOf(commandName);
    if (context[FAST_DESERIALIZER] !== next || keyNodes === undefined || !commands.isDocumentUnmarshall(original)) {
      return handlerAroundNext(original, next, context);
    }
    const options = unmarshallOptionsOf(source.config);
    let keepsRows = keepsRowsByCommand.get(commandName);
    if (keepsRows === undefined) {
      const shape = source.outputShapeOf(context);
      keepsRows = shape !== undefined && rowsStayCovered(shape, keyNodes);
      keepsRowsByCommand.set(commandName, keepsRows);
    }
    const output: DocumentOutput = { keyNodes, options, keepsRows: keepsRows && readsPlainNumbers(options) };
    context[DOCUMENT_OUTPUT] = output;
    return next;
  };
}

/** The options lib-dynamodb's `addMarshallingMiddleware` unmarshals with (it has defaulted `convertWithoutMapWrapper` already). */
function unmarshallOptionsOf(config: DocumentOutputSource['config']): UnmarshallOptions {
  const options = config.translateConfig?.unmarshallOptions;
  return options === undefined ? { convertWithoutMapWrapper: true } : options;
}

/** Whether `unmarshall` with these options is what the direct reader reproduces: plain numbers, no map wrapper. */
function readsPlainNumbers(options: UnmarshallOptions): boolean {
  return !options.wrapNumbers && Boolean(options.convertWithoutMapWrapper);
}

/**
 * Whether every place of `shape` that can hold an item (a map of attribute values, where the
 * engine may leave a stored row) is one `keyNodes` unmarshals whole, so no row is left in the
 * output or handed to `unmarshall` as a value.
 */
export function rowsStayCovered(shape: WireShape, keyNodes: KeyNodes | undefined): boolean {
  const wholeItems = keyNodes != null && Object.keys(keyNodes).length === 0;
  if (isItemMap(shape)) return wholeItems;
  if (keyNodes == null || wholeItems) return !reachesShape(shape, isItemMap);
  const keys = Object.keys(keyNodes);
  const nodes = keyNodes as Record<string, KeyNodes>;
  if (keys.length === 1 && keys[0] === '*') {
    switch (shape.kind) {
      case 'list':
        return rowsStayCovered(shape.member, nodes['*']);
      case 'map':
        return rowsStayCovered(shape.value, nodes['*']);
      case 'struct':
        return shape.members.every((member) => rowsStayCovered(member.shape, nodes['*']));
      default:
        return true;
    }
  }
  if (shape.kind !== 'struct') return !reachesShape(shape, isItemMap);
  return shape.members.every((member) =>
    rowsStayCovered(member.shape, Object.hasOwn(nodes, member.name) ? nodes[member.name] : undefined),
  );
}

function isItemMap(shape: WireShape): boolean {
  return shape.kind === 'map' && shape.value.kind === 'attributeValue';
}
