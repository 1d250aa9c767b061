import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { model } from '../../examples/research-jobs/model.js';
import { applyMigration, planMigration } from '../../src/migrations/index.js';
import { startResearchConsole, type ConsoleFixture } from './console-fixture.js';

// The console's pages and refusals over plain HTTP; the browser tests drive the same pages in Chromium.
let fixture: ConsoleFixture;
let base: string;

beforeAll(async () => {
  fixture = await startResearchConsole({ bigPartition: 250 });
  base = fixture.console.url;
});
afterAll(() => fixture.close());

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  // node:http rather than fetch, which may not set Host.
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    })
      .on('error', reject)
      .end();
  });
}

async function post(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

const token = (): string => fixture.console.session.csrfToken;

describe('monotable console over HTTP', () => {
  it('lists the table with its key schema, index, TTL, stream and billing mode', async () => {
    const { status, text } = await get('/tables');
    expect(status).toBe(200);
    expect(text).toContain('research-jobs');
    expect(text).toMatch(/<code>pk<\/code> <span class="muted">\(HASH\)<\/span>, <code>sk<\/code>/);
    expect(text).toContain('gsi1');
    expect(text).toContain('<code>expires_at</code>');
    expect(text).toContain('NEW_AND_OLD_IMAGES');
    expect(text).toContain('PAY_PER_REQUEST');
  });

  it('draws the access-pattern table with each pattern served, and the key space', async () => {
    const { text } = await get('/model');
    for (const pattern of Object.values(model.accessPatterns))
      expect(text).toContain(pattern.config.description.replace(/'/g, '&#39;'));
    expect(text.match(/class="served">served</g)).toHaveLength(Object.keys(model.accessPatterns).length);
    expect(text).toContain('PK=`JOB#&lt;id&gt;`, SK=`METADATA`');
    expect(text).toMatch(/<code>JOB#\{jobId\}<\/code>/);
  });

  it('pages through a partition in key order, each item labelled with its entity and key parts', async () => {
    const first = await get('/tables/research-jobs/items?pk=JOB%23big');
    expect(first.text).toContain('100 items on this page');
    expect(first.text).toContain('JOB#big | FINDING#00000');
    expect(first.text).toContain('id = <code>00000</code>');
    const next = /href="(\/tables\/research-jobs\/items\?[^"]*cursor=[^"]*)"/
      .exec(first.text)?.[1]
      ?.replace(/&amp;/g, '&');
    expect(next).toBeDefined();
    const second = await get(next as string);
    expect(second.text).toContain('FINDING#00100');
    expect(second.text).not.toContain('FINDING#00099');
  });

  it('says when a partition key does not parse for the chosen entity', async () => {
    const { text } = await get('/tables/research-jobs/items?pk=USER%231&entity=job');
    expect(text).toContain('does not parse for entity job');
  });

  it('runs an access pattern and shows the request as SDK code and an AWS CLI line', async () => {
    const { text } = await get('/patterns/listJobsByStatus?run=1&p.status=running&limit=5');
    expect(text).toContain('Benchmark the fast path');
    expect(text).not.toContain('Read the DynamoDB docs');
    expect(text).toContain('new QueryCommand(');
    expect(text).toContain('aws dynamodb query --cli-input-json');
    expect(text).toMatch(/Consumed capacity: <code class="consumed">\{.*CapacityUnits/);
  });

  it('refuses a write without the session token (CSRF), and writes nothing', async () => {
    const response = await post('/entities/job/create', {
      'attr.id': 'csrf',
      'attr.title': 'x',
      'attr.createdAt': '2026-01-01T00:00:00Z',
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('CSRF');
    expect(await fixture.db.entity('job').get({ id: 'csrf' })).toBeUndefined();
  });

  it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
    const { status, text } = await get('/tables', { host: 'attacker.example:8001' });
    expect(status).toBe(403);
    expect(text).toContain("Host 'attacker.example:8001' is not allowed");
  });

  it('shows each failing field of an item the schema refuses', async () => {
    const response = await post('/entities/job/create', {
      csrf: token(),
      'attr.id': 'bad',
      'attr.createdAt': 'yesterday',
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(text).toMatch(/id="field-title-error">[^<]+/);
    expect(text).toMatch(/id="field-createdAt-error">Invalid ISO datetime/);
  });

  it('refuses a stale edit of a versioned job and shows the current item', async () => {
    const before = await fixture.db.entity('job').get({ id: 'j1' });
    await fixture.db.entity('job').update({ id: 'j1' }, { set: { title: 'Changed elsewhere' } });
    const response = await post('/entities/job/update', {
      csrf: token(),
      'key.id': 'j1',
      expectedVersion: String(before?.version),
      'orig.title': before?.title ?? '',
      'attr.title': 'My stale edit',
    });
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(text).toContain('the item changed since you opened it');
    expect(text).toContain('Changed elsewhere');
    expect((await fixture.db.entity('job').get({ id: 'j1' }))?.title).toBe('Changed elsewhere');
  });

  it('answers a missing table with a page, not a stack', async () => {
    const { status, text } = await get('/tables/nope/items');
    expect(status).toBe(404);
    expect(text).toContain('Table nope does not exist.');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });
  it('labels the migration record as what it is, on the partition page and its own page', async () => {
    await applyMigration(await planMigration(model, fixture.client), fixture.client, { pollIntervalMs: 10 });
    const partition = await get('/tables/research-jobs/items?pk=%23monotable');
    expect(partition.status).toBe(200);
    expect(partition.text).toContain('<span class="entity">migration record</span>');
    expect(partition.text).toContain('revision = <code>1</code>');
    const item = await get('/tables/research-jobs/item?pk=%23monotable&sk=MODEL');
    expect(item.status).toBe(200);
    expect(item.text).toContain('the model this table was migrated to');
    expect(item.text).not.toContain('No entity of the model.');
  });
});
