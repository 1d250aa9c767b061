import type { EngineContext } from '../operations/operation.js';

// Placeholder until the TTL reaper lands.
export function reapExpiredItems(_context: EngineContext): number {
  return 0;
}
