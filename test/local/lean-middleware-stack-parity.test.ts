import { constructStack } from '@smithy/core/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeanMiddlewareStack } from '../../src/local/sdk-accelerator/lean-middleware-stack.js';

/**
 * The lean stack against Smithy's own `constructStack`, on random sequences of the calls
 * the SDK makes: same errors, same order when listed and when resolved (twice, so the
 * second goes through the order cache), same entries handed on by `applyToStack`/`concat`.
 *
 * The generator stays inside what both define the same way: a name keeps one step,
 * priority or anchor (Smithy rejects an override that moves an entry, the lean stack does
 * not check), and absolute and relative entries use separate names (Smithy's override
 * only removes an entry of the same kind).
 */

/** Where middlewares record their labels when a resolved stack runs. */
const calls: string[] = [];
type Handler = (args: unknown) => Promise<unknown>;
type AnyMiddleware = (next: Handler, context: unknown) => Handler;

interface Stack {
  add(middleware: AnyMiddleware, options: object): void;
  addRelativeTo(middleware: AnyMiddleware, options: object): void;
  remove(name: string): boolean;
  removeByTag(tag: string): boolean;
  concat(from: unknown): Stack;
  applyToStack(stack: unknown): void;
  identify(): string[];
  resolve(handler: Handler, context: unknown): Handler;
}

const ABSOLUTE_NAMES = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'];
const RELATIVE_NAMES = ['r0', 'r1', 'r2', 'r3', 'r4'];
const STEPS = ['initialize', 'serialize', 'build', 'finalizeRequest', 'deserialize'];
const PRIORITIES = ['high', 'normal', 'low', undefined];

type Operation =
  | {
      readonly kind: 'add';
      readonly name: string | undefined;
      readonly slot: number;
      readonly override: boolean;
      readonly tag: boolean;
    }
  | {
      readonly kind: 'addRelativeTo';
      readonly name: string | undefined;
      readonly slot: number;
      readonly override: boolean;
    }
  | { readonly kind: 'remove'; readonly name: string }
  | { readonly kind: 'removeByTag' };

/**
 * A name's options: fixed per name within a run (through `slot` for anonymous entries), and
 * varied across runs by the bits of `layout` (steps and anchors, relations, priorities), so
 * that the order cache, shared by all stacks, meets one name with each of them changed alone.
 */
function absoluteOptions(
  name: string | undefined,
  slot: number,
  override: boolean,
  tag: boolean,
  layout: number,
): Record<string, unknown> {
  const index = (name === undefined ? slot : ABSOLUTE_NAMES.indexOf(name)) + (layout % 16);
  const options: Record<string, unknown> = { step: STEPS[index % STEPS.length] };
  const priority = PRIORITIES[(index * 7 + (layout >> 5)) % PRIORITIES.length];
  if (priority !== undefined) options.priority = priority;
  if (name !== undefined) options.name = name;
  if (override) options.override = true;
  if (tag) options.tags = ['TAGGED'];
  return options;
}

function relativeOptions(
  name: string | undefined,
  slot: number,
  override: boolean,
  layout: number,
): Record<string, unknown> {
  const index = (name === undefined ? slot : RELATIVE_NAMES.indexOf(name)) + (layout % 16);
  const anchors = [...ABSOLUTE_NAMES, ...RELATIVE_NAMES];
  const options: Record<string, unknown> = {
    relation: (index % 2 === 0) !== (((layout >> 4) & 1) === 1) ? 'before' : 'after',
    toMiddleware: anchors[(index * 5 + 3) % anchors.length],
  };
  if (name !== undefined) options.name = name;
  if (override) options.override = true;
  return options;
}

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    name: fc.option(fc.constantFrom(...ABSOLUTE_NAMES), { nil: undefined }),
    slot: fc.nat(20),
    override: fc.boolean(),
    tag: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('addRelativeTo' as const),
    name: fc.option(fc.constantFrom(...RELATIVE_NAMES), { nil: undefined }),
    slot: fc.nat(20),
    override: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('remove' as const), name: fc.constantFrom(...ABSOLUTE_NAMES, ...RELATIVE_NAMES) }),
  fc.constant({ kind: 'removeByTag' as const }),
);

function recording(label: string): AnyMiddleware {
  return (next) => async (args) => {
    calls.push(label);
    return next(args);
  };
}

