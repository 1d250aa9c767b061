import { beforeAll, expect, it } from 'vitest';
import {
  InvalidCursorError,
  InvalidTransitionError,
  ItemNotFoundError,
  TransactionCancelledError,
  ValidationError,
  VersionConflictError,
} from '../../src/repository/index.js';
import { describeEachEngine, uniqueTableName } from '../../test/support/engines.js';
import { createTable, DocumentNotFoundError, DocumentRepository } from './index.js';

describeEachEngine('document errors', (engine) => {
  let docs: DocumentRepository;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e,
    );
  const realm = async (realmId: string) => docs.createRealm({ realmId, name: realmId, path: `/${realmId}` });

  beforeAll(async () => {
    const client = engine.client();
    const tableName = uniqueTableName('blue_documents');
    await createTable(client, tableName);
    docs = new DocumentRepository(client, tableName);
  });

  it('refuses a realm whose id is taken with ItemAlreadyExistsError', async () => {
    await realm('r-taken');
    expect(await failure(realm('r-taken'))).toMatchObject({
      code: 'ItemAlreadyExists',
      payload: { entity: 'realm', key: { realmId: 'r-taken' } },
    });
  });

  it('refuses a document in a realm that does not exist with DocumentNotFoundError', async () => {
    expect(await failure(docs.createDocument('r-none', { kind: 'rfc', title: 't' }))).toMatchObject({
      code: 'DocumentNotFound',
      payload: { realmId: 'r-none', what: 'the realm' },
    });
  });

  it('refuses a document of an unknown kind with ValidationError, taking no number', async () => {
    await realm('r-kind');
    expect(await failure(docs.createDocument('r-kind', { kind: 'memo' as never, title: 't' }))).toBeInstanceOf(
      ValidationError,
    );
    expect((await docs.getRealm('r-kind'))?.nextNumber).toBe(1);
  });

  it('refuses a stale edit with VersionConflictError, and an edit of a missing document with ItemNotFoundError', async () => {
    await realm('r-edit');
    const doc = await docs.createDocument('r-edit', { kind: 'rfc', title: 't' });
    await docs.editContent('r-edit', doc, 'first', 1);
    expect(await failure(docs.editContent('r-edit', doc, 'second', 1))).toBeInstanceOf(VersionConflictError);
    expect(await failure(docs.editContent('r-edit', { kind: 'rfc', number: 99 }, 'x', 1))).toBeInstanceOf(
      ItemNotFoundError,
    );
    expect((await docs.getDocument('r-edit', doc))?.content).toBe('first');
  });

  it('refuses a move the lifecycle forbids, and one from a state the document left, with InvalidTransitionError', async () => {
    await realm('r-life');
    const doc = await docs.createDocument('r-life', { kind: 'adr', title: 't' });
    expect(await failure(docs.transition('r-life', doc, 'draft', 'accepted'))).toMatchObject({
      code: 'InvalidTransition',
      payload: { reason: 'not-allowed' },
    });
    await docs.transition('r-life', doc, 'draft', 'proposed');
    const stale = await failure(docs.transition('r-life', doc, 'draft', 'proposed'));
    expect(stale).toBeInstanceOf(InvalidTransitionError);
    expect((stale as InvalidTransitionError).payload).toMatchObject({ actual: 'proposed', reason: 'state-mismatch' });
  });

  it('refuses a link to a missing document with DocumentNotFoundError naming it', async () => {
    await realm('r-link');
    const doc = await docs.createDocument('r-link', { kind: 'rfc', title: 't' });
    const error = await failure(docs.link('r-link', doc, { kind: 'rfc', number: 42 }, 'references'));
    expect(error).toBeInstanceOf(DocumentNotFoundError);
    expect((error as DocumentNotFoundError).payload.what).toBe(
      'document {"realmId":"r-link","kind":"rfc","number":42}',
    );
    expect(await docs.linksFrom('r-link', doc.number)).toEqual([]);
  });

  it('refuses the same link twice with TransactionCancelledError naming the link', async () => {
    await realm('r-twice');
    const a = await docs.createDocument('r-twice', { kind: 'rfc', title: 'a' });
    const b = await docs.createDocument('r-twice', { kind: 'rfc', title: 'b' });
    await docs.link('r-twice', a, b, 'references');
    const error = await failure(docs.link('r-twice', a, b, 'implements'));
    expect(error).toBeInstanceOf(TransactionCancelledError);
    expect(
      (error as TransactionCancelledError).payload.reasons.map((reason) => [reason.action, reason.item.entity]),
    ).toEqual([['Put', 'link']]);
    expect((await docs.linksFrom('r-twice', a.number)).map((link) => link.linkType)).toEqual(['references']);
  });

  it('refuses to supersede a document that is not accepted, recording no link', async () => {
    await realm('r-super');
    const old = await docs.createDocument('r-super', { kind: 'adr', title: 'old' });
    const replacement = await docs.createDocument('r-super', { kind: 'adr', title: 'new' });
    const error = await failure(docs.supersede('r-super', old, replacement));
    expect(error).toBeInstanceOf(TransactionCancelledError);
    expect((error as TransactionCancelledError).payload.reasons.map((reason) => reason.action)).toEqual(['Update']);
    expect(await docs.linksFrom('r-super', replacement.number)).toEqual([]);
  });

  it('refuses a listing cursor of another kind with InvalidCursorError (other-listing)', async () => {
    await realm('r-pages');
    for (const kind of ['rfc', 'rfc', 'adr', 'adr'] as const)
      await docs.createDocument('r-pages', { kind, title: kind });
    const { cursor } = await docs.listDocuments('r-pages', { kind: 'rfc', limit: 1 });
    const error = await failure(docs.listDocuments('r-pages', { kind: 'adr', cursor: cursor as string }));
    expect(error).toBeInstanceOf(InvalidCursorError);
    expect((error as InvalidCursorError).payload.reason).toBe('other-listing');
  });
});
