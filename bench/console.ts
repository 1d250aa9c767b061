import { request } from 'node:http';
import { BIG_JOB_ID, startResearchConsole } from '../test/console/console-fixture.js';

/**
 * `node --import tsx bench/console.ts`: the console's speed targets on the research-jobs example
 * with a partition of 10,000 findings, in process on an in-memory engine. Server time is the
 * console's own `Server-Timing` (request read to answer written); the first load is the first
 * request after start (cold code), then the median of 30 warm loads. Exits 1 when a target is
 * missed: first page ≤ 300 KB (the page carries its styles and scripts: there is nothing else
 * to load) and ≤ 200 ms; a partition page of 100 items ≤ 100 ms.
 */
interface Answer {
  readonly status: number;
  readonly bytes: number;
  readonly serverMs: number;
  readonly body: string;
}

function get(base: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const timing = /dur=([\d.]+)/.exec(String(response.headers['server-timing'] ?? ''));
        resolve({
          status: response.statusCode ?? 0,
          bytes: body.length,
          serverMs: Number(timing?.[1] ?? Number.NaN),
          body: body.toString('utf8'),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(base: string, path: string): Promise<{ first: Answer; warmMs: number }> {
  const first = await get(base, path);
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
  const warm: number[] = [];
  for (let i = 0; i < 30; i++) warm.push((await get(base, path)).serverMs);
  return { first, warmMs: median(warm) };
}

const fixture = await startResearchConsole({ bigPartition: 10_000 });
try {
  const base = fixture.console.url;
  const firstPage = await measure(base, '/model');
  // Any src= or stylesheet link would be a second request; the first page must have none.
  const external = /<(script|img|link)[^>]+(src|href)=/i.test(firstPage.first.body);
  const partition = await measure(base, `/tables/research-jobs/items?pk=JOB%23${BIG_JOB_ID}`);
  const cursor = /cursor=([^"&]+)/.exec(partition.first.body)?.[1];
  const deep = await measure(base, `/tables/research-jobs/items?pk=JOB%23${BIG_JOB_ID}&cursor=${cursor}`);
  if (!deep.first.body.includes('100 items on this page')) throw new Error('the second page did not list 100 items');
  const rows = [
    [
      'first page (/model): bytes',
      `${(firstPage.first.bytes / 1024).toFixed(1)} KB`,
      '≤ 300 KB',
      firstPage.first.bytes <= 300 * 1024 && !external,
    ],
    [
      'first page (/model): server time, first load',
      `${firstPage.first.serverMs} ms`,
      '≤ 200 ms',
      firstPage.first.serverMs <= 200,
    ],
    ['first page (/model): server time, warm median', `${firstPage.warmMs} ms`, '≤ 200 ms', firstPage.warmMs <= 200],
    [
      'partition page, 100 of 10,001 items: first load',
      `${partition.first.serverMs} ms`,
      '≤ 100 ms',
      partition.first.serverMs <= 100,
    ],
    ['partition page, 100 of 10,001 items: warm median', `${partition.warmMs} ms`, '≤ 100 ms', partition.warmMs <= 100],
    ['second partition page (cursor): warm median', `${deep.warmMs} ms`, '≤ 100 ms', deep.warmMs <= 100],
  ] as const;
  for (const [what, figure, target, ok] of rows)
    console.log(`${ok ? '✓' : '✗'} ${what.padEnd(50)} ${figure.padStart(10)}  (${target})`);
  if (external) console.log('✗ the first page loads something besides itself');
  process.exitCode = rows.every((row) => row[3]) ? 0 : 1;
} finally {
  await fixture.close();
}
