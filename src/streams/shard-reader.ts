import { DynamoDBError } from '../engine/errors.js';
import type { EngineLike } from '../local/engine-like.js';
import type { DynamoDBStreamRecord } from './lambda-event.js';

const STREAMS = 'DynamoDBStreams_20120810.';

interface WireShard {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange: { StartingSequenceNumber: string; EndingSequenceNumber?: string };
}

interface WireRecord extends Omit<DynamoDBStreamRecord, 'userIdentity'> {
  userIdentity?: { Type: string; PrincipalId: string };
}

/** Where reading a shard stands: after `lastSequence`, or from the starting position. */
interface ShardCursor {
  iterator?: string;
  lastSequence?: string;
  /** Closed and read to its end. */
  finished: boolean;
}

/**
 * Reads one stream of a local engine shard by shard, parents before children (Lambda's
 * per-shard order), handing out records in Lambda's event form.
 */
export class ShardReader {
  private readonly cursors = new Map<string, ShardCursor>();
  /**
   * The shards as last described. A stream gains a shard only once its open shard closes,
   * and a closed shard is read to its end before its child: so the stream is described
   * again only when every shard known is finished, not on every poll.
   */
  private known: WireShard[] | undefined;

  constructor(
    private readonly engine: EngineLike,
    readonly streamArn: string,
    private readonly startingPosition: 'TRIM_HORIZON' | 'LATEST',
  ) {}

  private call<T>(operation: string, input: object): T {
    return this.engine.handle(`${STREAMS}${operation}`, input) as T;
  }

  /** The shards to read now, in lineage order: the first that is not finished, and its kind. */
  private shards(): WireShard[] {
    this.known = this.call<{ StreamDescription: { Shards: WireShard[] } }>('DescribeStream', {
      StreamArn: this.streamArn,
    }).StreamDescription.Shards;
    return this.known;
  }

  /** Notes the shards as they are when the run starts: with LATEST, everything before now is skipped. */
  start(): void {
    if (this.startingPosition !== 'LATEST') return;
    for (const shard of this.shards()) {
      const closed = shard.SequenceNumberRange.EndingSequenceNumber !== undefined;
      this.cursors.set(
        shard.ShardId,
        closed ? { finished: true } : { iterator: this.iteratorFor(shard.ShardId, 'LATEST'), finished: false },
      );
    }
  }

  private iteratorFor(shardId: string, type: string, sequenceNumber?: string): string {
    return this.call<{ ShardIterator: string }>('GetShardIterator', {
      StreamArn: this.streamArn,
      ShardId: shardId,
      ShardIteratorType: type,
      ...(sequenceNumber ? { SequenceNumber: sequenceNumber } : {}),
    }).ShardIterator;
  }

  /**
   * Up to `limit` records of the first unfinished shard (empty when there are none now),
   * with the shard they come from. Reading does not advance: `advance` does, once handled.
   */
  peek(limit: number): { shardId: string; records: DynamoDBStreamRecord[] } | undefined {
    const known = this.known;
    const found = this.peekIn(known ?? this.shards(), limit);
    if (found || !known) return found;
    // Every shard known is finished: a child may have opened since.
    return this.peekIn(this.shards(), limit);
  }

  private peekIn(
    shards: readonly WireShard[],
    limit: number,
  ): { shardId: string; records: DynamoDBStreamRecord[] } | undefined {
    for (const shard of shards) {
      const cursor = this.cursorOf(shard.ShardId);
      if (cursor.finished) continue;
      const { Records, NextShardIterator } = this.getRecords(shard.ShardId, cursor, limit);
      if (Records.length === 0 && NextShardIterator === undefined) {
        cursor.finished = true;
        continue;
      }
      return { shardId: shard.ShardId, records: Records.map((record) => this.lambdaRecord(record)) };
    }
    return undefined;
  }

  /** Marks every record up to `sequenceNumber` of the shard as handled. */
  advance(shardId: string, sequenceNumber: string): void {
    const cursor = this.cursorOf(shardId);
    cursor.lastSequence = sequenceNumber;
    cursor.iterator = undefined;
  }

  private cursorOf(shardId: string): ShardCursor {
    let cursor = this.cursors.get(shardId);
    if (cursor === undefined) {
      // A shard first seen now: read from its start (a child of a shard read before, or TRIM_HORIZON).
      cursor = { finished: false };
      this.cursors.set(shardId, cursor);
    }
    return cursor;
  }

  private getRecords(
    shardId: string,
    cursor: ShardCursor,
    limit: number,
  ): { Records: WireRecord[]; NextShardIterator?: string } {
    for (let attempt = 0; ; attempt++) {
      const iterator =
        cursor.iterator ??
        (cursor.lastSequence
          ? this.iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', cursor.lastSequence)
          : this.iteratorFor(shardId, 'TRIM_HORIZON'));
      try {
        const answer = this.call<{ Records: WireRecord[]; NextShardIterator?: string }>('GetRecords', {
          ShardIterator: iterator,
          Limit: limit,
        });
        // Kept only while nothing is read: once records are handed out, `advance` says where to go on.
        cursor.iterator = answer.Records.length === 0 ? answer.NextShardIterator : iterator;
        return answer;
      } catch (error) {
        if (attempt === 0 && error instanceof DynamoDBError && error.type === 'ExpiredIteratorException') {
          cursor.iterator = undefined;
          continue;
        }
        throw error;
      }
    }
  }

  private lambdaRecord(record: WireRecord): DynamoDBStreamRecord {
    const { userIdentity, ...rest } = record;
    const event: DynamoDBStreamRecord = { ...rest, eventSourceARN: this.streamArn };
    if (userIdentity) event.userIdentity = { type: userIdentity.Type, principalId: userIdentity.PrincipalId };
    return event;
  }
}
