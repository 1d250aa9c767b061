// A child process driving an Engine on a shared SQLite file, for the concurrency and
// crash tests: `node --import tsx engine-worker.ts <mode> <database> [arguments]`.
import { Engine } from '../../../src/engine/engine.js';

const [mode, path, argument] = process.argv.slice(2);
const engine = new Engine({ path, ttlReapIntervalMs: 0 });

function send(message: unknown): Promise<void> {
  return new Promise((resolve) => process.send?.(message, undefined, undefined, () => resolve()));
}

function waitForGo(): Promise<void> {
  return new Promise((resolve) => process.once('message', () => resolve()));
}

async function increment(times: number): Promise<void> {
  for (let index = 0; index < times; index += 1) {
    engine.handle('UpdateItem', {
      TableName: 'counters',
      Key: { pk: { S: 'counter' } },
      UpdateExpression: 'ADD n :one',
      ExpressionAttributeValues: { ':one': { N: '1' } },
    });
  }
}

async function transition(name: string): Promise<void> {
  await send('ready');
  await waitForGo();
  try {
    engine.handle('UpdateItem', {
      TableName: 'jobs',
      Key: { pk: { S: 'job' } },
      UpdateExpression: 'SET #status = :next, winner = :name',
      ConditionExpression: '#status = :expected',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':next': { S: 'RUNNING' }, ':expected': { S: 'PENDING' }, ':name': { S: name } },
    });
    await send('won');
  } catch (error) {
    await send((error as { type?: string }).type === 'ConditionalCheckFailedException' ? 'lost' : String(error));
  }
}

/** Rewrites the same 100 items in one transaction per round until killed. */
async function rewriteForever(itemBytes: number): Promise<void> {
  const padding = 'x'.repeat(itemBytes);
  for (let round = 1; ; round += 1) {
    engine.handle('TransactWriteItems', {
      TransactItems: Array.from({ length: 100 }, (_, index) => ({
        Put: { TableName: 'rounds', Item: { pk: { S: `item-${index}` }, round: { N: String(round) }, padding: { S: padding } } },
      })),
    });
    if (round === 1) await send('committed');
  }
}

if (mode === 'increment') await increment(Number(argument));
else if (mode === 'transition') await transition(argument);
else if (mode === 'rewrite') await rewriteForever(Number(argument));
engine.close();
process.disconnect?.();
