import type { EntityDefinition } from '../model/entity.js';
import { KeyMismatchError } from '../model/errors.js';
import { parseKeyValue } from '../model/key-template.js';
import type { ModelDefinition } from '../model/model.js';
import { fromStoredItem, keyParamsOf } from './item-codec.js';
import type { ModelChange, StreamRecordLike, UnknownChange } from './stream-change.js';
import { plainImage } from './stream-image.js';

type Image = Record<string, unknown>;

/**
 * Turns a DynamoDB stream record into a change of one entity of the model, so a stream handler
 * is written against `Job`, not raw images: `{ entity, eventName, key, oldItem?, newItem?,
 * sequenceNumber, eventId }`, a union discriminated by `entity` (and, with a declared view type,
 * by `eventName`: with NEW_AND_OLD_IMAGES a MODIFY has both items). The items are what the
 * repositories read: the table's own attributes (keys, index keys, entity type, TTL) left out,
 * numbers as numbers, binaries as bytes, sets as `Set`s. The record may be Lambda's (a
 * `DynamoDBStreamEvent` record) or GetRecords' (`@aws-sdk/client-dynamodb-streams`).
 *
 * The entity comes from the table's entity-type attribute in either image; a record without
 * images (KEYS_ONLY, or a REMOVE under NEW_IMAGE) is matched against the entities' key
 * templates. A record of no entity of the model is not an error: it comes back as an
 * {@link UnknownChange} (`entity: undefined`, with a `reason`), so a handler skips it.
 * A record that is not a stream record of an item change throws a `TypeError`.
 *
 * @example
 * export const handler = async (event: DynamoDBStreamEvent) => {
 *   for (const record of event.Records) {
 *     const change = decodeChange(model, record);
 *     if (change.entity === 'job' && change.eventName === 'MODIFY') console.log(change.oldItem.status, '→', change.newItem.status);
 *   }
 * };
 */
export function decodeChange<M extends ModelDefinition>(model: M, record: StreamRecordLike): ModelChange<M> {
  const eventName = record.eventName;
  if (eventName !== 'INSERT' && eventName !== 'MODIFY' && eventName !== 'REMOVE') {
    throw new TypeError(`decodeChange: not a stream record of an item change (eventName ${JSON.stringify(eventName)})`);
  }
  const stream = record.dynamodb;
  if (!stream?.Keys || typeof stream.SequenceNumber !== 'string') {
    throw new TypeError(
      'decodeChange: not a stream record of an item change (no dynamodb.Keys or dynamodb.SequenceNumber)',
    );
  }
  const sequenceNumber = stream.SequenceNumber;
  const eventId = record.eventID ?? sequenceNumber;
  const newImage = stream.NewImage ? plainImage(stream.NewImage) : undefined;
  const oldImage = stream.OldImage ? plainImage(stream.OldImage) : undefined;
  const typeAttribute = model.table.entityTypeAttribute;
  const typeName = [newImage, oldImage]
    .map((image) => image?.[typeAttribute])
    .find((value): value is string => typeof value === 'string');
  const unknown = (reason: UnknownChange['reason'], extra: Partial<UnknownChange> = {}): ModelChange<M> =>
    ({
      entity: undefined,
      reason,
      eventName,
      sequenceNumber,
      eventId,
      ...(typeName === undefined ? {} : { typeName }),
      ...extra,
      record,
    }) as UnknownChange;

  let entity: EntityDefinition | undefined;
  let key: Record<string, unknown>;
  if (typeName !== undefined) {
    entity = model.entities.find((candidate) => candidate.name === typeName);
    if (!entity) return unknown('unknown-entity');
    key = keyParamsOf(entity, (newImage ?? oldImage) as Image);
  } else {
    const keys = plainImage(stream.Keys);
    const matches = model.entities.flatMap((candidate) => {
      const params = keyFromTemplates(candidate, keys);
      return params ? [{ candidate, params }] : [];
    });
    if (matches.length === 0) return unknown('no-entity');
    if (matches.length > 1)
      return unknown('ambiguous-key', { candidates: matches.map((match) => match.candidate.name) });
    entity = matches[0].candidate;
    key = matches[0].params;
  }
  return {
    entity: entity.name,
    eventName,
    key,
    sequenceNumber,
    eventId,
    ...(oldImage ? { oldItem: fromStoredItem(entity, oldImage) } : {}),
    ...(newImage ? { newItem: fromStoredItem(entity, newImage) } : {}),
  } as ModelChange<M>;
}

/**
 * The key attributes of `entity` read back out of a rendered primary key, or undefined when the
 * key does not have the shape of the entity's templates. The key holds text: each value is
 * given to the attribute's schema as it is, and as a number when the schema refuses the text
 * (`{n:4}` renders a number).
 */
function keyFromTemplates(entity: EntityDefinition, keys: Image): Record<string, unknown> | undefined {
  const pk = keys[entity.table.partitionKey];
  const sk = keys[entity.table.sortKey];
  if (typeof pk !== 'string' || typeof sk !== 'string') return undefined;
  let texts: Record<string, string>;
  try {
    texts = { ...parseKeyValue(entity.key.pk, pk), ...parseKeyValue(entity.key.sk, sk) };
  } catch (error) {
    if (error instanceof KeyMismatchError) return undefined;
    throw error;
  }
  const out: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(texts)) out[name] = keyValueOf(entity, name, text);
  return out;
}

function keyValueOf(entity: EntityDefinition, name: string, text: string): unknown {
  const schema = entity.attributes[name];
  const accepts = (value: unknown): boolean => {
    const result = schema?.['~standard'].validate(value);
    // An asynchronous schema cannot be asked here; the text is kept.
    return result !== undefined && !(result instanceof Promise) && result.issues === undefined;
  };
  if (!schema || accepts(text)) return text;
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) && accepts(number) ? number : text;
}
