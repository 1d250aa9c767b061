import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { exited, nextMessage } from '../engine/workers/fork-worker.js';
import { bundleStreamWriter, forkBundled } from './workers/bundled-worker.js';

let directory: string;
let script: string;
let path: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'monotable-streams-'));
  script = await bundleStreamWriter(directory);
}, 60_000);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let files = 0;
/** A new file with table `log` streaming NEW_AND_OLD_IMAGES. */
function createLogFile(): string {
  files += 1;
  const file = join(directory, `log-${files}.db`);
  const engine = new Engine({ path: file, ttlReapIntervalMs: 0 });
  engine.handle('CreateTable', {
    TableName: 'log',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  });
  engine.close();
  return file;
}

beforeEach(() => {
  path = createLogFile();
});

interface FileState {
  /** Item key → its `n`. */
  readonly items: Map<string, string>;
  /** Records in sequence order: key, event, the new image's `n`. */
  readonly records: { seq: number; key: string; event: string; n: string }[];
}

/** Items and stream records as the file holds them, read with plain SQL (the records table is an ordinary table). */
function fileState(file = path): FileState {
  const database = new Database(file, { readonly: true });
  try {
    const itemTable = database
      .prepare(`SELECT sql_name FROM monotable_tables WHERE name = 'log'`)
      .pluck()
      .get() as string;
    const items = new Map<string, string>();
    for (const data of database.prepare(`SELECT data FROM "${itemTable}"`).pluck().all() as string[]) {
      const item = JSON.parse(data) as { pk: { S: string }; n: { N: string } };
      items.set(item.pk.S, item.n.N);
    }
    const rows = database
      .prepare('SELECT seq, event_name, keys, new_image FROM monotable_stream_records ORDER BY seq')
      .all() as { seq: number; event_name: string; keys: string; new_image: string }[];
    const records = rows.map((row) => ({
      seq: row.seq,
      key: (JSON.parse(row.keys) as { pk: { S: string } }).pk.S,
      event: row.event_name,
      n: (JSON.parse(row.new_image) as { n: { N: string } }).n.N,
    }));
    return { items, records };
  } finally {
    database.close();
  }
}

/** Every item has exactly one INSERT record holding it, and every record its item. */
function expectEveryChangeWithItsRecord(state: FileState): void {
  const recorded = new Map(state.records.map((record) => [record.key, record.n]));
  expect(recorded.size).toBe(state.records.length);
  expect(state.records.every((record) => record.event === 'INSERT')).toBe(true);
  expect(recorded).toEqual(state.items);
}

describe('stream records and their changes', () => {
  it('a process killed while writing leaves no change without its record, nor a record without its change (50 rounds)', async () => {
    // Two lanes of 25 rounds, each on its own file, to use both cores.
    const lane = async (file: string, name: string) => {
      for (let kill = 0; kill < 25; kill += 1) {
        const worker = forkBundled(script, [file, `${name}${kill}`, '0']);
        await nextMessage(worker);
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20)));
        worker.kill('SIGKILL');
        await exited(worker);
        expectEveryChangeWithItsRecord(fileState(file));
      }
      expect(fileState(file).items.size).toBeGreaterThanOrEqual(25);
    };
    await Promise.all([lane(path, 'a'), lane(createLogFile(), 'b')]);
  }, 240_000);

  it('8 processes writing one file make one stream: every change exactly once, in commit order', async () => {
    const perWriter = 150;
    const workers = Array.from({ length: 8 }, (_, index) =>
      forkBundled(script, [path, `p${index}`, String(perWriter)]),
    );
    const codes = await Promise.all(workers.map((worker) => exited(worker)));
    expect(codes).toEqual(Array(8).fill(0));
    const state = fileState();
    expect(state.items.size).toBe(8 * perWriter);
    expectEveryChangeWithItsRecord(state);
    // Sequence numbers follow commit order: each writer's changes appear in the order it made them.
    for (let index = 0; index < 8; index += 1) {
      const ns = state.records
        .filter((record) => record.key.startsWith(`p${index}-`))
        .map((record) => Number(record.n));
      expect(ns).toEqual([...ns].sort((a, b) => a - b));
    }
    const engine = new Engine({ path, ttlReapIntervalMs: 0 });
    try {
      const listed = engine.handle('DynamoDBStreams_20120810.ListStreams', {}) as { Streams: unknown[] };
      expect(listed.Streams).toHaveLength(1);
    } finally {
      engine.close();
    }
  }, 120_000);
});
