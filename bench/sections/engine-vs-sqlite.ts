import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine.js';
import { measureSyncInterleaved } from '../measure.js';
import type { BenchOptions } from '../options.js';
import { formatUs, type ResultRow } from '../report.js';
import { wireItem, WIRE_REQUESTS } from '../wire-requests.js';
import { CHILDREN, PARTITIONS, seedItem, TABLE, TABLE_DEFINITION, WORKLOADS } from '../workloads.js';
import { RawSqlite } from './raw-sqlite.js';

/** (c) `engine.handle` (wire JSON in → out) against better-sqlite3 doing the same I/O, both on files. */
export function runEngineVsSqlite(options: BenchOptions, rows: ResultRow[], notes: string[]): void {
  const directory = mkdtempSync(join(tmpdir(), 'monotable-bench-'));
  const engine = new Engine({ path: join(directory, 'engine.sqlite'), ttlReapIntervalMs: 0 });
  try {
    const synchronous = String(
      (
        engine.context.storage as unknown as {
          database: { pragma(source: string, options: { simple: true }): unknown };
        }
      ).database.pragma('synchronous', { simple: true }),
    );
    const raw = new RawSqlite(join(directory, 'raw.sqlite'), synchronous);
    engine.handle('CreateTable', TABLE_DEFINITION);
    for (let p = 0; p < PARTITIONS; p++) {
      const items = Array.from({ length: CHILDREN + 1 }, (_, c) => wireItem(seedItem(p, c)));
      for (let start = 0; start < items.length; start += 25) {
        engine.handle('BatchWriteItem', {
          RequestItems: { [TABLE]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) },
        });
      }
      for (const item of items) raw.putItem(item);
    }
    notes.push(
      `Engine vs raw SQLite: both on files in WAL mode with synchronous=${synchronous} (the engine's setting).`,
    );

    const iterations = options.iterations * 4;
    const warmup = Math.max(100, iterations / 4);
    for (const workload of WORKLOADS.filter((candidate) => options.only.has(candidate.name))) {
      const request = WIRE_REQUESTS[workload.name];
      const [ours, floor] = measureSyncInterleaved(
        [
          (i) => engine.handle(request.operation, request.input(i, 'engine')),
          (i) => raw.handle(workload.name, request.input(i, 'raw')),
        ],
        iterations,
        warmup,
      );
      const ratio = ours.meanUs / floor.meanUs;
      rows.push({
        section: '(c) engine.handle vs raw better-sqlite3',
        operation: workload.label,
        ours: formatUs(ours.meanUs),
        reference: formatUs(floor.meanUs),
        ratio,
        target: '≤ 3× slower',
        met: ratio <= 3,
      });
    }
    raw.close();
  } finally {
    engine.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
