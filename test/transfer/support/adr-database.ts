import Database from 'better-sqlite3';
import type { WireItem } from '../../../src/transfer/index.js';

/** A row of the ADR's SQLite table, and the item it must become. */
interface AdrCase {
  readonly pk: string;
  readonly sk: string;
  readonly data: string;
  readonly createdAt: string;
  readonly item: WireItem;
}

/** The ADR's dialogue and document examples, plus the edge cases of JSON → attribute values. */
export const adrCases: readonly AdrCase[] = [
  {
    pk: 'nvidia-dec',
    sk: 'META',
    data: '{"title":"NVIDIA decision","status":"open","created_at":"2026-02-02T10:00:00Z"}',
    createdAt: '2026-02-02T10:00:01Z',
    item: {
      pk: { S: 'nvidia-dec' },
      sk: { S: 'META' },
      title: { S: 'NVIDIA decision' },
      status: { S: 'open' },
      created_at: { S: '2026-02-02T10:00:00Z' },
    },
  },
  {
    pk: 'nvidia-dec',
    sk: 'EXPERT#muffin',
    data: '{"role":"skeptic","tier":2,"score":12345678901234567890123456789012345678}',
    createdAt: '2026-02-02T10:01:00Z',
    item: {
      pk: { S: 'nvidia-dec' },
      sk: { S: 'EXPERT#muffin' },
      role: { S: 'skeptic' },
      tier: { N: '2' },
      score: { N: '12345678901234567890123456789012345678' },
      created_at: { S: '2026-02-02T10:01:00Z' },
    },
  },
  {
    pk: 'nvidia-dec',
    sk: 'PERSP#0#muffin#1',
    data: '{"label":"","content":"line\\nbreak \\u00e9 🌍","status":null,"accepted":false,"weights":[0.5,-0.00001,{"k":[]}],"meta":{}}',
    createdAt: '2026-02-02T10:02:00Z',
    item: {
      pk: { S: 'nvidia-dec' },
      sk: { S: 'PERSP#0#muffin#1' },
      label: { S: '' },
      content: { S: 'line\nbreak é 🌍' },
      status: { NULL: true },
      accepted: { BOOL: false },
      weights: { L: [{ N: '0.5' }, { N: '-0.00001' }, { M: { k: { L: [] } } }] },
      meta: { M: {} },
      created_at: { S: '2026-02-02T10:02:00Z' },
    },
  },
  {
    pk: 'nvidia-dec',
    sk: 'TEVENT#T01#1706900000',
    data: '{"event_type":"opened","actor":"muffin","reason":"0.1000000000000000000000000000000000001 is not 0.1","at":1706900000}',
    createdAt: '2026-02-02T10:03:00Z',
    item: {
      pk: { S: 'nvidia-dec' },
      sk: { S: 'TEVENT#T01#1706900000' },
      event_type: { S: 'opened' },
      actor: { S: 'muffin' },
      reason: { S: '0.1000000000000000000000000000000000001 is not 0.1' },
      at: { N: '1706900000' },
      created_at: { S: '2026-02-02T10:03:00Z' },
    },
  },
  {
    pk: 'letemcook',
    sk: 'DOC#rfc#0051',
    // pk/sk inside data lose to the columns; a long-precision fraction keeps every digit.
    data: '{"pk":"ignored","sk":"ignored","title":"Dialogue","status":"accepted","content":"","ratio":0.1000000000000000000000000000000000001}',
    createdAt: '2026-02-03T00:00:00Z',
    item: {
      pk: { S: 'letemcook' },
      sk: { S: 'DOC#rfc#0051' },
      title: { S: 'Dialogue' },
      status: { S: 'accepted' },
      content: { S: '' },
      ratio: { N: '0.1000000000000000000000000000000000001' },
      created_at: { S: '2026-02-03T00:00:00Z' },
    },
  },
];

/** Writes the ADR's table (`CREATE TABLE blue_{domain} (pk, sk, data JSON, created_at)`) with the given rows. */
export function writeAdrDatabase(path: string, tableName: string, cases: readonly AdrCase[] = adrCases): void {
  const database = new Database(path);
  try {
    database.exec(`CREATE TABLE ${tableName} (
      pk TEXT NOT NULL,
      sk TEXT NOT NULL,
      data JSON NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (pk, sk)
    )`);
    const insert = database.prepare(`INSERT INTO ${tableName} (pk, sk, data, created_at) VALUES (?, ?, ?, ?)`);
    database.transaction(() => {
      for (const row of cases) insert.run(row.pk, row.sk, row.data, row.createdAt);
    })();
  } finally {
    database.close();
  }
}
