import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createTableFromModel, RepositoryError, TableNotActiveError } from '../../src/repository/index.js';
import { taskModel } from './fixtures/task-model.js';

/** A client whose table never leaves `status`; records the commands it was sent. */
function stuckClient(status: string): { client: DynamoDBClient; sent: string[] } {
  const sent: string[] = [];
  const client = {
    send: async (command: unknown) => {
      sent.push((command as object).constructor.name);
      if (command instanceof CreateTableCommand) return { TableDescription: { TableStatus: 'CREATING' } };
      if (command instanceof DescribeTableCommand)
        return { Table: { TableName: command.input.TableName, TableStatus: status } };
      return {};
    },
  } as unknown as DynamoDBClient;
  return { client, sent };
}

describe('createTableFromModel', () => {
  it('throws a typed error naming the table and the last status when the table never becomes ACTIVE', async () => {
    const { client, sent } = stuckClient('CREATING');
    const error = await createTableFromModel(client, taskModel(), {
      tableName: 'stuck',
      activeTimeoutMs: 30,
      pollIntervalMs: 5,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TableNotActiveError);
    expect(error).toBeInstanceOf(RepositoryError);
    expect(error).toMatchObject({
      code: 'TableNotActive',
      payload: { tableName: 'stuck', lastStatus: 'CREATING', timeoutMs: 30 },
    });
    expect((error as Error).message).toMatch(/stuck.*CREATING/);
    expect(sent[0]).toBe('CreateTableCommand');
    expect(sent.filter((name) => name === 'DescribeTableCommand').length).toBeGreaterThan(1);
    // TTL is not enabled on a table that never became usable.
    expect(sent).not.toContain('UpdateTimeToLiveCommand');
  });

  it('enables TTL once the table is ACTIVE', async () => {
    const { client, sent } = stuckClient('ACTIVE');
    await createTableFromModel(client, taskModel(), { tableName: 'ready', activeTimeoutMs: 30, pollIntervalMs: 5 });
    expect(sent).toEqual(['CreateTableCommand', 'DescribeTableCommand', 'UpdateTimeToLiveCommand']);
  });
});
