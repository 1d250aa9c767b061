import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity } from '../../model/entity.js';
import { defineTable } from '../../model/table.js';
import { buildDeleteRequest } from './delete-request.js';

const table = defineTable({ name: 'research' });
const job = defineEntity(table, {
  name: 'job',
  attributes: { id: z.string(), owner: z.string() },
  key: { pk: 'JOB#{id}', sk: 'META' },
  version: 'version',
});

describe('delete requests', () => {
  it('are unconditional without conditions, and return the old item', () => {
    expect(buildDeleteRequest('t', job, { id: '1' })).toEqual({
      TableName: 't',
      Key: { pk: 'JOB#1', sk: 'META' },
      ReturnValues: 'ALL_OLD',
      ReturnConsumedCapacity: 'TOTAL',
    });
  });

  it('with conditions, require the item to exist, match them and have the expected version', () => {
    const request = buildDeleteRequest('t', job, { id: '1' }, { where: { owner: 'ann' }, expectedVersion: 4 });
    const names = request.ExpressionAttributeNames as Record<string, string>;
    const values = request.ExpressionAttributeValues as Record<string, unknown>;
    const text = (request.ConditionExpression as string)
      .replace(/#n\d+/g, (n) => names[n])
      .replace(/:v\d+/g, (v) => JSON.stringify(values[v]));
    expect(text).toBe('attribute_exists(pk) AND owner = "ann" AND version = 4');
    expect(request.ReturnValuesOnConditionCheckFailure).toBe('ALL_OLD');
  });
});
