// A child process driving an Engine on a shared SQLite file, for the concurrency and
// crash tests: `node --import tsx engine-worker.ts <mode> <database> [arguments]`.
import { Engine } from '../../../src/engine/engine.js';

const [mode, path, argument, ...more] = process.argv.slice(2);
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
        Put: {
          TableName: 'rounds',
          Item: { pk: { S: `item-${index}` }, round: { N: String(round) }, padding: { S: padding } },
        },
      })),
    });
    if (round === 1) await send('committed');
  }
}

/**
 * Runs `times` transfers of one unit between two random accounts of the `bank` table, each
 * a TransactWriteItems that also records itself in a ledger item, and every tenth round
 * reads all accounts in one TransactGetItems to check that snapshot (no negative balance,
 * the sum `total`). Reports the counts and anything that went wrong.
 */
async function transfer(times: number, worker: string, accounts: number, total: number): Promise<void> {
  const account = (index: number) => ({ pk: { S: `account-${index}` } });
  let committed = 0;
  let cancelled = 0;
  const problems: string[] = [];
  for (let round = 0; round < times; round += 1) {
    const from = Math.floor(Math.random() * accounts);
    const to = (from + 1 + Math.floor(Math.random() * (accounts - 1))) % accounts;
    try {
      engine.handle('TransactWriteItems', {
        TransactItems: [
          {
            Update: {
              TableName: 'bank',
              Key: account(from),
              UpdateExpression: 'SET balance = balance - :one',
              ConditionExpression: 'balance >= :one',
              ExpressionAttributeValues: { ':one': { N: '1' } },
            },
          },
          {
            Update: {
              TableName: 'bank',
              Key: account(to),
              UpdateExpression: 'SET balance = balance + :one',
              ExpressionAttributeValues: { ':one': { N: '1' } },
            },
          },
          {
            Put: {
              TableName: 'bank',
              Item: { pk: { S: `ledger-${worker}-${round}` }, from: { N: String(from) }, to: { N: String(to) } },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      });
      committed += 1;
    } catch (error) {
      const failure = error as { type?: string; extra?: { CancellationReasons?: { Code: string }[] } };
      const codes = failure.extra?.CancellationReasons?.map((reason) => reason.Code).join(',');
      if (failure.type === 'TransactionCanceledException' && codes === 'ConditionalCheckFailed,None,None')
        cancelled += 1;
      else problems.push(`round ${round}: ${String(error)} ${codes ?? ''}`);
    }
    if (round % 10 === 0) {
      const snapshot = engine.handle('TransactGetItems', {
        TransactItems: Array.from({ length: accounts }, (_, index) => ({
          Get: { TableName: 'bank', Key: account(index) },
        })),
      }) as { Responses: { Item: { balance: { N: string } } }[] };
      const balances = snapshot.Responses.map((response) => Number(response.Item.balance.N));
      if (balances.some((balance) => balance < 0)) problems.push(`negative balance seen: ${balances.join(',')}`);
      const sum = balances.reduce((running, balance) => running + balance, 0);
      if (sum !== total) problems.push(`sum ${sum} instead of ${total}: ${balances.join(',')}`);
    }
  }
  await send({ committed, cancelled, problems });
}

/** The GSI the backfill crash test creates on its `jobs` table. */
const createByGroup = {
  TableName: 'jobs',
  AttributeDefinitions: [{ AttributeName: 'group', AttributeType: 'S' }],
  GlobalSecondaryIndexUpdates: [
    {
      Create: {
        IndexName: 'byGroup',
        KeySchema: [{ AttributeName: 'group', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
    },
  ],
};

/**
 * Creates the GSI and lets its backfill run in the background until killed (`live`), or
 * is killed by itself right after UpdateTable answers, before a second slice (`die`).
 */
async function backfill(how: string): Promise<void> {
  engine.handle('UpdateTable', createByGroup);
  if (how === 'die') process.kill(process.pid, 'SIGKILL');
  await send('started');
  await engine.backfillsDone();
  await send('done');
}

if (mode === 'increment') await increment(Number(argument));
else if (mode === 'transfer') await transfer(Number(argument), more[0], Number(more[1]), Number(more[2]));
else if (mode === 'transition') await transition(argument);
else if (mode === 'rewrite') await rewriteForever(Number(argument));
else if (mode === 'backfill') await backfill(argument);
engine.close();
process.disconnect?.();