/** Applies the operations; returns what each did (its result or error message). */
function play(stack: Stack, operations: readonly Operation[], layout: number, prefix = ''): string[] {
  return operations.map((operation, index) => {
    const label = `${prefix}${operation.kind}#${index}`;
    try {
      if (operation.kind === 'add')
        stack.add(
          recording(label),
          absoluteOptions(operation.name, operation.slot, operation.override, operation.tag, layout),
        );
      else if (operation.kind === 'addRelativeTo')
        stack.addRelativeTo(
          recording(label),
          relativeOptions(operation.name, operation.slot, operation.override, layout),
        );
      else if (operation.kind === 'remove') return String(stack.remove(operation.name));
      else return String(stack.removeByTag('TAGGED'));
      return 'ok';
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  });
}

async function resolvedOrder(stack: Stack): Promise<string[] | string> {
  calls.length = 0;
  try {
    await stack.resolve(async () => ({ output: {} }), {})({ input: {} });
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
  return [...calls];
}

function attempt<T>(action: () => T): T | string {
  try {
    return action();
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

/** Smithy lists relative entries that carry no step by anchor; both agree on the names. */
function listedNames(stack: Stack): string[] {
  return stack.identify().map((line) => line.split(' - ')[0]);
}

describe('LeanMiddlewareStack against Smithy’s stack', () => {
  it('errs, lists and resolves as Smithy does, directly and through concat', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArbitrary, { maxLength: 14 }),
        fc.array(operationArbitrary, { maxLength: 6 }),
        fc.nat(255),
        async (operations, commandOperations, layout) => {
          // The same calls with one option changed right after: the order cache, keyed by
          // shape, must tell the variants apart.
          for (const variant of [layout ^ 16, layout ^ 32, layout ^ 64]) {
            const smithyVariant = constructStack() as unknown as Stack;
            const leanVariant = new LeanMiddlewareStack(new Set()) as unknown as Stack;
            expect(play(leanVariant, operations, variant)).toEqual(play(smithyVariant, operations, variant));
            expect(await resolvedOrder(leanVariant)).toEqual(await resolvedOrder(smithyVariant));
          }
          const smithy = constructStack() as unknown as Stack;
          const lean = new LeanMiddlewareStack(new Set()) as unknown as Stack;
          expect(play(lean, operations, layout)).toEqual(play(smithy, operations, layout));
          expect(listedNames(lean)).toEqual(listedNames(smithy));
          expect(await resolvedOrder(lean)).toEqual(await resolvedOrder(smithy));
          expect(await resolvedOrder(lean)).toEqual(await resolvedOrder(smithy));

          // A command's own stack merged in, as every call does (Smithy's stack as the source).
          const command = constructStack() as unknown as Stack;
          play(command, commandOperations, layout, 'command.');
          const mergedSmithy = attempt(() => smithy.concat(command));
          const mergedLean = attempt(() => lean.concat(command));
          if (typeof mergedSmithy === 'string' || typeof mergedLean === 'string') {
            expect(mergedLean).toEqual(mergedSmithy);
            return;
          }
          expect(listedNames(mergedLean)).toEqual(listedNames(mergedSmithy));
          expect(await resolvedOrder(mergedLean)).toEqual(await resolvedOrder(mergedSmithy));

          // Copying out: the lean stack hands on what Smithy's would (defaults, tags, no middleware key).
          const copiedFromLean = constructStack() as unknown as Stack;
          const copiedFromSmithy = constructStack() as unknown as Stack;
          mergedLean.applyToStack(copiedFromLean);
          mergedSmithy.applyToStack(copiedFromSmithy);
          expect(listedNames(copiedFromLean)).toEqual(listedNames(copiedFromSmithy));
          expect(await resolvedOrder(copiedFromLean)).toEqual(await resolvedOrder(copiedFromSmithy));
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe('MiddlewareEntry options', () => {
  const passThrough: AnyMiddleware = (next) => next;

  it('keeps the options it was given, even if the caller changes them afterwards', () => {
    const lean = new LeanMiddlewareStack(new Set());
    const options: Record<string, unknown> = { name: 'first', step: 'build' };
    lean.add(passThrough as never, options);
    options.step = 'initialize';
    options.name = 'renamed';
    lean.add(passThrough as never, { name: 'second', step: 'serialize' });
    expect(lean.identify()).toEqual(['second - serialize', 'first - build']);
  });

  it('hands on options it does not know, with the defaults of absolute entries', () => {
    const lean = new LeanMiddlewareStack(new Set());
    lean.add(passThrough as never, { name: 'absolute', tags: ['T'], custom: 1, middleware: 'ignored' } as never);
    lean.addRelativeTo(
      passThrough as never,
      { name: 'relative', relation: 'after', toMiddleware: 'absolute', custom: 2 } as never,
    );
    const copied: Record<string, unknown>[] = [];
    lean.applyToStack({
      add: (_middleware: unknown, options: Record<string, unknown>) => copied.push(options),
      addRelativeTo: (_middleware: unknown, options: Record<string, unknown>) => copied.push(options),
    } as never);
    expect(copied).toStrictEqual([
      { step: 'initialize', priority: 'normal', name: 'absolute', tags: ['T'], custom: 1 },
      { name: 'relative', relation: 'after', toMiddleware: 'absolute', custom: 2 },
    ]);
    expect(lean.removeByTag('T')).toBe(true);
    expect(lean.identify()).toEqual([]);
  });

  it('keeps an explicitly undefined step, as Smithy’s spread does', () => {
    const lean = new LeanMiddlewareStack(new Set());
    const smithy = constructStack();
    for (const stack of [lean, smithy]) stack.add(passThrough as never, { name: 'odd', step: undefined } as never);
    const copied: Record<string, unknown>[] = [];
    lean.applyToStack({
      add: (_middleware: unknown, options: Record<string, unknown>) => copied.push(options),
      addRelativeTo: () => undefined,
    } as never);
    expect(copied).toStrictEqual([{ step: undefined, priority: 'normal', name: 'odd' }]);
  });
});
