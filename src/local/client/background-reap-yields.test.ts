import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { engineWithExpiredItems as expiredItemsEngine } from '../../engine/bulk-items.test-support.js';
import type { Engine } from '../../engine/engine.js';
import { createLocalClient } from './create-local-client.js';

const engines: Engine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

/** An engine with `count` expired items, tracked for closing after the test. */
function engineWithExpiredItems(count: number): Engine {
  const engine = expiredItemsEngine(count);
  engines.push(engine);
  return engine;
}

describe('background TTL reap', () => {
  it('serves GetItem and PutItem within 50 ms while 20,000 expired items are reaped, and reaps them all', async () => {
    const engine = engineWithExpiredItems(20_000);
    const client = createLocalClient({ engine });
    await client.send(new PutItemCommand({ TableName: 'cache', Item: { pk: { S: 'live' } } }));
    let reaping = true;
    let longest = 0;
    let calls = 0;
    const load = (async () => {
      while (reaping) {
        const started = performance.now();
        await client.send(new GetItemCommand({ TableName: 'cache', Key: { pk: { S: 'live' } } }));
        await client.send(new PutItemCommand({ TableName: 'cache', Item: { pk: { S: `new${calls}` } } }));
        longest = Math.max(longest, (performance.now() - started) / 2);
        calls++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const deleted = await engine.reapExpiredItemsInBackground();
    reaping = false;
    await load;
    expect(deleted).toBe(20_000);
    expect(calls).toBeGreaterThan(10);
    expect(longest).toBeLessThanOrEqual(50);
    const scanned = engine.handle('Scan', { TableName: 'cache', Select: 'COUNT' }) as { Count: number };
    expect(scanned.Count).toBe(calls + 1);
    client.destroy();
  });

  it('reaps everything on demand in one call', () => {
    const engine = engineWithExpiredItems(1_234);
    expect(engine.reapExpiredItems()).toBe(1_234);
    expect(engine.reapExpiredItems()).toBe(0);
  });
});
