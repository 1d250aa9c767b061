import { encodeKeyValue } from '../values/index.js';
import type { Item } from '../values/attribute-value.js';
import { hasIndexEntry } from './index-entry.js';
import { indexPartitionColumn, indexSortRange } from './index-key-columns.js';
import { INDEX_QUERY_POSITION, indexScanColumns, TABLE_QUERY_POSITION } from './paged-reader.js';
import { segmentRange } from './segment-hash.js';
import {
  compareKeyColumns,
  compareReadPositions,
  sortRange,
  withinSortRange,
  type KeyColumnValue,
  type SortRange,
} from './sort-range.js';
import type { RangeRequest, ScanRequest } from './storage.js';
import { keyValue, type TableReads } from './table-reads.js';

/*
 * Where an item stands in a Query's or Scan's order: the position (ORDER BY) values
 * table-reads.ts reads in, for readers that merge items storage does not hold into a read
 * (the lagging reads of cloud/consistency). Storage.queryPosition / scanPosition.
 */

/**
 * Where `item` (a table item, or an index entry's item) stands in the Query `request`
 * asks for: its position (ORDER BY) values, or `undefined` when that Query does not
 * read it (another partition, outside the sort range, not after the start key, or
 * lacking the index's keys). With {@link compareReadPositions}, this lets a reader merge
 * items storage does not hold into a read in its exact order (cloud/consistency).
 */
export function queryPosition(reads: TableReads, request: RangeRequest, item: Item): unknown[] | undefined {
  const index = request.indexName === undefined ? undefined : reads.indexStore(request.indexName);
  let range: SortRange;
  let inPartition: boolean;
  if (index) {
    const definition = index.definition;
    if (!hasIndexEntry(definition, item)) return undefined;
    const partition = indexPartitionColumn(
      definition,
      definition.partitionKeys.map((attribute) => keyValue(item, attribute)),
    );
    inPartition = compareKeyColumns(partition, indexPartitionColumn(definition, request.partitionValues)) === 0;
    range = indexSortRange(definition, request);
  } else {
    inPartition = compareKeyColumns(reads.partitionColumn(item), encodeKeyValue(request.partitionValues[0])) === 0;
    range =
      request.sortCondition && reads.definition.sortKey
        ? sortRange(request.sortCondition.operator, request.sortCondition.values.map(encodeKeyValue))
        : {};
  }
  if (!inPartition) return undefined;
  const columns = index ? INDEX_QUERY_POSITION : TABLE_QUERY_POSITION;
  const position = reads.keyPosition(index, item, columns);
  if (!withinSortRange(position[0] as KeyColumnValue, range)) return undefined;
  const start = request.exclusiveStartKey;
  if (start !== undefined) {
    const order = compareReadPositions(position, reads.keyPosition(index, start, columns));
    if (request.forward ? order <= 0 : order >= 0) return undefined;
  }
  return position;
}

/** {@link queryPosition} for a Scan: the position in its order, `undefined` when it does not read the item. */
export function scanPosition(reads: TableReads, request: ScanRequest, item: Item): unknown[] | undefined {
  const index = request.indexName === undefined ? undefined : reads.indexStore(request.indexName);
  if (index && !hasIndexEntry(index.definition, item)) return undefined;
  const segments =
    request.segment !== undefined && request.totalSegments !== undefined
      ? segmentRange(request.segment, request.totalSegments)
      : undefined;
  const columns = index ? indexScanColumns(index.definition.kind, segments !== undefined) : ['seg', 'pk', 'sk'];
  const position = reads.keyPosition(index, item, columns);
  if (segments) {
    const seg = position[0] as number;
    if (seg < segments.low || seg >= segments.high) return undefined;
  }
  const start = request.exclusiveStartKey;
  if (start !== undefined) {
    const startPosition = reads.keyPosition(index, start, columns);
    // As scanRows: a start key before the segment reads the segment from its beginning.
    const ignored = segments !== undefined && (startPosition[0] as number) < segments.low;
    if (!ignored && compareReadPositions(position, startPosition) <= 0) return undefined;
  }
  return position;
}
