/**
 * A minimal middleware stack for the fast path. Every SDK call merges the client's stack
 * with the command's (`concat`) and orders the result (`resolve`); this stack does both
 * by Smithy's ordering rules (steps, priorities, before/after anchors, override by name),
 * with the order of each stack shape computed once (docs/performance.md), and leaves out
 * the middlewares named in `dropped`. A middleware named in `substitutes` is resolved
 * through its substitute. The self-check compares its order with Smithy's on the SDK it runs on.
 */
import {
  MiddlewareEntry,
  type CallContext,
  type CallHandler,
  type Middleware,
  type MiddlewareOptions,
  type MiddlewareSubstitute,
} from './middleware-entry.js';
import { cachedOrder, rememberOrder } from './middleware-order-cache.js';

/** What `concat` accepts: a Smithy stack (or ours), which copies its entries into another. */
interface StackSource {
  applyToStack(stack: unknown): void;
}

const NO_SUBSTITUTES: ReadonlyMap<string, MiddlewareSubstitute> = new Map();

/** A Smithy stack as the guard falls back to it: it merges a source into a copy of itself. */
export interface FullStack {
  concat(from: StackSource): FullStack;
}

/**
 * What a guarded lean stack checks and falls back to: the deserializer every merge must
 * leave in place, the SDK's own stack the first lean stack was made from (before anything
 * was dropped), and what to do when a merge replaced the deserializer.
 */
export interface DeserializerGuard {
  readonly deserializer: Middleware;
  readonly fullStack: FullStack;
  readonly onForeignDeserializer: () => void;
}

/**
 * The entries one merge handed over, every one (dropped ones too), replayable into a Smithy
 * stack; `previous` holds those of the merges before it, back to the guarded stack.
 */
class ReceivedEntries implements StackSource {
  readonly entries: Array<{ middleware: Middleware; options: MiddlewareOptions; relative: boolean }> = [];

  constructor(readonly previous: ReceivedEntries | undefined) {}

  applyToStack(stack: unknown): void {
    const target = stack as {
      add(middleware: Middleware, options: MiddlewareOptions): void;
      addRelativeTo(middleware: Middleware, options: MiddlewareOptions): void;
    };
    for (const { middleware, options, relative } of this.entries) {
      if (relative) target.addRelativeTo(middleware, options);
      else target.add(middleware, options);
    }
  }
}

/** The SDK's own stack merged with every source a chain of merges handed over, in order. */
function fullStackAfter(guard: DeserializerGuard, merges: ReceivedEntries | undefined): FullStack {
  return merges === undefined ? guard.fullStack : fullStackAfter(guard, merges.previous).concat(merges);
}

const STEP_WEIGHT: Record<string, number> = {
  initialize: 5,
  serialize: 4,
  build: 3,
  finalizeRequest: 2,
  deserialize: 1,
};
const PRIORITY_WEIGHT: Record<string, number> = { high: 3, normal: 2, low: 1 };

export class LeanMiddlewareStack {
  // Name lookups scan the entries (a call's stack holds a handful); a clone is handed its copies.
  constructor(
    private readonly dropped: ReadonlySet<string>,
    private readonly substitutes: ReadonlyMap<string, MiddlewareSubstitute> = NO_SUBSTITUTES,
    private absolute: MiddlewareEntry[] = [],
    private relative: MiddlewareEntry[] = [],
    private guard: DeserializerGuard | undefined = undefined,
    /** What the merges that made this stack handed over (a guarded stack's only). */
    private merges: ReceivedEntries | undefined = undefined,
  ) {}

  /** Entries handed over by the merge under way into this stack (a guarded stack's only). */
  private received: ReceivedEntries | undefined;

  /**
   * Makes every `concat` of this stack, and of the stacks it makes, check that the merged
   * stack still runs `guard.deserializer` as `deserializerMiddleware`. A merge that does
   * not is answered, after `guard.onForeignDeserializer()`, with what the SDK's own stack
   * gives for the same merges: `guard.fullStack` merged with every source since, as each
   * was then, and this one.
   */
  guardDeserializer(guard: DeserializerGuard): void {
    this.guard = guard;
  }

