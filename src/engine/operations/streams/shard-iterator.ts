import { type DynamoDBError, validationError } from '../../errors.js';

/** Where an iterator reads from: after `afterSeq` in one shard, as of `issuedAt`. */
export interface IteratorPosition {
  readonly streamId: number;
  readonly shard: number;
  readonly afterSeq: number;
  /** Epoch ms the iterator was handed out; it expires 15 minutes later. */
  readonly issuedAt: number;
  /** A TRIM_HORIZON iterator skips records trimmed meanwhile instead of failing. */
  readonly fromTrimHorizon: boolean;
}

/** Shard iterators expire 15 minutes after they are returned. */
export const ITERATOR_LIFETIME_MS = 15 * 60 * 1000;

/** An opaque iterator shaped as DynamoDB's: `<streamArn>|1|<token>`. */
export function encodeIterator(streamArn: string, position: IteratorPosition): string {
  const fields = [
    position.streamId,
    position.shard,
    position.afterSeq,
    position.issuedAt,
    position.fromTrimHorizon ? 1 : 0,
  ];
  return `${streamArn}|1|${Buffer.from(fields.join(':')).toString('base64url')}`;
}

export function invalidIterator(): DynamoDBError {
  return validationError('Invalid ShardIterator');
}

/** The position an iterator encodes, with the ARN it was issued for; ValidationException when it is no iterator of ours. */
export function decodeIterator(iterator: string): { streamArn: string; position: IteratorPosition } {
  const parts = iterator.split('|');
  if (parts.length !== 3 || parts[1] !== '1') throw invalidIterator();
  const fields = Buffer.from(parts[2], 'base64url').toString('utf8').split(':');
  if (fields.length !== 5 || !fields.every((field) => /^\d+$/.test(field))) throw invalidIterator();
  const [streamId, shard, afterSeq, issuedAt, fromTrimHorizon] = fields.map(Number);
  return {
    streamArn: parts[0],
    position: { streamId, shard, afterSeq, issuedAt, fromTrimHorizon: fromTrimHorizon === 1 },
  };
}
