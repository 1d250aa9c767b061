import { describe, expect, it } from 'vitest';
import { isTransitionAllowed, statesOf } from './state-machine.js';

const machine = {
  attribute: 'status',
  transitions: { queued: ['running', 'cancelled'], running: ['succeeded', 'failed'], failed: [] },
};

describe('state machines', () => {
  it('allow exactly the listed moves', () => {
    expect(isTransitionAllowed(machine, 'queued', 'running')).toBe(true);
    expect(isTransitionAllowed(machine, 'running', 'queued')).toBe(false);
    expect(isTransitionAllowed(machine, 'queued', 'queued')).toBe(false);
  });

  it('allow nothing out of a terminal state, listed empty or left out', () => {
    expect(isTransitionAllowed(machine, 'failed', 'queued')).toBe(false);
    expect(isTransitionAllowed(machine, 'succeeded', 'queued')).toBe(false);
  });

  it('do not treat inherited object names as states', () => {
    expect(isTransitionAllowed(machine, 'constructor', 'running')).toBe(false);
    expect(isTransitionAllowed(machine, 'toString', 'running')).toBe(false);
  });

  it('name every state, sources and targets, once', () => {
    expect(statesOf(machine).sort()).toEqual(['cancelled', 'failed', 'queued', 'running', 'succeeded']);
  });
});
