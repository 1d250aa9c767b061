import type { Storage } from './storage.js';

// Placeholder until the storage lands.
export function openSqliteStorage(_options: { path: string } | { inMemory: true }): Storage {
  throw new Error('storage not implemented yet');
}
