import type { unmarshallOptions as UnmarshallOptions } from '@aws-sdk/util-dynamodb';
import { unmarshall } from './util-dynamodb-of-lib-dynamodb.js';
import { isStoredItem } from '../../../engine/answer.js';
import type { BinaryDecoder } from '../fast-wire/stored-item-to-output.js';
import { readRowItem } from '../fast-wire/wire-to-output.js';
import { readStoredItemAsDocument } from './stored-item-to-document.js';

/**
 * Where a DocumentClient command's output holds attribute values, as `@aws-sdk/lib-dynamodb`
 * declares it per command (`outputKeyNodes`): `{}` or `[]` for "every member is an
 * attribute value", `{ '*': nodes }` for "every member, one level down", named members
 * otherwise.
 */
export type KeyNodes = { readonly [member: string]: KeyNodes } | readonly never[] | null;

const NEXT_LEVEL = '*';

/** What `processObj` does with a value, by the shape of its key nodes. */
const MEMBERS = 0;
const ALL_MEMBERS = 1;
const EACH_MEMBER_ONE_LEVEL_DOWN = 2;
type Reach = typeof MEMBERS | typeof ALL_MEMBERS | typeof EACH_MEMBER_ONE_LEVEL_DOWN;

// Key nodes are lib-dynamodb's constants: their keys are read once, not on every value.
const reaches = new WeakMap<object, Reach>();

function reachOf(keyNodes: object): Reach {
  let reach = reaches.get(keyNodes);
  if (reach === undefined) {
    const keys = Object.keys(keyNodes);
    reach =
      keys.length === 0
        ? ALL_MEMBERS
        : keys.length === 1 && keys[0] === NEXT_LEVEL
          ? EACH_MEMBER_ONE_LEVEL_DOWN
          : MEMBERS;
    reaches.set(keyNodes, reach);
  }
  return reach;
}

/**
 * `unmarshallOutput` of `@aws-sdk/lib-dynamodb` (its `processKeysInObj`, `processObj` and
 * `processAllKeysInObj`), step for step, so that every output is the one the
 * DocumentClient's own middleware would build. One difference in how, none in what: an
 * item still held as stored text (a `StoredItem` the fast path left in place) is read
 * straight into its unmarshalled form.
 */
export function unmarshallDocumentOutput(
  output: Record<string, unknown>,
  keyNodes: KeyNodes,
  options: UnmarshallOptions,
  decodeBinary: BinaryDecoder | undefined,
): Record<string, unknown> {
  return new OutputUnmarshaller(options, decodeBinary).members(output, keyNodes) as Record<string, unknown>;
}

class OutputUnmarshaller {
  constructor(
    private readonly options: UnmarshallOptions,
    /** The SDK's base64 decoder; the engine leaves rows in an answer only when there is one. */
    private readonly decodeBinary: BinaryDecoder | undefined,
  ) {}

  /** lib-dynamodb's `unmarshallFunc`. */
  private unmarshallValue(value: unknown): unknown {
    return unmarshall(value as never, this.options);
  }

  /** `processObj`. */
  node(value: unknown, keyNodes: KeyNodes | undefined): unknown {
    if (value === undefined) return undefined;
    if (keyNodes == null) return this.unmarshallValue(value);
    const reach = reachOf(keyNodes);
    if (reach === MEMBERS) return this.members(value, keyNodes);
    if (reach === ALL_MEMBERS) return this.allMembers(value);
    const childNodes = (keyNodes as Record<string, KeyNodes>)[NEXT_LEVEL];
    if (Array.isArray(value)) {
      // `Object.entries` of an array, less the pairs: the arrays here are the deserializer's
      // own, dense and with no members but their elements.
      const accumulator: unknown[] = [];
      for (let index = 0; index < value.length; index++) {
        const member: unknown = value[index];
        if (typeof member !== 'function') accumulator[index] = this.node(member, childNodes);
      }
      return accumulator;
    }
    const accumulator: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value ?? {})) {
      if (typeof member !== 'function') accumulator[key] = this.node(member, childNodes);
    }
    return accumulator;
  }

  /** `processKeysInObj`: a copy of `value` with the members `keyNodes` names converted. */
  members(value: unknown, keyNodes: KeyNodes): unknown {
    const record = value as Record<string, unknown>;
    let accumulator: Record<string, unknown>;
    if (Array.isArray(value)) {
      accumulator = value.filter((item) => typeof item !== 'function') as unknown as Record<string, unknown>;
    } else {
      accumulator = {};
      for (const [key, member] of Object.entries(record)) {
        if (typeof member !== 'function') accumulator[key] = member;
      }
    }
    for (const [nodeKey, nodes] of Object.entries(keyNodes as object)) {
      if (typeof record[nodeKey] === 'function') continue;
      const converted = this.node(record[nodeKey], nodes as KeyNodes);
      if (converted !== undefined && typeof converted !== 'function') accumulator[nodeKey] = converted;
    }
    return accumulator;
  }

  /** `processAllKeysInObj` with no deeper nodes: every member is an attribute value. */
  allMembers(value: unknown): unknown {
    if (isStoredItem(value)) {
      if (this.decodeBinary === undefined)
        throw new Error('A stored row reached the DocumentClient output without a base64 decoder');
      const item = value.parsedItem === undefined ? readStoredItemAsDocument(value, this.decodeBinary) : undefined;
      if (item !== undefined) return item;
      value = readRowItem(value, this.decodeBinary);
    }
    if (Array.isArray(value)) {
      return value.filter((item) => typeof item !== 'function').map((item) => this.node(item, null));
    }
    const accumulator: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value as object)) {
      if (typeof member === 'function') continue;
      const converted = this.node(member, null);
      if (converted !== undefined && typeof converted !== 'function') accumulator[key] = converted;
    }
    return accumulator;
  }
}
