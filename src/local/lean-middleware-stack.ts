/**
 * A minimal middleware stack for the fast path. Every SDK call merges the client's stack
 * with the command's (`concat`) and orders the result (`resolve`); Smithy's stack does this
 * with copies and sorts that cost more than the engine's whole GetItem. This stack keeps
 * Smithy's ordering rules (steps, priorities, before/after anchors, override by name) with
 * plain arrays, and leaves out the middlewares named in `dropped`.
 */

// Loosely typed on purpose: this mirrors Smithy's runtime protocol, not its generics.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Middleware = (next: any, context: any) => any;

interface Entry {
  readonly middleware: Middleware;
  readonly name?: string;
  readonly aliases?: readonly string[];
  readonly step?: string;
  readonly priority?: string;
  readonly relation?: 'before' | 'after';
  readonly toMiddleware?: string;
  readonly override?: boolean;
  readonly [option: string]: unknown;
}

/** What `concat` accepts: a Smithy stack (or ours), which copies its entries into another. */
interface StackSource {
  applyToStack(stack: unknown): void;
}

const STEP_WEIGHT: Record<string, number> = { initialize: 5, serialize: 4, build: 3, finalizeRequest: 2, deserialize: 1 };
const PRIORITY_WEIGHT: Record<string, number> = { high: 3, normal: 2, low: 1 };

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** An entry as stored: with the part of the order signature it contributes, computed once. */
interface StoredEntry extends Entry {
  readonly orderKey: string;
}

function namesOf(entry: Entry): string[] {
  const names = entry.name ? [entry.name] : [];
  if (entry.aliases) for (const alias of entry.aliases) names.push(alias);
  return names;
}

function isNamed(entry: Entry, name: string): boolean {
  return entry.name === name || (entry.aliases !== undefined && entry.aliases.includes(name));
}

/**
 * What the order of a stack depends on: each entry's names, step, priority and anchor
 * (its `orderKey`, computed when it is stored), in insertion order. Stacks built for calls
 * of one command differ only in their middleware functions (the DocumentClient adds fresh
 * closures per command), so the order is computed once per shape and reused.
 */
interface CachedOrder {
  readonly absoluteKeys: readonly string[];
  readonly relativeKeys: readonly string[];
  /** Positions in `[...absolute, ...relative]`, outermost middleware first. */
  readonly order: readonly number[];
}

function sameKeys(entries: readonly StoredEntry[], keys: readonly string[]): boolean {
  if (entries.length !== keys.length) return false;
  for (let index = 0; index < keys.length; index++) if (entries[index].orderKey !== keys[index]) return false;
  return true;
}

function absoluteOrderKey(entry: Entry): string {
  return `${entry.name ?? ''}/${entry.aliases?.join(',') ?? ''}/${entry.step ?? ''}/${entry.priority ?? ''}|`;
}

function relativeOrderKey(entry: Entry): string {
  return `${entry.name ?? ''}/${entry.aliases?.join(',') ?? ''}/${entry.relation ?? ''}/${entry.toMiddleware ?? ''}|`;
}

/**
 * Orders seen, most recently used first. A lookup compares the entries' keys in place,
 * which costs less per call than building and hashing a signature string; bounded, since
 * a process sees few command shapes.
 */
const ORDER_CACHE_LIMIT = 64;
const orderCache: CachedOrder[] = [];

function cachedOrder(absolute: readonly StoredEntry[], relative: readonly StoredEntry[]): readonly number[] | undefined {
  for (let index = 0; index < orderCache.length; index++) {
    const cached = orderCache[index];
    if (!sameKeys(absolute, cached.absoluteKeys) || !sameKeys(relative, cached.relativeKeys)) continue;
    if (index > 0) {
      orderCache.splice(index, 1);
      orderCache.unshift(cached);
    }
    return cached.order;
  }
  return undefined;
}

export class LeanMiddlewareStack {
  // A call's stack holds a handful of entries: name lookups scan them, which costs less
  // than keeping (and copying, per call) an index.
  private absolute: StoredEntry[] = [];
  private relative: StoredEntry[] = [];

  constructor(private readonly dropped: ReadonlySet<string>) {}

  // Entries are built with `Object.assign` rather than object spread: spreading the option
  // objects Smithy hands over costs several times more, on every call.
  add(middleware: Middleware, options: Omit<Entry, 'middleware'> = {}): void {
    if (this.isDropped(options)) return;
    const entry = Object.assign({ step: 'initialize', priority: 'normal' }, options) as Writable<StoredEntry>;
    entry.middleware = middleware;
    entry.orderKey = absoluteOrderKey(entry);
    this.insert(entry, this.absolute);
  }

  addRelativeTo(middleware: Middleware, options: Omit<Entry, 'middleware'>): void {
    if (this.isDropped(options)) return;
    const entry = Object.assign({}, options) as Writable<StoredEntry>;
    entry.middleware = middleware;
    entry.orderKey = relativeOrderKey(entry);
    this.insert(entry, this.relative);
  }

  private isDropped(options: Omit<Entry, 'middleware'>): boolean {
    const { name, aliases } = options as Pick<Entry, 'name' | 'aliases'>;
    if (name !== undefined && this.dropped.has(name)) return true;
    return aliases !== undefined && aliases.some((alias) => this.dropped.has(alias));
  }