  add(middleware: Middleware, options: MiddlewareOptions = {}): void {
    this.received?.entries.push({ middleware, options, relative: false });
    if (this.isDropped(options)) return;
    this.insert(new MiddlewareEntry(middleware, options, true, this.substituteFor(options)), this.absolute);
  }

  addRelativeTo(middleware: Middleware, options: MiddlewareOptions): void {
    this.received?.entries.push({ middleware, options, relative: true });
    if (this.isDropped(options)) return;
    this.insert(new MiddlewareEntry(middleware, options, false, this.substituteFor(options)), this.relative);
  }

  private substituteFor(options: MiddlewareOptions): MiddlewareSubstitute | undefined {
    return options.name === undefined ? undefined : this.substitutes.get(options.name);
  }

  private isDropped(options: MiddlewareOptions): boolean {
    const { name, aliases } = options;
    if (name !== undefined && this.dropped.has(name)) return true;
    if (aliases === undefined) return false;
    for (let index = 0; index < aliases.length; index++) if (this.dropped.has(aliases[index])) return true;
    return false;
  }

  /** Whether the absolute entry named `name` runs `middleware`. */
  holds(name: string, middleware: Middleware): boolean {
    const { absolute } = this;
    for (let index = 0; index < absolute.length; index++)
      if (absolute[index].name === name) return absolute[index].middleware === middleware;
    return false;
  }

  use(plugin: { applyToStack(stack: unknown): void }): void {
    plugin.applyToStack(this);
  }

  concat(from: StackSource): LeanMiddlewareStack | FullStack {
    const merged = this.clone();
    const { guard } = this;
    if (guard === undefined) {
      from.applyToStack(merged);
      return merged;
    }
    // Recorded as they are now: a command adds its plugins to its own stack as it resolves,
    // so a source merged again later may hold more than it did.
    const received = new ReceivedEntries(this.merges);
    merged.received = received;
    from.applyToStack(merged);
    merged.received = undefined;
    if (merged.holds('deserializerMiddleware', guard.deserializer)) {
      merged.merges = received;
      return merged;
    }
    guard.onForeignDeserializer();
    return fullStackAfter(guard, received);
  }

  clone(): LeanMiddlewareStack {
    return new LeanMiddlewareStack(
      this.dropped,
      this.substitutes,
      this.absolute.slice(),
      this.relative.slice(),
      this.guard,
      this.merges,
    );
  }

  applyToStack(
    stack:
      | LeanMiddlewareStack
      | { add: LeanMiddlewareStack['add']; addRelativeTo: LeanMiddlewareStack['addRelativeTo'] },
  ): void {
    for (const entry of this.absolute) stack.add(entry.middleware, entry.optionsForCopy());
    for (const entry of this.relative) stack.addRelativeTo(entry.middleware, entry.optionsForCopy());
  }

  remove(toRemove: string | Middleware): boolean {
    const keep = (entry: MiddlewareEntry): boolean =>
      typeof toRemove === 'string' ? !entry.isNamed(toRemove) : entry.middleware !== toRemove;
    return this.keepOnly(keep);
  }

  removeByTag(tag: string): boolean {
    const keep = (entry: MiddlewareEntry): boolean => !entry.tags?.includes(tag);
    return this.keepOnly(keep);
  }

  private keepOnly(keep: (entry: MiddlewareEntry) => boolean): boolean {
    const before = this.absolute.length + this.relative.length;
    this.absolute = this.absolute.filter(keep);
    this.relative = this.relative.filter(keep);
    return this.absolute.length + this.relative.length !== before;
  }

  identify(): string[] {
    return this.ordered(true).map(
      (entry) =>
        `${entry.name ?? 'anonymous'} - ${entry.relation ? `${entry.relation} ${entry.toMiddleware}` : entry.step}`,
    );
  }

  identifyOnResolve(): boolean {
    return false;
  }

