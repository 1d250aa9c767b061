import { createHash } from 'node:crypto';
import { resourceNotFound } from '../../errors.js';
import type { StreamLog, StreamRow } from '../../storage/stream-log.js';

/** Stream records are kept 24 hours, then trimmed. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;

/** A shard of a stream as DescribeStream shows it. */
export interface ShardView {
  readonly ordinal: number;
  readonly shardId: string;
  readonly parentShardId?: string;
  readonly startingSequenceNumber: number;
  /** Present once the shard is closed. */
  readonly endingSequenceNumber?: number;
}

/** A sequence number on the wire: 21 digits, zero-padded (DynamoDB's are 21–40 digits). */
export function sequenceNumberText(seq: number): string {
  return String(seq).padStart(21, '0');
}

function streamTag(stream: StreamRow): string {
  return createHash('sha1').update(`${stream.tableName}/${stream.label}`).digest('hex').slice(0, 8);
}

/** `shardId-<13-digit stream creation ms><7-digit ordinal>-<8 hex>`, DynamoDB's shape (28–65 chars). */
export function shardIdOf(stream: StreamRow, ordinal: number): string {
  return `shardId-${String(stream.createdAt).padStart(13, '0')}${String(ordinal).padStart(7, '0')}-${streamTag(stream)}`;
}

const SHARD_ID = /^shardId-(\d{13})(\d{7})-([0-9a-f]{8})$/;

/** The ordinal of a shard id of `stream`; ResourceNotFoundException when the stream has no such shard. */
export function shardOrdinalOf(stream: StreamRow, shardId: string): number {
  const match = SHARD_ID.exec(shardId);
  if (!match || Number(match[1]) !== stream.createdAt || match[3] !== streamTag(stream)) throw shardNotFound();
  return Number(match[2]);
}

export function shardNotFound() {
  return resourceNotFound('Requested resource not found: Shard does not exist');
}

/** The ordinal of the open shard (`undefined` once the stream is disabled: every shard is closed). */
export function openShardOrdinal(log: StreamLog, stream: StreamRow, now: number): number | undefined {
  if (stream.disabledAt !== null) return undefined;
  const window = Math.max(0, Math.floor((now - stream.createdAt) / stream.shardDurationMs));
  return Math.max(window, log.lastShard(stream.id));
}

/** Whether no more records can come to this shard. */
export function isShardClosed(log: StreamLog, stream: StreamRow, ordinal: number, now: number): boolean {
  const open = openShardOrdinal(log, stream, now);
  return open === undefined || ordinal < open;
}

/**
 * The shards of a stream within retention, oldest first, each the child of the one before:
 * the shards that hold records, and the open shard.
 */
export function streamShards(log: StreamLog, stream: StreamRow, now: number): ShardView[] {
  const spans = log.shardSpans(stream.id, now - RETENTION_MS);
  const open = openShardOrdinal(log, stream, now);
  const shards: ShardView[] = [];
  let parent: string | undefined;
  for (const span of spans) {
    const shardId = shardIdOf(stream, span.shard);
    const closed = open === undefined || span.shard < open;
    shards.push({
      ordinal: span.shard,
      shardId,
      parentShardId: parent,
      startingSequenceNumber: span.firstSeq,
      endingSequenceNumber: closed ? span.lastSeq : undefined,
    });
    parent = shardId;
  }
  if (open !== undefined && spans.at(-1)?.shard !== open) {
    shards.push({
      ordinal: open,
      shardId: shardIdOf(stream, open),
      parentShardId: parent,
      startingSequenceNumber: log.lastSequence() + 1,
    });
  }
  return shards;
}
