/**
 * A state machine on one attribute: from each state, the states it may move to. Terminal states
 * map to `[]` (or are left out). Transitions are enforced by conditional writes in repositories.
 *
 * @example
 * const machine = { attribute: 'status', transitions: { queued: ['running'], running: ['done'] } };
 */
export interface StateMachineDefinition<Attribute extends string = string, State extends string = string> {
  readonly attribute: Attribute;
  readonly transitions: { readonly [S in State]?: readonly State[] };
}

/** Whether the machine allows `from → to`. */
export function isTransitionAllowed(machine: StateMachineDefinition, from: string, to: string): boolean {
  const transitions = machine.transitions as Readonly<Record<string, readonly string[] | undefined>>;
  // Own entries only: a state named 'constructor' or 'toString' must not reach Object.prototype.
  if (!Object.hasOwn(transitions, from)) return false;
  return transitions[from]?.includes(to) ?? false;
}

/** Every state named by the machine, sources and targets. */
export function statesOf(machine: StateMachineDefinition): string[] {
  const states = new Set<string>();
  for (const [from, targets] of Object.entries(
    machine.transitions as Readonly<Record<string, readonly string[] | undefined>>,
  )) {
    states.add(from);
    for (const to of targets ?? []) states.add(to);
  }
  return [...states];
}
