import { SelfWrittenValue } from '../../answer.js';
import { parseStoredItem } from '../../storage/stored-item-parser.js';
import { AttributeNameMemo } from '../../storage/stored-text-reader.js';
import { RECORD_COLUMN, type StoredRecordRow, type StreamViewType } from '../../storage/stream-log.js';
import { sequenceNumberText } from './shards.js';

/** What every record of a page shares. */
export interface RecordPageContext {
  /** The first 16 hex digits of the stream's event ids (the sequence number in hex follows). */
  readonly eventIdPrefix: string;
  readonly awsRegion: string;
  readonly viewType: StreamViewType;
}

/**
 * GetRecords' `Records`: stored record rows, written out in DynamoDB's `Record` shape only
 * when the answer is. The keys and images are stored as their items' wire JSON
 * (stream-log.ts), so the answer's text is those texts with the other members around them,
 * nothing parsed or serialised; `Engine.handle`'s objects read the images with the
 * engine's item reader, several times faster than `JSON.parse` on the same text.
 *
 * Members come in the order of DynamoDB's records: eventID, eventName, eventVersion,
 * eventSource, awsRegion, dynamodb { ApproximateCreationDateTime, Keys, NewImage,
 * OldImage, SequenceNumber, SizeBytes, StreamViewType }, userIdentity.
 */
export class RecordPage extends SelfWrittenValue {
  constructor(
    private readonly rows: readonly StoredRecordRow[],
    private readonly page: RecordPageContext,
  ) {
    super();
  }

  get length(): number {
    return this.rows.length;
  }

  private eventId(seq: number): string {
    return this.page.eventIdPrefix + seq.toString(16).padStart(16, '0');
  }

  text(): string {
    const { awsRegion, viewType } = this.page;
    const between = `","eventVersion":"1.1","eventSource":"aws:dynamodb","awsRegion":${JSON.stringify(awsRegion)},"dynamodb":{"ApproximateCreationDateTime":`;
    const viewTail = `,"StreamViewType":${JSON.stringify(viewType)}}`;
    let text = '[';
    for (let index = 0; index < this.rows.length; index++) {
      const row = this.rows[index];
      const seq = row[RECORD_COLUMN.seq];
      const newImage = row[RECORD_COLUMN.newImage];
      const oldImage = row[RECORD_COLUMN.oldImage];
      const userIdentity = row[RECORD_COLUMN.userIdentity];
      if (index > 0) text += ',';
      text +=
        '{"eventID":"' +
        this.eventId(seq) +
        '","eventName":"' +
        row[RECORD_COLUMN.eventName] +
        between +
        Math.floor(row[RECORD_COLUMN.createdAt] / 1000) +
        ',"Keys":' +
        row[RECORD_COLUMN.keys] +
        (newImage === null ? '' : `,"NewImage":${newImage}`) +
        (oldImage === null ? '' : `,"OldImage":${oldImage}`) +
        ',"SequenceNumber":"' +
        sequenceNumberText(seq) +
        '","SizeBytes":' +
        row[RECORD_COLUMN.size] +
        viewTail +
        (userIdentity === null ? '' : `,"userIdentity":${userIdentity}`) +
        '}';
    }
    return `${text}]`;
  }

  value(): Record<string, unknown>[] {
    const { awsRegion, viewType } = this.page;
    const records: Record<string, unknown>[] = new Array(this.rows.length);
    // The images of a stream's records name their attributes alike, record after record.
    const names = new AttributeNameMemo();
    for (let index = 0; index < this.rows.length; index++) {
      const row = this.rows[index];
      const seq = row[RECORD_COLUMN.seq];
      const newImage = row[RECORD_COLUMN.newImage];
      const oldImage = row[RECORD_COLUMN.oldImage];
      const userIdentity = row[RECORD_COLUMN.userIdentity];
      const dynamodb: Record<string, unknown> = {
        ApproximateCreationDateTime: Math.floor(row[RECORD_COLUMN.createdAt] / 1000),
        Keys: parseStoredItem(row[RECORD_COLUMN.keys], 0, names),
      };
      if (newImage !== null) dynamodb.NewImage = parseStoredItem(newImage, 0, names);
      if (oldImage !== null) dynamodb.OldImage = parseStoredItem(oldImage, 0, names);
      dynamodb.SequenceNumber = sequenceNumberText(seq);
      dynamodb.SizeBytes = row[RECORD_COLUMN.size];
      dynamodb.StreamViewType = viewType;
      const record: Record<string, unknown> = {
        eventID: this.eventId(seq),
        eventName: row[RECORD_COLUMN.eventName],
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion,
        dynamodb,
      };
      if (userIdentity !== null) record.userIdentity = JSON.parse(userIdentity) as unknown;
      records[index] = record;
    }
    return records;
  }
}
