import type { EntityDefinition, EntityItem, EntityKey } from '../model/entity.js';
import type { ModelDefinition, ModelEntity, ModelEntityName } from '../model/model.js';
import type { StreamViewType } from '../model/table-stream.js';

/**
 * A stream record as `decodeChange` reads it: Lambda's `DynamoDBStreamEvent` record (binaries
 * as base64 text) or the `Record` of `@aws-sdk/client-dynamodb-streams`' GetRecords (binaries as
 * bytes). Only the fields below are read.
 */
export interface StreamRecordLike {
  readonly eventID?: string | undefined;
  readonly eventName?: string | undefined;
  readonly dynamodb?:
    | {
        readonly Keys?: Readonly<Record<string, unknown>> | undefined;
        readonly NewImage?: Readonly<Record<string, unknown>> | undefined;
        readonly OldImage?: Readonly<Record<string, unknown>> | undefined;
        readonly SequenceNumber?: string | undefined;
      }
    | undefined;
}

/** What every decoded change carries, whatever the view type. */
interface ChangeBase<E extends EntityDefinition> {
  readonly entity: E['name'];
  /** The entity's key attributes (`{ id: 'j1' }` for `JOB#{id}` / `METADATA`), not the rendered key. */
  readonly key: EntityKey<E>;
  /** The record's sequence number: the `itemIdentifier` of a `ReportBatchItemFailures` answer. */
  readonly sequenceNumber: string;
  /** The record's `eventID`, unique per record (its sequence number if the record has none): a key for idempotent handling. */
  readonly eventId: string;
}

type Insert<E extends EntityDefinition, Images> = ChangeBase<E> & { readonly eventName: 'INSERT' } & Images;
type Modify<E extends EntityDefinition, Images> = ChangeBase<E> & { readonly eventName: 'MODIFY' } & Images;
type Remove<E extends EntityDefinition, Images> = ChangeBase<E> & { readonly eventName: 'REMOVE' } & Images;

type Has<Name extends 'oldItem' | 'newItem', Item> = { readonly [K in Name]: Item };
type Lacks<Name extends 'oldItem' | 'newItem'> = { readonly [K in Name]?: undefined };

/**
 * One change of entity `E`, as the view type `V` delivers it: with NEW_AND_OLD_IMAGES an INSERT
 * has `newItem`, a MODIFY both, a REMOVE `oldItem`; NEW_IMAGE and OLD_IMAGE keep their side;
 * KEYS_ONLY gives the key alone. Without a declared view type both items are optional.
 */
export type EntityChange<
  E extends EntityDefinition,
  V extends StreamViewType | undefined = undefined,
> = V extends 'NEW_AND_OLD_IMAGES'
  ?
      | Insert<E, Has<'newItem', EntityItem<E>> & Lacks<'oldItem'>>
      | Modify<E, Has<'newItem', EntityItem<E>> & Has<'oldItem', EntityItem<E>>>
      | Remove<E, Has<'oldItem', EntityItem<E>> & Lacks<'newItem'>>
  : V extends 'NEW_IMAGE'
    ?
        | Insert<E, Has<'newItem', EntityItem<E>> & Lacks<'oldItem'>>
        | Modify<E, Has<'newItem', EntityItem<E>> & Lacks<'oldItem'>>
        | Remove<E, Lacks<'newItem'> & Lacks<'oldItem'>>
    : V extends 'OLD_IMAGE'
      ?
          | Insert<E, Lacks<'newItem'> & Lacks<'oldItem'>>
          | Modify<E, Lacks<'newItem'> & Has<'oldItem', EntityItem<E>>>
          | Remove<E, Lacks<'newItem'> & Has<'oldItem', EntityItem<E>>>
      : V extends 'KEYS_ONLY'
        ?
            | Insert<E, Lacks<'newItem'> & Lacks<'oldItem'>>
            | Modify<E, Lacks<'newItem'> & Lacks<'oldItem'>>
            | Remove<E, Lacks<'newItem'> & Lacks<'oldItem'>>
        : ChangeBase<E> & {
            readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
            readonly oldItem?: EntityItem<E>;
            readonly newItem?: EntityItem<E>;
          };

/**
 * A record `decodeChange` could not attribute to one entity of the model, with the reason:
 * - `unknown-entity`: its entity-type attribute names no entity of the model (`typeName`);
 * - `no-entity`: it has no entity-type attribute and its key matches no entity's key templates
 *   (an item written outside the repositories);
 * - `ambiguous-key`: it has no image with the entity type, and its key fits several entities'
 *   key templates (`candidates`).
 * The raw record is kept, so a handler can log it or pass it on.
 */
export interface UnknownChange {
  readonly entity: undefined;
  readonly reason: 'unknown-entity' | 'no-entity' | 'ambiguous-key';
  readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  readonly sequenceNumber: string;
  readonly eventId: string;
  /** The value of the entity-type attribute, when the record carries one. */
  readonly typeName?: string;
  readonly candidates?: readonly string[];
  readonly record: StreamRecordLike;
  /** Absent, so `change.newItem` reads on every member of a {@link ModelChange}. */
  readonly key?: undefined;
  readonly oldItem?: undefined;
  readonly newItem?: undefined;
}

/** The stream view type a model declares (`undefined` when its table declares no stream). */
export type ModelStreamViewType<M extends ModelDefinition> = [NonNullable<M['table']['stream']>] extends [never]
  ? undefined
  : NonNullable<M['table']['stream']> extends { readonly viewType: infer V extends StreamViewType }
    ? V
    : undefined;

/** Every change `decodeChange(model, record)` can return: one member per entity, discriminated by `entity`. */
export type ModelChange<M extends ModelDefinition> =
  | { [N in ModelEntityName<M>]: EntityChange<ModelEntity<M, N>, ModelStreamViewType<M>> }[ModelEntityName<M>]
  | UnknownChange;