  /** The call's handler: `handler` (the SDK's terminal one) wrapped by every entry, in Smithy's order. */
  resolve(handler: unknown, context: CallContext): CallHandler {
    const { absolute, relative } = this;
    let order = cachedOrder(absolute, relative);
    if (order === undefined) {
      const positions = new Map<MiddlewareEntry, number>(
        [...absolute, ...relative].map((entry, position) => [entry, position]),
      );
      order = this.ordered().map((entry) => positions.get(entry)!);
      rememberOrder(absolute, relative, order);
    }
    const absoluteCount = absolute.length;
    for (let index = order.length - 1; index >= 0; index--) {
      const position = order[index];
      const entry = position < absoluteCount ? absolute[position] : relative[position - absoluteCount];
      handler = entry.handlerAround(handler, context);
    }
    // The outermost entry's handler: an initialize step's, or the terminal handler itself.
    return handler as CallHandler;
  }

  /**
   * Smithy's order: by step and priority (stable), each entry with its anchored
   * before/after entries around it. `listing` skips entries whose anchor is missing, as
   * Smithy's `identify()` does; resolving throws for them.
   */
  private ordered(listing = false): MiddlewareEntry[] {
    const before = new Map<MiddlewareEntry, MiddlewareEntry[]>();
    const after = new Map<MiddlewareEntry, MiddlewareEntry[]>();
    const byName = new Map<string, MiddlewareEntry>();
    for (const entry of [...this.absolute, ...this.relative])
      for (const name of entry.namesOf()) byName.set(name, entry);
    for (const entry of this.relative) {
      const anchor = entry.toMiddleware === undefined ? undefined : byName.get(entry.toMiddleware);
      if (!anchor && listing) continue;
      if (!anchor)
        throw new Error(
          `${entry.toMiddleware} is not found when adding ${entry.name ?? 'anonymous'} middleware ${entry.relation} ${entry.toMiddleware}`,
        );
      const list = entry.relation === 'after' ? after : before;
      list.set(anchor, [...(list.get(anchor) ?? []), entry]);
    }
    const main = [...this.absolute].sort(
      (a, b) =>
        STEP_WEIGHT[b.step ?? 'initialize'] - STEP_WEIGHT[a.step ?? 'initialize'] ||
        PRIORITY_WEIGHT[b.priority ?? 'normal'] - PRIORITY_WEIGHT[a.priority ?? 'normal'],
    );
    const expand = (entry: MiddlewareEntry, into: MiddlewareEntry[]): void => {
      for (const earlier of before.get(entry) ?? []) expand(earlier, into);
      into.push(entry);
      // Smithy reverses the "after" list: the entry added last sits closest to its anchor.
      for (const later of [...(after.get(entry) ?? [])].reverse()) expand(later, into);
    };
    const chain: MiddlewareEntry[] = [];
    for (const entry of main) expand(entry, chain);
    return chain;
  }

  /**
   * Adds `entry` to `into`. An entry sharing a name (or alias) with `entry` is an error
   * unless `entry` overrides, and is then removed from whichever list holds it.
   */
  private insert(entry: MiddlewareEntry, into: MiddlewareEntry[]): void {
    if (entry.name !== undefined || entry.aliases !== undefined) {
      this.removeNamesakes(entry, this.absolute);
      this.removeNamesakes(entry, this.relative);
    }
    into.push(entry);
  }

  private removeNamesakes(entry: MiddlewareEntry, list: MiddlewareEntry[]): void {
    for (let index = 0; index < list.length; index++) {
      if (!list[index].sharesNameWith(entry)) continue;
      if (!entry.override) throw new Error(`Duplicate middleware name '${this.clashingName(entry)}'`);
      list.splice(index, 1);
      index--;
    }
  }

  /** The first of the entry's names already taken, which Smithy's error message names. */
  private clashingName(entry: MiddlewareEntry): string {
    for (const name of entry.namesOf()) if (this.named(name)) return name;
    return String(entry.name);
  }

  private named(name: string): MiddlewareEntry | undefined {
    for (const entry of this.absolute) if (entry.isNamed(name)) return entry;
    for (const entry of this.relative) if (entry.isNamed(name)) return entry;
    return undefined;
  }
}
