/**
 * The document domain of the portable-schema ADR: a realm (a project) holds its documents and
 * the links between them, all under the realm id:
 *
 * | sort key                          | item                                    |
 * |-----------------------------------|-----------------------------------------|
 * | `META`                            | name, path, nextNumber, version         |
 * | `DOC#<kind>#<number:4>`           | title, status, content, version         |
 * | `LINK#<from:4>#<to:4>`            | linkType (and the kinds of both ends)   |
 *
 * Document numbers are allocated per realm (`nextNumber` on META), so `from`/`to` name a
 * document within its realm. "Which documents link here?" needs no join and no Scan: links also
 * carry the keys of a sparse index, `REALM#<realm>#TO#<to>` / `<from>`, that only links have.
 */
import { z } from 'zod';
import { defineEntity, defineModel, defineTable } from '../../src/model/index.js';

export const documentKinds = ['rfc', 'adr', 'spec', 'note'] as const;
export const documentStatuses = ['draft', 'proposed', 'accepted', 'rejected', 'superseded'] as const;
export const linkTypes = ['references', 'supersedes', 'implements', 'contradicts'] as const;

export const table = defineTable({
  name: 'blue_documents',
  indexes: { gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } } },
});

const realmId = z.string().min(1);
const number = z.number().int().min(1).max(9999);

export const realm = defineEntity(table, {
  name: 'realm',
  attributes: {
    realmId,
    name: z.string().min(1),
    path: z.string().min(1),
    /** The number the next document gets; moved by compare-and-set on `version`. */
    nextNumber: number.default(1),
  },
  key: { pk: '{realmId}', sk: 'META' },
  version: 'version',
});

export const document = defineEntity(table, {
  name: 'document',
  attributes: {
    realmId,
    kind: z.enum(documentKinds),
    number,
    title: z.string().min(1),
    status: z.enum(documentStatuses).default('draft'),
    content: z.string().default(''),
  },
  key: { pk: '{realmId}', sk: 'DOC#{kind}#{number:4}' },
  stateMachine: {
    attribute: 'status',
    transitions: { draft: ['proposed'], proposed: ['accepted', 'rejected', 'draft'], accepted: ['superseded'] },
  },
  // Edits of a document's content are compare-and-set: a concurrent edit is never overwritten.
  version: 'version',
});

export const link = defineEntity(table, {
  name: 'link',
  attributes: {
    realmId,
    from: number,
    to: number,
    fromKind: z.enum(documentKinds),
    toKind: z.enum(documentKinds),
    linkType: z.enum(linkTypes),
  },
  key: { pk: '{realmId}', sk: 'LINK#{from:4}#{to:4}' },
  indexes: { gsi1: { pk: 'REALM#{realmId}#TO#{to:4}', sk: '{from:4}' } },
});

export const model = defineModel({
  table,
  entities: [realm, document, link],
  accessPatterns: {
    getRealm: {
      description: 'Get a realm',
      entities: ['realm'],
      key: { pk: '{realmId}', sk: { equals: 'META' } },
    },
    getRealmWithEverything: {
      description: 'Get a realm with all its documents and links',
      entities: ['realm', 'document', 'link'],
      key: { pk: '{realmId}', sk: { beginsWith: '' } },
    },
    getDocument: {
      description: 'Get a document by kind and number',
      entities: ['document'],
      key: { pk: '{realmId}', sk: { equals: 'DOC#{kind}#{number:4}' } },
    },
    listDocuments: {
      description: 'List the documents of a realm',
      entities: ['document'],
      key: { pk: '{realmId}', sk: { beginsWith: 'DOC#' } },
    },
    listDocumentsOfKind: {
      description: 'List the documents of one kind, by number',
      entities: ['document'],
      key: { pk: '{realmId}', sk: { beginsWith: 'DOC#{kind}#' } },
    },
    listLinksFrom: {
      description: 'List the links from a document',
      entities: ['link'],
      key: { pk: '{realmId}', sk: { beginsWith: 'LINK#{from:4}#' } },
    },
    listLinksTo: {
      description: 'List the links to a document (backlinks)',
      entities: ['link'],
      index: 'gsi1',
      key: { pk: 'REALM#{realmId}#TO#{to:4}' },
    },
  },
});

export default model;
