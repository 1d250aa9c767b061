/**
 * The document domain's operations. Every read is one GetItem or Query on one realm's partition
 * (or one partition of the sparse backlink index); nothing joins. The realm has a single writer
 * at a time where it matters: numbers are allocated by compare-and-set on the realm's version in
 * the same transaction that creates the document, edits are compare-and-set on the document's
 * version, status changes are conditional transitions, and a link is written only in a
 * transaction that checks both of its documents exist.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type Collection,
  RepositoryError,
  TableRepository,
  TransactionCancelledError,
  type PageOptions,
} from '../../../src/repository/index.js';
import { model, type documentKinds, type linkTypes } from '../model.js';

export type DocumentKind = (typeof documentKinds)[number];
export type LinkType = (typeof linkTypes)[number];
/** A document's address within its realm. */
export interface DocumentRef {
  readonly kind: DocumentKind;
  readonly number: number;
}

/** A write that needs a realm or document that does not exist. */
export class DocumentNotFoundError extends RepositoryError<
  'DocumentNotFound',
  { readonly realmId: string; readonly what: string }
> {
  constructor(realmId: string, what: string, cause?: unknown) {
    super('DocumentNotFound', `Realm ${realmId}: ${what} does not exist`, { realmId, what }, { cause });
  }
}

/** Numbering lost more races with concurrent creators than the retry budget allows. */
export class NumberingContentionError extends RepositoryError<
  'NumberingContention',
  { readonly realmId: string; readonly attempts: number }
> {
  constructor(realmId: string, attempts: number) {
    super('NumberingContention', `Realm ${realmId}: could not allocate a document number after ${attempts} attempts`, {
      realmId,
      attempts,
    });
  }
}

const maxAttempts = 8;

/**
 * Operations on realms, documents and links, on any `DynamoDBClient`.
 *
 * @example
 * const docs = new DocumentRepository(client, 'blue_documents');
 * await docs.createRealm({ realmId: 'letemcook', name: 'Let em cook', path: '/srv/letemcook' });
 * const rfc = await docs.createDocument('letemcook', { kind: 'rfc', title: 'Dialogue' });
 * await docs.link('letemcook', rfc, { kind: 'rfc', number: 50 }, 'references');
 */
export class DocumentRepository {
  readonly db: TableRepository<typeof model>;

  constructor(client: DynamoDBClient, tableName: string = model.table.name) {
    this.db = new TableRepository(client, model, { tableName });
  }

  createRealm(input: { realmId: string; name: string; path: string }) {
    return this.db.entity('realm').create(input);
  }

  getRealm(realmId: string) {
    return this.db.entity('realm').get({ realmId }, { consistent: true });
  }

  /** The realm, its documents and links in one Query. */
  whole(realmId: string): Promise<Collection<typeof model, 'getRealmWithEverything'>> {
    return this.db.collection('getRealmWithEverything', { realmId }, { consistent: true });
  }

  /**
   * Creates a document with the realm's next number. The number moves by compare-and-set on the
   * realm's version in the same transaction as the create, so two creators never share a
   * number and no number is skipped; the loser of a race reads again and retries.
   */
  async createDocument(realmId: string, input: { kind: DocumentKind; title: string; content?: string }) {
    const realms = this.db.entity('realm');
    const documents = this.db.entity('document');
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const current = await this.getRealm(realmId);
      if (!current) throw new DocumentNotFoundError(realmId, 'the realm');
      const number = current.nextNumber;
      try {
        await this.db.transact([
          realms.transaction.update(
            { realmId },
            { set: { nextNumber: number + 1 } },
            { expectedVersion: current.version },
          ),
          documents.transaction.create({ realmId, number, ...input }),
        ]);
        return (await documents.get({ realmId, kind: input.kind, number }, { consistent: true }))!;
      } catch (error) {
        if (!(error instanceof TransactionCancelledError)) throw error;
        // The realm's version moved: someone else took this number. Read again.
      }
    }
    throw new NumberingContentionError(realmId, maxAttempts);
  }

  getDocument(realmId: string, ref: DocumentRef) {
    return this.db.entity('document').get({ realmId, ...ref }, { consistent: true });
  }

  /** One page of a realm's documents, of one kind (by number) or of all kinds. */
  listDocuments(realmId: string, options: PageOptions & { kind?: DocumentKind } = {}) {
    const { kind, ...page } = options;
    return kind
      ? this.db.query('listDocumentsOfKind', { realmId, kind }, page)
      : this.db.query('listDocuments', { realmId }, page);
  }

  /** Replaces a document's content if nobody changed it since `expectedVersion` (else `VersionConflictError`). */
  editContent(realmId: string, ref: DocumentRef, content: string, expectedVersion: number) {
    return this.db.entity('document').update({ realmId, ...ref }, { set: { content } }, { expectedVersion });
  }

  /** Moves a document along draft → proposed → accepted/rejected, enforced by the database. */
  transition(
    realmId: string,
    ref: DocumentRef,
    from: 'draft' | 'proposed',
    to: 'draft' | 'proposed' | 'accepted' | 'rejected',
  ) {
    return this.db.entity('document').transition({ realmId, ...ref }, { from, to });
  }

  /** Links two documents of the realm, once; both must exist (checked in the same transaction). */
  async link(realmId: string, from: DocumentRef, to: DocumentRef, linkType: LinkType) {
    const documents = this.db.entity('document');
    try {
      await this.db.transact([
        documents.transaction.check({ realmId, ...from }),
        documents.transaction.check({ realmId, ...to }),
        this.db.entity('link').transaction.create({
          realmId,
          from: from.number,
          to: to.number,
          fromKind: from.kind,
          toKind: to.kind,
          linkType,
        }),
      ]);
    } catch (error) {
      throw missingDocument(error, realmId) ?? error;
    }
  }

  /**
   * Marks `old` superseded by `replacement` and records the `supersedes` link, together: `old`
   * must be accepted, `replacement` must exist.
   */
  async supersede(realmId: string, old: DocumentRef, replacement: DocumentRef) {
    const documents = this.db.entity('document');
    try {
      await this.db.transact([
        documents.transaction.transition({ realmId, ...old }, { from: 'accepted', to: 'superseded' }),
        documents.transaction.check({ realmId, ...replacement }),
        this.db.entity('link').transaction.create({
          realmId,
          from: replacement.number,
          to: old.number,
          fromKind: replacement.kind,
          toKind: old.kind,
          linkType: 'supersedes',
        }),
      ]);
    } catch (error) {
      throw missingDocument(error, realmId) ?? error;
    }
  }

  async linksFrom(realmId: string, from: number) {
    return (await this.db.query('listLinksFrom', { realmId, from }, { consistent: true })).items;
  }

  /** Backlinks, from the sparse index (eventually consistent, as every GSI read is). */
  async linksTo(realmId: string, to: number) {
    return (await this.db.query('listLinksTo', { realmId, to })).items;
  }
}

function missingDocument(error: unknown, realmId: string): DocumentNotFoundError | undefined {
  if (!(error instanceof TransactionCancelledError)) return undefined;
  const check = error.payload.reasons.find((reason) => reason.action === 'ConditionCheck');
  return check ? new DocumentNotFoundError(realmId, `document ${JSON.stringify(check.item.key)}`, error) : undefined;
}
