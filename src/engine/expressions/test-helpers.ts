import { expect } from 'vitest';
import { DynamoDBError } from '../errors.js';

/** Runs `work` and returns the ValidationException message it throws (fails if it does not throw one). */
export function validationMessage(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DynamoDBError);
    expect((error as DynamoDBError).type).toBe('ValidationException');
    return (error as DynamoDBError).message;
  }
  throw new Error('expected a ValidationException');
}
