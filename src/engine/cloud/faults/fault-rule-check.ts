import { operationRegistry } from '../../operations/registry.js';
import { CloudOptionsError, describe, refuseUnknownMembers, requireObject } from '../cloud-options-error.js';
import type { CancellationReasonCode, FaultErrorName, FaultRule } from '../cloud-options.js';

export const FAULT_ERRORS: readonly FaultErrorName[] = [
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionCanceledException',
];

export const CANCELLATION_REASON_CODES: readonly CancellationReasonCode[] = [
  'TransactionConflict',
  'ConditionalCheckFailed',
  'ItemCollectionSizeLimitExceeded',
  'ProvisionedThroughputExceeded',
  'ThrottlingError',
];

/** The operations DynamoDB cancels with `TransactionCanceledException`. */
export const TRANSACTION_OPERATIONS: ReadonlySet<string> = new Set([
  'TransactWriteItems',
  'TransactGetItems',
  'ExecuteTransaction',
]);

const RULE_MEMBERS = ['operation', 'table', 'index', 'key', 'error', 'reason', 'times', 'every', 'probability'];

/** Checks one fault rule (`path` names it in messages: `cloud.faults[2]`) and returns a frozen copy. */
export function checkFaultRule(rule: unknown, path: string): FaultRule {
  requireObject(rule, path);
  refuseUnknownMembers(rule, RULE_MEMBERS, path);
  const { operation, table, index, key, error, reason, times, every, probability } = rule;
  if (typeof operation !== 'string' || (operation !== '*' && !operationRegistry.has(operation))) {
    throw new CloudOptionsError(
      `${path}.operation`,
      `${describe(operation)} is not an operation (an operation's name, such as PutItem or Query, or '*')`,
    );
  }
  if (typeof error !== 'string' || !FAULT_ERRORS.includes(error as FaultErrorName)) {
    throw new CloudOptionsError(`${path}.error`, `${describe(error)} is not one of ${FAULT_ERRORS.join(', ')}`);
  }
  if (error === 'TransactionCanceledException') {
    if (operation !== '*' && !TRANSACTION_OPERATIONS.has(operation)) {
      throw new CloudOptionsError(
        `${path}.error`,
        `TransactionCanceledException cancels transactions only (${[...TRANSACTION_OPERATIONS].join(', ')}), not ${operation}`,
      );
    }
    if (typeof reason !== 'string' || !CANCELLATION_REASON_CODES.includes(reason as CancellationReasonCode)) {
      throw new CloudOptionsError(
        `${path}.reason`,
        `${describe(reason)} is not a cancellation reason code (${CANCELLATION_REASON_CODES.join(', ')})`,
      );
    }
  } else if (reason !== undefined) {
    throw new CloudOptionsError(`${path}.reason`, 'is given only with error TransactionCanceledException');
  }
  for (const [name, value] of [
    ['table', table],
    ['index', index],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new CloudOptionsError(`${path}.${name}`, `must be a name, not ${describe(value)}`);
    }
  }
  if (key !== undefined) checkKey(key, `${path}.key`);
  const frequencies = [times, every, probability].filter((value) => value !== undefined).length;
  if (frequencies > 1) {
    throw new CloudOptionsError(path, 'takes one of times, every and probability, not several');
  }
  if (times !== undefined) requireCount(times, `${path}.times`);
  if (every !== undefined) requireCount(every, `${path}.every`);
  if (probability !== undefined && (typeof probability !== 'number' || !(probability >= 0 && probability <= 1))) {
    throw new CloudOptionsError(`${path}.probability`, `must be a number from 0 to 1, not ${describe(probability)}`);
  }
  return Object.freeze({ ...rule }) as unknown as FaultRule;
}

function requireCount(value: unknown, path: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new CloudOptionsError(path, `must be a whole number of at least 1, not ${describe(value)}`);
  }
}

/** A key is attribute names to wire attribute values, each an object of one type (`{ S: 'x' }`). */
function checkKey(key: unknown, path: string): void {
  requireObject(key, path);
  const names = Object.keys(key);
  if (names.length === 0) throw new CloudOptionsError(path, 'must name at least one attribute');
  for (const name of names) {
    const value = key[name];
    if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length !== 1) {
      throw new CloudOptionsError(
        `${path}.${name}`,
        `must be an attribute value in wire form such as { "S": "x" }, not ${describe(value)}`,
      );
    }
  }
}
