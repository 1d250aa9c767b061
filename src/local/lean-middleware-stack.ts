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

function namesOf(entry: Entry): string[] {
  return entry.name ? [entry.name, ...(entry.aliases ?? [])] : [...(entry.aliases ?? [])];
}

/**
 * What the order of a stack depends on: each entry's names, step, priority and anchor,
 * in insertion order. Stacks built for calls of one command differ only in their
 * middleware functions (the DocumentClient adds fresh closures per command), so the
 * order is computed once per signature and reused.
 */
function orderSignature(absolute: readonly Entry[], relative: readonly Entry[]): string {
  let signature = '';
  for (const entry of absolute) signature += `${entry.name ?? ''}/${entry.aliases?.join(',') ?? ''}/${entry.step ?? ''}/${entry.priority ?? ''}|`;
  signature += '#';
  for (const entry of relative) signature += `${entry.name ?? ''}/${entry.aliases?.join(',') ?? ''}/${entry.relation ?? ''}/${entry.toMiddleware ?? ''}|`;
  return signature;
}

/** Orders by signature, as positions in `[...absolute, ...relative]`; bounded, since a client sees few command shapes. */
const ORDER_CACHE_LIMIT = 256;
const orderCache = new Map<string, readonly number[]>();

export class LeanMiddlewareStack {
  private absolute: Entry[] = [];
  private relative: Entry[] = [];
  /** Every name and alias of the entries, so adding one finds a duplicate without a scan. */
  private byName = new Map<string, Entry>();

  constructor(private readonly dropped: ReadonlySet<string>) {}

  add(middleware: Middleware, options: Omit<Entry, 'middleware'> = {}): void {
    this.insert({ step: 'initialize', priority: 'normal', ...options, middleware }, this.absolute);
  }

  addRelativeTo(middleware: Middleware, options: Omit<Entry, 'middleware'>): void {
    this.insert({ ...options, middleware }, this.relative);
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
    copy.absolute = [...this.absolute];
    copy.relative = [...this.relative];
    copy.byName = new Map(this.byName);
    return copy;
  }

  applyToStack(stack: LeanMiddlewareStack | { add: LeanMiddlewareStack['add']; addRelativeTo: LeanMiddlewareStack['addRelativeTo'] }): void {
    for (const { middleware, ...options } of this.absolute) stack.add(middleware, options);
    for (const { middleware, ...options } of this.relative) stack.addRelativeTo(middleware, options as Omit<Entry, 'middleware'>);
  }

  remove(toRemove: string | Middleware): boolean {
    const keep = (entry: Entry): boolean =>
      typeof toRemove === 'string' ? !namesOf(entry).includes(toRemove) : entry.middleware !== toRemove;
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
    if (this.absolute.length + this.relative.length === before) return false;
    this.byName = new Map();
    for (const entry of [...this.absolute, ...this.relative]) for (const name of namesOf(entry)) this.byName.set(name, entry);
    return true;
  }

  identify(): string[] {
    return this.ordered(true).map((entry) => `${entry.name ?? 'anonymous'} - ${entry.relation ? `${entry.relation} ${entry.toMiddleware}` : entry.step}`);
  }

  identifyOnResolve(): boolean {
    return false;
  }

  resolve(handler: any, context: any): any {
    const all = [...this.absolute, ...this.relative];
    const signature = orderSignature(this.absolute, this.relative);
    let order = orderCache.get(signature);
    if (order === undefined) {
      const positions = new Map(all.map((entry, position) => [entry, position]));
      order = this.ordered().map((entry) => positions.get(entry)!);
      if (orderCache.size >= ORDER_CACHE_LIMIT) orderCache.clear();
      orderCache.set(signature, order);
    }
    for (let i = order.length - 1; i >= 0; i--) handler = all[order[i]].middleware(handler, context);
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

  private insert(entry: Entry, into: Entry[]): void {
    const names = namesOf(entry);
    if (names.some((name) => this.dropped.has(name))) return;
    for (const name of names) {
      const existing = this.byName.get(name);
      if (existing === undefined) continue;
      if (!entry.override) throw new Error(`Duplicate middleware name '${name}'`);
      for (const list of [this.absolute, this.relative]) {
        const index = list.indexOf(existing);
        if (index !== -1) list.splice(index, 1);
      }
      for (const alias of namesOf(existing)) this.byName.delete(alias);
    }
    into.push(entry);
    for (const name of names) this.byName.set(name, entry);
  }
}
