import type { ServerResponse } from 'node:http';
import type { DynamoDBStreamsClient, _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import type * as StreamsSdk from '@aws-sdk/client-dynamodb-streams';
import { decodeChange } from '../repository/decode-change.js';
import { packageRequire } from '../shared/package-require.js';
import type { ConsoleSession } from './console-session.js';
import { jsonText, plainItem } from './dynamodb-json.js';
import { describeTableKeys } from './table-keys.js';

/** How often the shards are read for new records, and how often the stream is described anew for new shards. */
const POLL_MS = 300;
const DESCRIBE_EVERY_POLLS = 20;

/** One stream record as the Stream page shows it: the raw change and, with a model, its entity change. */
export interface StreamEvent {
  readonly eventName: string;
  readonly sequenceNumber: string;
  readonly entity?: string;
  readonly key: unknown;
  readonly newItem?: unknown;
  readonly oldItem?: unknown;
  readonly reason?: string;
}

/** The record decoded for the page: through `decodeChange` when the model describes the table. */
export function streamEventOf(session: ConsoleSession, tableName: string, record: StreamRecord): StreamEvent {
  const model = session.model;
  const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
  const eventName = record.eventName ?? '';
  if (model && model.table.name === tableName) {
    const change = decodeChange(model, record as Parameters<typeof decodeChange>[1]);
    return {
      eventName,
      sequenceNumber,
      ...(change.entity === undefined ? { reason: change.reason } : { entity: change.entity }),
      key: 'key' in change ? change.key : plainItem(record.dynamodb?.Keys ?? {}),
      ...('newItem' in change && change.newItem ? { newItem: change.newItem } : {}),
      ...('oldItem' in change && change.oldItem ? { oldItem: change.oldItem } : {}),
    };
  }
  const image = (value: Record<string, unknown> | undefined) => (value ? plainItem(value as never) : undefined);
  return {
    eventName,
    sequenceNumber,
    key: image(record.dynamodb?.Keys as Record<string, unknown> | undefined),
    ...(record.dynamodb?.NewImage ? { newItem: image(record.dynamodb.NewImage as Record<string, unknown>) } : {}),
    ...(record.dynamodb?.OldImage ? { oldItem: image(record.dynamodb.OldImage as Record<string, unknown>) } : {}),
  };
}

/**
 * Sends the table's stream records as server-sent events (`event: change`, JSON data) until the
 * browser disconnects: from now on (`LATEST`), or from the oldest record kept when `fromStart`.
 * Records of other entities than `entity` (when given) are left out.
 */
export async function sendStreamEvents(
  session: ConsoleSession,
  tableName: string,
  options: { readonly entity?: string; readonly fromStart: boolean },
  response: ServerResponse,
): Promise<void> {
  const factory = session.options.streamsClient;
  const keys = await describeTableKeys(session.client, tableName);
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
  const send = (event: string, data: unknown): void => {
    response.write(`event: ${event}\ndata: ${jsonText(data, 0)}\n\n`);
  };
  if (!factory || !keys.streamArn) {
    send('problem', {
      message: keys.streamArn ? 'The console has no streams client for this endpoint.' : 'This table has no stream.',
    });
    response.end();
    return;
  }
  let sdk: typeof StreamsSdk;
  let streams: DynamoDBStreamsClient;
  try {
    sdk = packageRequire('@aws-sdk/client-dynamodb-streams') as typeof StreamsSdk;
    streams = factory();
  } catch (error) {
    send('problem', {
      message: `Cannot read streams: ${(error as Error).message} (install @aws-sdk/client-dynamodb-streams beside monotable)`,
    });
    response.end();
    return;
  }
  const streamArn = keys.streamArn;
  let closed = false;
  response.on('close', () => {
    closed = true;
  });
  const iterators = new Map<string, string | undefined>();
  const known = new Set<string>();
  const discover = async (first: boolean): Promise<void> => {
    const { StreamDescription } = await streams.send(new sdk.DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId;
      if (!shardId || known.has(shardId)) continue;
      known.add(shardId);
      const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
      // At the start only open shards are followed from now on; a shard found later is read whole.
      if (first && !open && !options.fromStart) continue;
      const type = first && !options.fromStart ? 'LATEST' : 'TRIM_HORIZON';
      const { ShardIterator } = await streams.send(
        new sdk.GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type }),
      );
      iterators.set(shardId, ShardIterator);
    }
  };
  send('ready', { streamArn });
  try {
    await discover(true);
    for (let poll = 1; !closed; poll++) {
      for (const [shardId, iterator] of iterators) {
        if (closed) break;
        if (!iterator) {
          iterators.delete(shardId);
          continue;
        }
        const output = await streams.send(new sdk.GetRecordsCommand({ ShardIterator: iterator }));
        iterators.set(shardId, output.NextShardIterator);
        for (const record of output.Records ?? []) {
          const event = streamEventOf(session, tableName, record);
          if (!options.entity || event.entity === options.entity) send('change', event);
        }
      }
      if (poll % DESCRIBE_EVERY_POLLS === 0) await discover(false);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    if (!closed) send('problem', { message: `Reading the stream failed: ${(error as Error).message}` });
  } finally {
    streams.destroy();
    response.end();
  }
}