  use(plugin: { applyToStack(stack: unknown): void }): void {
    plugin.applyToStack(this);
  }

  concat(from: StackSource): LeanMiddlewareStack {
    const merged = this.clone();
    from.applyToStack(merged);
    return merged;
  }

  clone(): LeanMiddlewareStack {
    const copy = new LeanMiddlewareStack(this.dropped);
    copy.absolute = this.absolute.slice();
    copy.relative = this.relative.slice();
    return copy;
  }

  applyToStack(stack: LeanMiddlewareStack | { add: LeanMiddlewareStack['add']; addRelativeTo: LeanMiddlewareStack['addRelativeTo'] }): void {
    for (const { middleware, orderKey: _orderKey, ...options } of this.absolute) stack.add(middleware, options);
    for (const { middleware, orderKey: _orderKey, ...options } of this.relative) stack.addRelativeTo(middleware, options as Omit<Entry, 'middleware'>);
  }

  remove(toRemove: string | Middleware): boolean {
    const keep = (entry: Entry): boolean => (typeof toRemove === 'string' ? !isNamed(entry, toRemove) : entry.middleware !== toRemove);
    return this.keepOnly(keep);
  }

  removeByTag(tag: string): boolean {
    const keep = (entry: Entry): boolean => !(entry.tags as string[] | undefined)?.includes(tag);
    return this.keepOnly(keep);
  }

  private keepOnly(keep: (entry: Entry) => boolean): boolean {
    const before = this.absolute.length + this.relative.length;
    this.absolute = this.absolute.filter(keep);
    this.relative = this.relative.filter(keep);
    return this.absolute.length + this.relative.length !== before;
  }

  identify(): string[] {
    return this.ordered(true).map((entry) => `${entry.name ?? 'anonymous'} - ${entry.relation ? `${entry.relation} ${entry.toMiddleware}` : entry.step}`);
  }

  identifyOnResolve(): boolean {
    return false;
  }

  resolve(handler: any, context: any): any {
    const { absolute, relative } = this;
    let order = cachedOrder(absolute, relative);
    if (order === undefined) {
      const positions = new Map<Entry, number>([...absolute, ...relative].map((entry, position) => [entry, position]));
      order = this.ordered().map((entry) => positions.get(entry)!);
      if (orderCache.length >= ORDER_CACHE_LIMIT) orderCache.pop();
      orderCache.unshift({ absoluteKeys: absolute.map((entry) => entry.orderKey), relativeKeys: relative.map((entry) => entry.orderKey), order });
    }
    const absoluteCount = absolute.length;
    for (let index = order.length - 1; index >= 0; index--) {
      const position = order[index];
      const entry = position < absoluteCount ? absolute[position] : relative[position - absoluteCount];
      handler = entry.middleware(handler, context);
    }
    return handler;
  }

  /**
   * Smithy's order: by step and priority (stable), each entry with its anchored
   * before/after entries around it. `listing` skips entries whose anchor is missing, as
   * Smithy's `identify()` does; resolving throws for them.
   */
  private ordered(listing = false): Entry[] {
    const before = new Map<Entry, Entry[]>();
    const after = new Map<Entry, Entry[]>();
    const byName = new Map<string, Entry>();
    for (const entry of [...this.absolute, ...this.relative]) for (const name of namesOf(entry)) byName.set(name, entry);
    for (const entry of this.relative) {
      const anchor = entry.toMiddleware === undefined ? undefined : byName.get(entry.toMiddleware);
      if (!anchor && listing) continue;
      if (!anchor) throw new Error(`${entry.toMiddleware} is not found when adding ${entry.name ?? 'anonymous'} middleware ${entry.relation} ${entry.toMiddleware}`);
      const list = entry.relation === 'after' ? after : before;
      list.set(anchor, [...(list.get(anchor) ?? []), entry]);
    }
    const main = [...this.absolute].sort(
      (a, b) =>
        STEP_WEIGHT[b.step ?? 'initialize'] - STEP_WEIGHT[a.step ?? 'initialize'] ||
        PRIORITY_WEIGHT[b.priority ?? 'normal'] - PRIORITY_WEIGHT[a.priority ?? 'normal'],
    );
    const expand = (entry: Entry, into: Entry[]): void => {
      for (const earlier of before.get(entry) ?? []) expand(earlier, into);
      into.push(entry);
      // Smithy reverses the "after" list: the entry added last sits closest to its anchor.
      for (const later of [...(after.get(entry) ?? [])].reverse()) expand(later, into);
    };
    const chain: Entry[] = [];
    for (const entry of main) expand(entry, chain);
    return chain;
  }

  private insert(entry: StoredEntry, into: StoredEntry[]): void {
    for (const name of namesOf(entry)) {
      const existing = this.named(name);
      if (existing === undefined) continue;
      if (!entry.override) throw new Error(`Duplicate middleware name '${name}'`);
      for (const list of [this.absolute, this.relative]) {
        const index = list.indexOf(existing);
        if (index !== -1) list.splice(index, 1);
      }
    }
    into.push(entry);
  }

  private named(name: string): StoredEntry | undefined {
    for (const entry of this.absolute) if (isNamed(entry, name)) return entry;
    for (const entry of this.relative) if (isNamed(entry, name)) return entry;
    return undefined;
  }
}
