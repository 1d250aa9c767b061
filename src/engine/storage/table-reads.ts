import type * as Database from './sqlite-driver.js';
import { keyDoesNotMatchSchema, validationError } from '../errors.js';
import type { AttributeValue, Item } from '../values/attribute-value.js';
import { encodeKeyValue } from '../values/index.js';
import type { CatalogEntry } from './catalog.js';
import {
  indexPartitionColumn,
  indexSegment,
  indexSortColumn,
  indexSortRange,
  NO_SORT_KEY,
} from './index-key-columns.js';
import {
  boundShape,
  INDEX_QUERY_POSITION,
  indexScanColumns,
  PAGE_LIMIT,
  readPages,
  TABLE_QUERY_POSITION,
  type PageQuery,
} from './paged-reader.js';
import { STORED_ITEM_COLUMN, storedItemOf, storedItemWithoutSize, type StoredItem } from './stored-item.js';
import { AttributeNameMemo } from './stored-text-reader.js';
import { tieKind, type TieKind } from './index-tie.js';
import { keyValueHash, tableKeyHash } from './key-hash.js';
import { segmentHash, segmentRange } from './segment-hash.js';
import { boundSql, positionSupersedes, sortRange, type KeyColumnValue, type SortRange } from './sort-range.js';
import { quoteIdentifier } from './sql-names.js';
import { createScanIndex, createSegmentsIndex } from './table-schema.js';
import type { IndexDefinition, KeyAttribute, RangeRequest, ScanRequest, StoredTableDefinition } from './storage.js';

export interface IndexStore {
  readonly definition: IndexDefinition;
  readonly table: string;
  /** Statements, prepared on first use (see TableStore). */
  insert?: Database.Statement;
  remove?: Database.Statement;
  /** Rewrites the projected item of an entry whose index keys are unchanged. */
  replaceData?: Database.Statement;
}

export function keyValue(item: Item, key: KeyAttribute): AttributeValue {
  const value = item[key.name];
  if (value === undefined || !(key.type in value)) throw keyDoesNotMatchSchema();
  return value;
}

function encodeKey(item: Item, key: KeyAttribute): KeyColumnValue {
  return encodeKeyValue(keyValue(item, key));
}

/**
 * Reads of one DynamoDB table: by key, paged Query and Scan, statistics and expired
 * items. {@link TableStore} extends it with the writes and the upkeep of index tables.
 */
export class TableReads {
  readonly definition: StoredTableDefinition;
  protected readonly table: string;
  /*
   * The statements of the hot path, each prepared on first use: a table that lives for one
   * test runs a few of them, and a statement costs more to prepare than to run many times.
   */
  protected readonly indexes: IndexStore[];
  protected readonly ttlAttribute: string | undefined;
  private readonly statements = new Map<string, Database.Statement>();
  /** Where `ensureScanIndex` has made sure of the scan index: the table (`''`) and indexes by name. */
  private readonly scanIndexesMade = new Set<string>();

  /** The row of a {@link STORED_ITEM_COLUMN} value, and of a `data` value read alone: both keep `names`. */
  private readonly rowWithSize: (column: string) => StoredItem;
  private readonly rowWithoutSize: (data: string) => StoredItem;

  constructor(
    protected readonly database: Database.Database,
    readonly entry: CatalogEntry,
    /** The recurring attribute names of the items read (the storage's, shared by its tables). */
    protected readonly names: AttributeNameMemo = new AttributeNameMemo(),
  ) {
    this.rowWithSize = (column) => storedItemOf(column, names);
    this.rowWithoutSize = (data) => storedItemWithoutSize(data, names);
    this.definition = entry.definition;
    this.table = quoteIdentifier(entry.sqlName);
    this.indexes = [...this.definition.globalIndexes, ...this.definition.localIndexes].map((definition) => ({
      definition,
      table: quoteIdentifier(entry.indexTables[definition.name]),
    }));
    const ttl = this.definition.timeToLive;
    this.ttlAttribute = ttl?.enabled ? ttl.attributeName : undefined;
  }

