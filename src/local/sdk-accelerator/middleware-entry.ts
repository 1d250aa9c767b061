/**
 * A middleware as the lean stack stores it: the options Smithy's ordering uses, read into
 * fixed fields once, so an entry's place no longer depends on the option object the caller
 * handed over (docs/performance.md says why entries look like this).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * A middleware of any step, as the SDK types it (`MiddlewareType`, what its stack's
 * `addRelativeTo` takes): the client's, the command's, lib-dynamodb's and the fast path's own.
 */
export type Middleware = Parameters<DynamoDBClient['middlewareStack']['addRelativeTo']>[0];

/**
 * The handler a resolved stack hands back to the SDK's command (its `InitializeHandler`), as the
 * stack sees it: the call's arguments in, the output's promise out.
 */
export type CallHandler = (args: unknown) => Promise<unknown>;

/** The context Smithy's `resolve` hands every middleware of a call (the SDK's `HandlerExecutionContext`). */
export type CallContext = Record<PropertyKey, unknown>;

/**
 * What a stack runs in place of a middleware it knows by name: given the middleware, the
 * next handler and the call's context, the handler to use (the middleware's own, or another).
 */
export type MiddlewareSubstitute = (original: Middleware, next: unknown, context: CallContext) => unknown;

/**
 * The handler `middleware` makes of `next`. Each step's middleware takes its own step's handler
 * (the union `Middleware` has no one parameter type); the stack passes on only the handler and
 * context Smithy's `resolve` gave it, which are the ones the middleware was added for.
 */
export function handlerAroundNext(middleware: Middleware, next: unknown, context: CallContext): unknown {
  return (middleware as unknown as (next: unknown, context: CallContext) => unknown)(next, context);
}

/** The options Smithy's `add` and `addRelativeTo` take (and any others a caller passes). */
export interface MiddlewareOptions {
  readonly name?: string;
  readonly aliases?: readonly string[];
  readonly step?: string;
  readonly priority?: string;
  readonly relation?: 'before' | 'after';
  readonly toMiddleware?: string;
  readonly override?: boolean;
  readonly tags?: readonly string[];
  readonly [option: string]: unknown;
}

/** The options an entry's position depends on. */
export type OrderShape = Pick<MiddlewareEntry, 'name' | 'aliases' | 'step' | 'priority' | 'relation' | 'toMiddleware'>;

export class MiddlewareEntry {
  readonly name: string | undefined;
  readonly aliases: readonly string[] | undefined;
  readonly step: string | undefined;
  readonly priority: string | undefined;
  readonly relation: 'before' | 'after' | undefined;
  readonly toMiddleware: string | undefined;
  readonly override: boolean | undefined;
  readonly tags: readonly string[] | undefined;

  /**
   * `options` is kept only to hand on options Smithy does not know when the stack is
   * copied; the known ones are read now, so a caller reusing its option object cannot
   * reorder the stack afterwards. Absolute entries get Smithy's step and priority defaults.
   */
  constructor(
    readonly middleware: Middleware,
    private readonly options: MiddlewareOptions,
    readonly absolute: boolean,
    /** Runs in place of `middleware` when the stack resolves (the stack's substitute for its name). */
    readonly substitute: MiddlewareSubstitute | undefined = undefined,
  ) {
    this.name = options.name;
    this.aliases = options.aliases;
    this.step = absolute ? withDefault(options, 'step', 'initialize') : options.step;
    this.priority = absolute ? withDefault(options, 'priority', 'normal') : options.priority;
    this.relation = options.relation;
    this.toMiddleware = options.toMiddleware;
    this.override = options.override;
    this.tags = options.tags;
  }

  /** The entry's handler around `next`: its middleware's, or what its substitute makes of it. */
  handlerAround(next: unknown, context: CallContext): unknown {
    return this.substitute === undefined
      ? handlerAroundNext(this.middleware, next, context)
      : this.substitute(this.middleware, next, context);
  }

  isNamed(name: string): boolean {
    return this.name === name || this.aliases?.includes(name) === true;
  }

  /** Whether this entry and `other` share a name (or alias). */
  sharesNameWith(other: MiddlewareEntry): boolean {
    if (other.name !== undefined && this.isNamed(other.name)) return true;
    const aliases = other.aliases;
    if (aliases === undefined) return false;
    for (let index = 0; index < aliases.length; index++) if (this.isNamed(aliases[index])) return true;
    return false;
  }

  /** The entry's options as Smithy's stack keeps them (defaults filled in, `middleware` left out). */
  optionsForCopy(): MiddlewareOptions {
    const copy: Record<string, unknown> = this.absolute ? { step: this.step, priority: this.priority } : {};
    for (const key of Object.keys(this.options)) if (key !== 'middleware') copy[key] = this.options[key];
    for (const key of KNOWN_OPTIONS) if (key in copy || this[key] !== undefined) copy[key] = this[key];
    return copy;
  }

  /** The names Smithy's error messages show: the name with its aliases. */
  namesOf(): string[] {
    const names = this.name === undefined ? [] : [this.name];
    if (this.aliases) names.push(...this.aliases);
    return names;
  }
}

const KNOWN_OPTIONS = ['name', 'aliases', 'step', 'priority', 'relation', 'toMiddleware', 'override', 'tags'] as const;

/** Smithy's `{ [key]: fallback, ...options }`: an option given as `undefined` stays `undefined`. */
function withDefault(options: MiddlewareOptions, key: 'step' | 'priority', fallback: string): string | undefined {
  const value = options[key];
  if (value !== undefined || key in options) return value;
  return fallback;
}

/** Whether two entries take the same place in any stack: same names, step, priority and anchor. */
export function sameOrderShape(entry: OrderShape, shape: OrderShape): boolean {
  return (
    entry.name === shape.name &&
    entry.step === shape.step &&
    entry.priority === shape.priority &&
    entry.relation === shape.relation &&
    entry.toMiddleware === shape.toMiddleware &&
    sameAliases(entry.aliases, shape.aliases)
  );
}

function sameAliases(left: readonly string[] | undefined, right: readonly string[] | undefined): boolean {
  if (left === right) return true;
  if (left === undefined || right === undefined || left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/** A copy of an entry's order shape, so a cached order keeps no middleware (nor what it closes over) alive. */
export function orderShapeOf(entry: OrderShape): OrderShape {
  return {
    name: entry.name,
    aliases: entry.aliases === undefined ? undefined : entry.aliases.slice(),
    step: entry.step,
    priority: entry.priority,
    relation: entry.relation,
    toMiddleware: entry.toMiddleware,
  };
}
