import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { checkDesign, renderAccessPatternTable, type AccessPatternDefinition } from '../../src/model/index.js';
import { RepositoryError, TransactionCancelledError, VersionConflictError } from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../../test/support/engines.js';
import { createTable, DocumentNotFoundError, DocumentRepository, model, NumberingContentionError } from './index.js';

it('serves every access pattern with a key condition on one partition', () => {
  expect(checkDesign(model)).toMatchObject({ ok: true, problems: [] });
  for (const pattern of Object.values(model.accessPatterns) as AccessPatternDefinition[]) {
    const expected = pattern.config.index ? 'REALM#{realmId}#TO#{to:4}' : '{realmId}';
    expect(pattern.keyCondition?.pk.source, pattern.name).toBe(expected);
  }
});

describeEachEngine('documents', (engine) => {
  let docs: DocumentRepository;

  beforeAll(async () => {
    const client = engine.client();
    const tableName = uniqueTableName('blue_documents');
    await createTable(client, tableName);
    docs = new DocumentRepository(client, tableName);
  });

  it('numbers documents per realm and returns the realm with everything in one Query', async () => {
    await docs.createRealm({ realmId: 'letemcook', name: 'Let em cook', path: '/srv/letemcook' });
    const first = await docs.createDocument('letemcook', { kind: 'rfc', title: 'Storage' });
    const second = await docs.createDocument('letemcook', {
      kind: 'rfc',
      title: 'Dialogue',
      content: 'Experts deliberate',
    });
    const adr = await docs.createDocument('letemcook', { kind: 'adr', title: 'Portable schemas' });
    expect([first.number, second.number, adr.number]).toEqual([1, 2, 3]);
    expect(second).toMatchObject({
      realmId: 'letemcook',
      kind: 'rfc',
      number: 2,
      status: 'draft',
      content: 'Experts deliberate',
      version: 1,
    });
    await docs.link('letemcook', second, first, 'references');

    const whole = await docs.whole('letemcook');
    expect(whole.realm).toEqual([expect.objectContaining({ name: 'Let em cook', nextNumber: 4 })]);
    expect(whole.document.map((d) => `${d.kind}#${d.number}`)).toEqual(['adr#3', 'rfc#1', 'rfc#2']);
    expect(whole.link).toEqual([expect.objectContaining({ from: 2, to: 1, linkType: 'references' })]);
  });

  it('never gives two racing creators the same number, nor skips one', async () => {
    await docs.createRealm({ realmId: 'race', name: 'Race', path: '/race' });
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => docs.createDocument('race', { kind: 'note', title: `n${i}` })),
    );
    expect(created.map((d) => d.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect((await docs.getRealm('race'))?.nextNumber).toBe(6);
  });

  it('lists documents by kind in numeric order, page by page', async () => {
    await docs.createRealm({ realmId: 'pages', name: 'Pages', path: '/pages' });
    for (let i = 0; i < 12; i++)
      await docs.createDocument('pages', { kind: i % 3 === 0 ? 'adr' : 'rfc', title: `d${i}` });
    const numbers: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await docs.listDocuments('pages', { kind: 'rfc', limit: 3, ...(cursor ? { cursor } : {}) });
      numbers.push(...page.items.map((d) => d.number));
      cursor = page.cursor;
    } while (cursor);
    expect(numbers).toEqual([2, 3, 5, 6, 8, 9, 11, 12]);
    expect((await docs.listDocuments('pages')).items).toHaveLength(12);
  });

  it('refuses to overwrite a concurrent edit', async () => {
    await docs.createRealm({ realmId: 'edits', name: 'Edits', path: '/edits' });
    const doc = await docs.createDocument('edits', { kind: 'spec', title: 'Spec' });
    const edited = await docs.editContent('edits', doc, 'first edit', doc.version);
    expect(edited.version).toBe(2);
    await expect(docs.editContent('edits', doc, 'stale edit', doc.version)).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    expect((await docs.getDocument('edits', doc))?.content).toBe('first edit');
  });

  it('links only documents that exist, and finds backlinks through the sparse index', async () => {
    await docs.createRealm({ realmId: 'links', name: 'Links', path: '/links' });
    const target = await docs.createDocument('links', { kind: 'rfc', title: 'Target' });
    const a = await docs.createDocument('links', { kind: 'rfc', title: 'A' });
    const b = await docs.createDocument('links', { kind: 'adr', title: 'B' });
    await docs.link('links', a, target, 'references');
    await docs.link('links', b, target, 'implements');
    const missing = await docs.link('links', a, { kind: 'rfc', number: 99 }, 'references').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DocumentNotFoundError);
    expect(missing).toBeInstanceOf(RepositoryError);
    expect(missing).toMatchObject({
      code: 'DocumentNotFound',
      payload: { realmId: 'links', what: 'document {"realmId":"links","kind":"rfc","number":99}' },
    });
    await expect(docs.createDocument('nowhere', { kind: 'rfc', title: 'x' })).rejects.toMatchObject({
      code: 'DocumentNotFound',
      payload: { realmId: 'nowhere', what: 'the realm' },
      message: 'Realm nowhere: the realm does not exist',
    });
    await expect(docs.link('links', a, target, 'references')).rejects.toBeInstanceOf(TransactionCancelledError);

    expect((await docs.linksFrom('links', a.number)).map((l) => l.to)).toEqual([target.number]);
    const backlinks = await docs.linksTo('links', target.number);
    expect(backlinks.map((l) => [l.from, l.fromKind, l.linkType])).toEqual([
      [a.number, 'rfc', 'references'],
      [b.number, 'adr', 'implements'],
    ]);
  });

  it('supersedes an accepted document and records the link in one transaction', async () => {
    await docs.createRealm({ realmId: 'super', name: 'Super', path: '/super' });
    const old = await docs.createDocument('super', { kind: 'adr', title: 'Old' });
    const replacement = await docs.createDocument('super', { kind: 'adr', title: 'New' });
    await expect(docs.supersede('super', old, replacement)).rejects.toBeInstanceOf(TransactionCancelledError);
    expect(await docs.linksFrom('super', replacement.number)).toEqual([]);

    await docs.transition('super', old, 'draft', 'proposed');
    await docs.transition('super', old, 'proposed', 'accepted');
    await docs.supersede('super', old, replacement);
    expect((await docs.getDocument('super', old))?.status).toBe('superseded');
    expect(await docs.linksFrom('super', replacement.number)).toEqual([
      expect.objectContaining({ to: old.number, linkType: 'supersedes' }),
    ]);
  });
});

it('reports lost numbering races as a typed contention error', () => {
  const error = new NumberingContentionError('r1', 8);
  expect(error).toBeInstanceOf(RepositoryError);
  expect(error).toMatchObject({
    name: 'NumberingContentionError',
    code: 'NumberingContention',
    payload: { realmId: 'r1', attempts: 8 },
  });
  expect(error.message).toBe('Realm r1: could not allocate a document number after 8 attempts');
});

it('documents the access patterns it serves', () => {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  expect(readme).toContain(renderAccessPatternTable(model));
});