  partitionColumn(key: Item): KeyColumnValue {
    return encodeKey(key, this.definition.partitionKey);
  }

  protected sortColumn(key: Item): KeyColumnValue {
    return this.definition.sortKey ? encodeKey(key, this.definition.sortKey) : NO_SORT_KEY;
  }

  /** Read side: the stored item column of one item, prepared on first use. */
  private selectItem: Database.Statement<KeyColumnValue[], string> | undefined;

  /** The stored item with this key. */
  getItem(key: Item): StoredItem | undefined {
    this.selectItem ??= this.database
      .prepare<KeyColumnValue[], string>(`SELECT ${STORED_ITEM_COLUMN} FROM ${this.table} WHERE pk = ? AND sk = ?`)
      .pluck();
    const column = this.selectItem.get(this.partitionColumn(key), this.sortColumn(key));
    return column === undefined ? undefined : this.rowWithSize(column);
  }

  /** What orders index entries with equal index keys: the hash of the attributes index-tie.ts names. */
  protected tieOf(index: IndexDefinition, item: Item): Buffer {
    const { partitionKey, sortKey } = this.definition;
    let tie = this.ties.get(index);
    if (tie === undefined) {
      tie = tieKind(index, partitionKey, sortKey);
      this.ties.set(index, tie);
    }
    if (tie === 'sort key' && sortKey) return keyValueHash(keyValue(item, sortKey));
    if (tie === 'partition key') return keyValueHash(keyValue(item, partitionKey));
    return tableKeyHash(keyValue(item, partitionKey), sortKey ? keyValue(item, sortKey) : undefined);
  }

  /** What {@link tieOf} hashes, by index: the definitions alone decide it, and a store's never change. */
  private readonly ties = new Map<IndexDefinition, TieKind>();

  /** Items whose TTL column lies in `[notBefore, notAfter]` epoch seconds, at most `limit`. */
  expiredItems(notAfter: number, notBefore: number, limit: number): StoredItem[] {
    const rows = this.statement(
      `SELECT ${STORED_ITEM_COLUMN} FROM ${this.table} WHERE expires_at <= ? AND expires_at >= ? LIMIT ?`,
    )
      .pluck()
      .all(notAfter, notBefore, limit) as string[];
    return rows.map(this.rowWithSize);
  }

  /**
   * Makes the index a scan in `seg` order reads, where an in-memory table was created
   * without it (table-schema.ts); once per store, a no-op where the index exists.
   */
  private ensureScanIndex(index: IndexStore | undefined): void {
    if (!this.database.memory) return;
    const key = index?.definition.name ?? '';
    if (this.scanIndexesMade.has(key)) return;
    if (index === undefined) createScanIndex(this.database, this.entry.sqlName);
    else createSegmentsIndex(this.database, this.entry.indexTables[index.definition.name], index.definition.kind);
    this.scanIndexesMade.add(key);
  }

  /** Item count and size (DynamoDB's item-size rule, summed) of the table or of one index. */
  statistics(indexName?: string): { itemCount: number; sizeBytes: number } {
    const table = indexName === undefined ? this.table : this.indexStore(indexName).table;
    const row = this.statement(`SELECT count(*), coalesce(sum(size), 0) FROM ${table}`).raw().get() as [number, number];
    return { itemCount: row[0], sizeBytes: row[1] };
  }

  /** The index of this table named `name`; DynamoDB's error when it has none. */
  indexStore(name: string): IndexStore {
    const index = this.indexes.find((candidate) => candidate.definition.name === name);
    if (!index) throw validationError(`The table does not have the specified index: ${name}`);
    return index;
  }

