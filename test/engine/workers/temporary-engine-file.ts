import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';

export interface TemporaryEngineFile {
  /** The SQLite file of the current test (a fresh folder per test). */
  readonly path: () => string;
  /** Opens the file in this process for `work`, then closes it so workers own the file. */
  readonly withEngine: <T>(work: (engine: Engine) => T) => T;
}

/** A fresh SQLite file per test, shared by the test and the worker processes it forks. */
export function useTemporaryEngineFile(prefix: string): TemporaryEngineFile {
  let directory = '';
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));
  const path = (): string => join(directory, 'engine.db');
  return {
    path,
    withEngine(work) {
      const engine = new Engine({ path: path(), ttlReapIntervalMs: 0 });
      try {
        return work(engine);
      } finally {
        engine.close();
      }
    },
  };
}
