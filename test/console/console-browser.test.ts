import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, chromiumSkipNote, requireChromium } from '../support/chromium.js';
import { BIG_JOB_ID, startResearchConsole, type ConsoleFixture } from './console-fixture.js';

// The console driven in a real Chromium on the research-jobs example: every page, by keyboard
// where a user would. With MONOTABLE_CONSOLE_SCREENSHOTS=1 it also writes docs/console/*.png.
requireChromium('the console browser tests');
const BIG_PARTITION = 10_000;
const screenshots = process.env.MONOTABLE_CONSOLE_SCREENSHOTS === '1';
const screenshotFolder = join(import.meta.dirname, '..', '..', 'docs', 'console');

let fixture: ConsoleFixture;
let browser: Browser;
let page: Page;

async function screenshot(name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(screenshotFolder, { recursive: true });
  await page.screenshot({ path: join(screenshotFolder, `${name}.png`), fullPage: false });
}

async function open(path: string): Promise<void> {
  const response = await page.goto(`${fixture.console.url}${path}`);
  expect(response?.status()).toBe(200);
}

describe.skipIf(!chromiumPath)(`monotable console in Chromium${chromiumSkipNote}`, () => {
  beforeAll(async () => {
    fixture = await startResearchConsole({ bigPartition: BIG_PARTITION });
    browser = await chromium.launch({ executablePath: chromiumPath as string, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('Tables: the table with its keys, index, TTL, stream, billing mode and item count', async () => {
    await open('/tables');
    const row = page.locator('tr', { has: page.locator('th a', { hasText: 'research-jobs' }) });
    await expect(row.textContent()).resolves.toMatch(
      /pk \(HASH\), sk \(RANGE\).*gsi1.*expires_at.*NEW_AND_OLD_IMAGES.*PAY_PER_REQUEST/s,
    );
    await expect(row.locator('td').nth(5).textContent()).resolves.toBe(String(BIG_PARTITION + 9));
    await screenshot('tables');
  });

  it('Model: every access pattern served, the key space and the entities', async () => {
    await open('/model');
    await expect(page.locator('#access-patterns + p + table tbody tr').count()).resolves.toBe(8);
    await expect(page.locator('td span.served').count()).resolves.toBe(8);
    await expect(page.locator('figure').first().textContent()).resolves.toContain('JOB#{jobId}');
    await screenshot('model');
  });

  it(`Items: a partition of ${BIG_PARTITION} findings, searched by keyboard and paged to its end`, async () => {
    await open('/tables/research-jobs/items');
    // The partition key field has the focus on arrival: type the key, Enter submits.
    await page.keyboard.type(`JOB#${BIG_JOB_ID}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/pk=JOB%23big/);
    await expect(page.locator('table.items tbody tr').count()).resolves.toBe(100);
    await expect(page.locator('table.items tbody tr').first().textContent()).resolves.toMatch(
      /FINDING#00000.*finding.*id = 00000/s,
    );
    await screenshot('items');
    let seen = 100;
    let pages = 1;
    for (;;) {
      const next = page.locator('a[rel=next]').first();
      if ((await next.count()) === 0) break;
      await next.focus();
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      const rows = await page.locator('table.items tbody tr').count();
      expect(rows).toBeLessThanOrEqual(100);
      seen += rows;
      pages++;
    }
    // 10,000 findings and the job itself (METADATA sorts after FINDING#…), a page of 100 at a time.
    expect(seen).toBe(BIG_PARTITION + 1);
    expect(pages).toBe(Math.ceil((BIG_PARTITION + 1) / 100));
    await expect(page.locator('table.items tbody tr').last().textContent()).resolves.toContain('JOB#big | METADATA');
    // A hundred and one page loads in a browser: minutes on a busy machine, though each page is one Query.
  }, 300_000);

  it('Item: attributes as DynamoDB JSON and as plain JSON, key parts decoded', async () => {
    await open('/tables/research-jobs/items?pk=JOB%23j1');
    await page.locator('a.key', { hasText: 'FINDING#f1' }).click();
    await expect(page.locator('#item-plain').textContent()).resolves.toContain('"text": "SQLite orders keys as bytes"');
    await expect(page.locator('#item-dynamodb').textContent()).resolves.toContain('"S": "SQLite orders keys as bytes"');
    await expect(page.locator('main > p').nth(1).textContent()).resolves.toMatch(/finding\s+jobId = j1 id = f1/);
    await screenshot('item');
  });

  it('Run an access pattern: each research-jobs pattern from its generated form', async () => {
    const runs: [string, Record<string, string>, number][] = [
      ['getJob', { id: 'j1' }, 1],
      ['getJobWithFindings', { id: 'j1' }, 4],
      ['listJobsByStatus', { status: 'running' }, 1],
      ['getFinding', { jobId: 'j1', findingId: 'f2' }, 1],
      ['getDebugPayloads', { jobId: 'j3' }, 1],
      ['getFetchCache', { url: 'https://example.com/a' }, 1],
      ['getJobStatusCounts', {}, 0],
      ['getCountedChange', { eventId: 'none' }, 0],
    ];
    for (const [pattern, params, count] of runs) {
      await open(`/patterns/${pattern}`);
      for (const [name, value] of Object.entries(params)) await page.getByLabel(name, { exact: true }).fill(value);
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('button', { name: `Run ${pattern}` }).press('Enter'),
      ]);
      await expect(page.locator('#results').textContent(), pattern).resolves.toBe(
        `${count} item${count === 1 ? '' : 's'}`,
      );
      await expect(page.locator('#cli-0').textContent()).resolves.toMatch(/^aws dynamodb query --cli-input-json '/);
      await expect(page.locator('#sdk-0').textContent()).resolves.toContain('new QueryCommand(');
      await expect(page.locator('code.consumed').first().textContent()).resolves.toContain('CapacityUnits');
      if (pattern === 'listJobsByStatus') await screenshot('pattern');
    }
  });

  it('Edit: a job moves through a transition offered as an action', async () => {
    await open('/tables/research-jobs/item?pk=JOB%23j2&sk=METADATA');
    await expect(page.locator('#transitions').textContent()).resolves.toBe('State: running');
    await screenshot('edit');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: '→ succeeded' }).click()]);
    await expect(page.locator('#transitions').textContent()).resolves.toBe('State: succeeded');
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('moved running → succeeded');
    expect((await fixture.db.entity('job').get({ id: 'j2' }))?.status).toBe('succeeded');
  });

  it('Edit: a stale edit of a versioned job is refused with the current item shown', async () => {
    await open('/tables/research-jobs/item?pk=JOB%23j1&sk=METADATA');
    await fixture.db.entity('job').update({ id: 'j1' }, { set: { title: 'Renamed in another tab' } });
    await page.getByLabel('title').fill('My edit, made on an old copy');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Save changes' }).click()]);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('the item changed since you opened it');
    await expect(page.locator('#item-plain').textContent()).resolves.toContain('Renamed in another tab');
    expect((await fixture.db.entity('job').get({ id: 'j1' }))?.title).toBe('Renamed in another tab');
  });

  it('Stream: a new job appears live, decoded, and the entity filter leaves findings out', async () => {
    await open('/tables/research-jobs/stream?entity=job');
    await page.getByText('Listening').waitFor();
    await fixture.db.entity('finding').create({ jobId: 'j1', id: 'live', text: 'not a job' });
    await fixture.db.entity('job').create({ id: 'live', title: 'Appears live', createdAt: new Date().toISOString() });
    const record = page.locator('li.record', { hasText: 'INSERT job' });
    await record.waitFor();
    await expect(record.textContent()).resolves.toContain('{"id":"live"}');
    await expect(page.locator('li.record', { hasText: 'finding' }).count()).resolves.toBe(0);
    await screenshot('stream');
  });

  it('Capacity: what each access pattern consumed in this session', async () => {
    await open('/capacity');
    const row = page.locator('tr', { has: page.locator('th code', { hasText: /^listJobsByStatus$/ }) });
    await expect(row.locator('td').first().textContent()).resolves.toBe('1');
    await screenshot('capacity');
  });

  it('refuses a form posted without the session token (CSRF)', async () => {
    await open('/entities/job/new');
    await page.getByLabel('id *').fill('forged');
    await page.getByLabel('title *').fill('Forged');
    await page.getByLabel('createdAt *').fill('2026-12-05T10:00:00.000Z');
    await page.locator('input[name=csrf]').evaluate((input) => input.setAttribute('value', 'forged-token'));
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole('button', { name: 'Create job' }).click(),
    ]);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('CSRF');
    expect(await fixture.db.entity('job').get({ id: 'forged' })).toBeUndefined();
  });

  it('refuses a page asked for under another host name (DNS rebinding)', async () => {
    // Chromium resolves every *.localhost name to loopback, as a rebound name would.
    const port = new URL(fixture.console.url).port;
    const response = await page.goto(`http://rebound.localhost:${port}/tables`);
    expect(response?.status()).toBe(403);
    await expect(page.textContent('body')).resolves.toContain("Host 'rebound.localhost");
  });
});