  protected statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  queryItems(request: RangeRequest): IterableIterator<StoredItem> {
    const index = request.indexName === undefined ? undefined : this.indexStore(request.indexName);
    const sortColumn = index ? 'isk' : 'sk';
    let partition: KeyColumnValue;
    let range: SortRange;
    if (index) {
      partition = indexPartitionColumn(index.definition, request.partitionValues);
      range = indexSortRange(index.definition, request);
    } else {
      partition = encodeKeyValue(request.partitionValues[0]);
      range =
        request.sortCondition && this.definition.sortKey
          ? sortRange(request.sortCondition.operator, request.sortCondition.values.map(encodeKeyValue))
          : {};
    }
    // Reading forward, the position after the last row replaces the lower bound; backward, the upper.
    const leading = request.forward ? 'lower' : 'upper';
    const trailing = request.forward ? 'upper' : 'lower';
    const leadingBound = range[leading];
    const trailingBound = range[trailing];
    const positionColumns = index ? INDEX_QUERY_POSITION : TABLE_QUERY_POSITION;
    // Statements depend on the shape of the request only (index, direction, which bounds):
    // built and looked up once per shape, not per request.
    const direction = request.forward ? '>' : '<';
    const withSizes = request.withSizes !== false;
    const shape = `${request.indexName ?? ''}\u0000${direction}${boundShape(leadingBound)}${boundShape(trailingBound)}${withSizes ? '' : 'data'}`;
    let statements = this.queryStatements.get(shape);
    if (statements === undefined) {
      const order = request.forward ? '' : ' DESC';
      const table = index ? index.table : this.table;
      const partitionSql = index ? 'ipk = ?' : 'pk = ?';
      const column = withSizes ? STORED_ITEM_COLUMN : 'data';
      const build = (afterPosition: boolean): string => {
        let sql = `SELECT ${column} FROM ${table} WHERE ${partitionSql}`;
        if (leadingBound && !afterPosition) sql += ` AND ${boundSql(sortColumn, leadingBound, leading)}`;
        if (trailingBound) sql += ` AND ${boundSql(sortColumn, trailingBound, trailing)}`;
        if (afterPosition) {
          sql += ` AND (${positionColumns.join(', ')}) ${direction} (${positionColumns.map(() => '?').join(', ')})`;
        }
        return `${sql} ORDER BY ${positionColumns.map((column) => column + order).join(', ')} ${PAGE_LIMIT}`;
      };
      statements = this.pageStatements(build(false), build(true), this.positionOf(index, positionColumns));
      this.queryStatements.set(shape, statements);
    }
    const afterPositionParameters = trailingBound ? [partition, trailingBound.value] : [partition];
    const fromStartParameters = leadingBound
      ? [partition, leadingBound.value, ...afterPositionParameters.slice(1)]
      : afterPositionParameters;
    let startPosition: unknown[] | undefined;
    const start = request.exclusiveStartKey;
    if (start !== undefined) {
      const position = this.keyPosition(index, start, positionColumns);
      if (positionSupersedes(position[0] as KeyColumnValue, leadingBound, leading)) startPosition = position;
    }
    return readPages(
      {
        fromStart: { statement: statements.fromStart, parameters: fromStartParameters },
        afterPosition: { statement: statements.afterPosition, parameters: afterPositionParameters },
        positionOf: statements.positionOf,
        limit: request.limit,
        rowOf: withSizes ? this.rowWithSize : this.rowWithoutSize,
      },
      startPosition,
    );
  }

  /** Query statements by request shape (see queryItems). */
  private readonly queryStatements = new Map<string, PageStatements>();

  scanItems(request: ScanRequest): IterableIterator<StoredItem> {
    const index = request.indexName === undefined ? undefined : this.indexStore(request.indexName);
    const segments =
      request.segment !== undefined && request.totalSegments !== undefined
        ? segmentRange(request.segment, request.totalSegments)
        : undefined;
    const positionColumns = index
      ? indexScanColumns(index.definition.kind, segments !== undefined)
      : ['seg', 'pk', 'sk'];
    if (positionColumns[0] === 'seg') this.ensureScanIndex(index);
    const positionList = positionColumns.join(', ');
    const table = index ? index.table : this.table;
    const build = (afterPosition: boolean): { sql: string; parameters: unknown[] } => {
      const conditions: string[] = [];
      const parameters: unknown[] = [];
      // The position replaces `seg >= ?`: given both, SQLite seeks on the looser one.
      if (segments && !afterPosition) {
        conditions.push('seg >= ?');
        parameters.push(segments.low);
      }
      if (segments) {
        conditions.push('seg < ?');
        parameters.push(segments.high);
      }
      // Last: the reader appends the position's values after `parameters`.
      if (afterPosition) conditions.push(`(${positionList}) > (${positionColumns.map(() => '?').join(', ')})`);
      const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
      return {
        sql: `SELECT ${STORED_ITEM_COLUMN} FROM ${table}${where} ORDER BY ${positionList} ${PAGE_LIMIT}`,
        parameters,
      };
    };
    let startPosition: unknown[] | undefined;
    const start = request.exclusiveStartKey;
    if (start !== undefined) {
      startPosition = this.keyPosition(index, start, positionColumns);
      if (segments && (startPosition[0] as number) < segments.low) startPosition = undefined;
    }
    return readPages(this.pageQuery(build, this.positionOf(index, positionColumns), request.limit), startPosition);
  }

