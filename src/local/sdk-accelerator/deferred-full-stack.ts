import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Middleware, MiddlewareOptions } from './middleware-entry.js';
import type { FullStack } from './lean-middleware-stack.js';

type SmithyStack = DynamoDBClient['middlewareStack'];

/** An entry as a Smithy stack's `applyToStack` (its `cloneTo`) hands it over: a fresh copy of its options. */
interface HandedEntry {
  readonly middleware: Middleware;
  readonly options: MiddlewareOptions;
  readonly relative: boolean;
}

/**
 * A client's own Smithy stack as it was when the fast path was installed, made only when
 * something needs it: the fallback of a foreign command (`useLeanStacks` in fast-path.ts),
 * or the first change to the client's stack, which the full stack must follow from then on.
 *
 * Contract: `stack()` returns what `clientStack.clone()` at construction would have given,
 * with no change since (the caller applies every change to it from the first one on, as
 * before). What Smithy's `clone()` does is `cloneTo(constructStack())`: each absolute entry,
 * then each relative one, added in insertion order with a copy of its options, then the
 * `identifyOnResolve` flag. Construction records exactly what `cloneTo` hands over (a copy of
 * each entry's options); `stack()` replays it into an empty Smithy stack of the same copy,
 * made by cloning the client's stack and removing every entry. Most clients of a test
 * suite never need it, and the clone was a tenth of making a fast client (docs/performance.md).
 */
export class DeferredFullStack implements FullStack {
  private readonly entries: HandedEntry[] = [];
  private identifyOnResolve: boolean | undefined;
  private made: SmithyStack | undefined;

  constructor(private readonly clientStack: SmithyStack) {
    clientStack.applyToStack(recorderInto(this.entries, (flag) => (this.identifyOnResolve = flag)) as never);
  }

  /** The full stack, made now if it was not yet. */
  stack(): SmithyStack {
    if (this.made === undefined) this.made = this.replay();
    return this.made;
  }

  /** The middleware the client's stack held under `name` when the fast path was installed. */
  middlewareNamed(name: string): Middleware | undefined {
    return this.entries.find((entry) => entry.options.name === name)?.middleware;
  }

  concat(from: Parameters<FullStack['concat']>[0]): FullStack {
    return (this.stack() as unknown as FullStack).concat(from);
  }

  private replay(): SmithyStack {
    const stack = this.clientStack.clone();
    const present: HandedEntry[] = [];
    stack.applyToStack(recorderInto(present, () => {}) as never);
    for (const entry of present) stack.remove(entry.middleware as never);
    const left: HandedEntry[] = [];
    stack.applyToStack(recorderInto(left, () => {}) as never);
    if (left.length > 0) throw new Error('monotable: could not empty a clone of the client middleware stack');
    for (const { middleware, options, relative } of this.entries) {
      if (relative) stack.addRelativeTo(middleware as never, options as never);
      else stack.add(middleware as never, options as never);
    }
    if (this.identifyOnResolve !== undefined) stack.identifyOnResolve(this.identifyOnResolve);
    return stack;
  }
}

function recorderInto(entries: HandedEntry[], onFlag: (flag: boolean) => void): object {
  return {
    add: (middleware: Middleware, options: MiddlewareOptions) => entries.push({ middleware, options, relative: false }),
    addRelativeTo: (middleware: Middleware, options: MiddlewareOptions) =>
      entries.push({ middleware, options, relative: true }),
    identifyOnResolve: onFlag,
  };
}
