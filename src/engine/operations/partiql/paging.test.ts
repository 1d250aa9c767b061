import { describe, expect, it } from 'vitest';
import { Engine } from '../../engine.js';

/** A SELECT reads at most 1 MB (or Limit items evaluated) per page, before WHERE filtering, and continues with NextToken. */
describe('PartiQL SELECT paging', () => {
  function engineWithLargeItems(): Engine {
    const engine = new Engine({ inMemory: true, ttlReapIntervalMs: 0 });
    engine.handle('CreateTable', {
      TableName: 'pages',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    });
    for (const pk of ['a', 'b', 'c', 'd'])
      engine.handle('PutItem', { TableName: 'pages', Item: { pk: { S: pk }, body: { S: 'x'.repeat(350_000) } } });
    return engine;
  }

  function allPages(engine: Engine, input: Record<string, unknown>): { pages: number; keys: string[] } {
    const keys: string[] = [];
    let pages = 0;
    let NextToken: string | undefined;
    do {
      const page = engine.handle('ExecuteStatement', { ...input, ...(NextToken ? { NextToken } : {}) });
      pages++;
      keys.push(...(page.Items as { pk: { S: string } }[]).map((item) => item.pk.S));
      NextToken = page.NextToken as string | undefined;
    } while (NextToken !== undefined);
    return { pages, keys };
  }

  it('stops a Scan page at 1 MB and continues it with NextToken', () => {
    const { pages, keys } = allPages(engineWithLargeItems(), { Statement: 'SELECT pk FROM pages' });
    expect(pages).toBeGreaterThan(1);
    expect(keys.sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('counts Limit in items evaluated, so a filtered page may be empty yet continue', () => {
    const engine = engineWithLargeItems();
    const first = engine.handle('ExecuteStatement', {
      Statement: `SELECT pk FROM pages WHERE pk = 'nope' OR pk = 'none'`,
      Limit: 1,
    });
    expect(first.Items).toEqual([]);
    expect(first.NextToken).toBeDefined();
  });

  it('refuses a NextToken it did not issue', () => {
    expect(() =>
      engineWithLargeItems().handle('ExecuteStatement', {
        Statement: 'SELECT pk FROM pages',
        NextToken: 'bm90IGEgdG9rZW4=',
      }),
    ).toThrow('Invalid NextToken');
  });
});
