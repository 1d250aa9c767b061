import { validationError } from '../../errors.js';

/** `1 validation error detected: …` for one member, in DynamoDB's constraint wording. */
function constraintError(value: unknown, member: string, constraint: string) {
  const shown = value === undefined || value === null ? 'null' : `'${String(value)}'`;
  return validationError(
    `1 validation error detected: Value ${shown} at '${member}' failed to satisfy constraint: ${constraint}`,
  );
}

export function requireString(value: unknown, member: string): string {
  if (typeof value !== 'string') throw constraintError(value, member, 'Member must not be null');
  return value;
}

/** An optional integer member with a lower bound (DynamoDB's `PositiveIntegerObject`). */
export function optionalLimit(value: unknown, member: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw constraintError(value, member, 'Member must have value greater than or equal to 1');
  }
  return value;
}

/** A sequence number given by the caller: 21–40 digits. */
export function sequenceNumberOf(value: string): number {
  if (value.length < 21)
    throw constraintError(value, 'sequenceNumber', 'Member must have length greater than or equal to 21');
  if (value.length > 40)
    throw constraintError(value, 'sequenceNumber', 'Member must have length less than or equal to 40');
  if (!/^\d+$/.test(value)) throw validationError('Invalid SequenceNumber');
  return Number(BigInt(value));
}