  /**
   * Pages select only the stored row column: the position columns (a BLOB among them) cost
   * more to hand to JavaScript than the item itself, and only a full page's last row needs
   * them, computed from its keys.
   */
  private pageQuery(
    build: (afterPosition: boolean) => { sql: string; parameters: unknown[] },
    positionOf: PageQuery['positionOf'],
    limit: number | undefined,
  ): PageQuery {
    const fromStart = build(false);
    const afterPosition = build(true);
    const statements = this.pageStatements(fromStart.sql, afterPosition.sql, positionOf);
    return {
      fromStart: { statement: statements.fromStart, parameters: fromStart.parameters },
      afterPosition: { statement: statements.afterPosition, parameters: afterPosition.parameters },
      positionOf,
      limit,
      rowOf: this.rowWithSize,
    };
  }

  /**
   * The statements of a keyset-paged read, plucking the one column the reader uses, each
   * prepared on first use: most reads of a short-lived table end on their first page.
   */
  private pageStatements(
    fromStartSql: string,
    afterPositionSql: string,
    positionOf: PageQuery['positionOf'],
  ): PageStatements {
    let fromStart: Database.Statement | undefined;
    let afterPosition: Database.Statement | undefined;
    return {
      fromStart: () => (fromStart ??= this.statement(fromStartSql).pluck()),
      afterPosition: () => (afterPosition ??= this.statement(afterPositionSql).pluck()),
      positionOf,
    };
  }

  /**
   * The position of a row read from the table or an index: the values of `columns` its
   * keys give, exactly as the row's columns were written from them.
   */
  private positionOf(index: IndexStore | undefined, columns: readonly string[]): PageQuery['positionOf'] {
    return (row) => this.keyPosition(index, row.item, columns);
  }

  /** The values of position `columns` for a key (an ExclusiveStartKey, or a row's item). */
  keyPosition(index: IndexStore | undefined, key: Item, columns: readonly string[]): unknown[] {
    if (index) return this.indexPosition(index, key, columns);
    return columns.map((column) => {
      if (column === 'seg') return segmentHash(keyValue(key, this.definition.partitionKey));
      return column === 'pk' ? this.partitionColumn(key) : this.sortColumn(key);
    });
  }

  /** The values of `columns` at an index position given as an ExclusiveStartKey. */
  private indexPosition(index: IndexStore, key: Item, columns: readonly string[]): unknown[] {
    const definition = index.definition;
    const partitionValues = definition.partitionKeys.map((attribute) => keyValue(key, attribute));
    const values: Record<string, () => unknown> = {
      seg: () => indexSegment(definition, partitionValues),
      ipk: () => indexPartitionColumn(definition, partitionValues),
      isk: () =>
        indexSortColumn(
          definition,
          definition.sortKeys.map((attribute) => keyValue(key, attribute)),
        ),
      tie: () => this.tieOf(definition, key),
      pk: () => this.partitionColumn(key),
      sk: () => this.sortColumn(key),
    };
    return columns.map((column) => values[column]());
  }
}

/** The prepared statements of one keyset-paged read shape. */
interface PageStatements {
  readonly fromStart: () => Database.Statement;
  readonly afterPosition: () => Database.Statement;
  readonly positionOf: PageQuery['positionOf'];
}
