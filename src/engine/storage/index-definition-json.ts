import type { IndexDefinition, KeyAttribute, StoredTableDefinition } from './storage.js';

/*
 * How index definitions are kept in the catalog's JSON. Files written before
 * multi-attribute keys hold `partitionKey` / `sortKey` (one attribute each); those are
 * read into the key lists. Single-attribute indexes are still written with those two
 * members beside the lists, so older readers of the file keep understanding them.
 */

interface StoredIndexJson {
  readonly name: string;
  readonly kind: IndexDefinition['kind'];
  readonly partitionKeys?: readonly KeyAttribute[];
  readonly sortKeys?: readonly KeyAttribute[];
  readonly partitionKey?: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly projection: IndexDefinition['projection'];
}

/** An index definition from catalog JSON of any version. */
export function indexDefinitionFromJson(json: StoredIndexJson): IndexDefinition {
  const partitionKeys = json.partitionKeys ?? (json.partitionKey ? [json.partitionKey] : []);
  const sortKeys = json.sortKeys ?? (json.sortKey ? [json.sortKey] : []);
  return { name: json.name, kind: json.kind, partitionKeys, sortKeys, projection: json.projection };
}

/** A table definition from catalog JSON of any version. */
export function tableDefinitionFromJson(text: string): StoredTableDefinition {
  const json = JSON.parse(text) as StoredTableDefinition & {
    globalIndexes: StoredIndexJson[];
    localIndexes: StoredIndexJson[];
  };
  return {
    ...json,
    globalIndexes: json.globalIndexes.map(indexDefinitionFromJson),
    localIndexes: json.localIndexes.map(indexDefinitionFromJson),
  };
}

function indexJson(index: IndexDefinition): StoredIndexJson {
  const single = index.partitionKeys.length === 1 && index.sortKeys.length <= 1;
  if (!single) return index;
  return {
    ...index,
    partitionKey: index.partitionKeys[0],
    ...(index.sortKeys[0] ? { sortKey: index.sortKeys[0] } : {}),
  };
}

/** The catalog JSON of a table definition. */
export function tableDefinitionJson(definition: StoredTableDefinition): string {
  return JSON.stringify({
    ...definition,
    globalIndexes: definition.globalIndexes.map(indexJson),
    localIndexes: definition.localIndexes.map(indexJson),
  });
}
