// A child process writing to a table with a stream on a shared SQLite file, for the crash
// and multi-process stream tests: `node --import tsx stream-writer.ts <database> <writer> <count>`.
// Writes items `<writer>-<n>` for n = 0…count-1 (forever when count is 0), alternating
// PutItem, UpdateItem of the previous item, and TransactWriteItems, and says 'started'
// after its first commit.
import { Engine } from '../../../src/engine/engine.js';

const [path, writer, countText] = process.argv.slice(2);
const count = Number(countText);
const engine = new Engine({ path, ttlReapIntervalMs: 0 });

for (let n = 0; count === 0 || n < count; n += 1) {
  const pk = { S: `${writer}-${n}` };
  if (n % 3 === 0) engine.handle('PutItem', { TableName: 'log', Item: { pk, n: { N: String(n) } } });
  else if (n % 3 === 1) {
    engine.handle('UpdateItem', {
      TableName: 'log',
      Key: { pk },
      UpdateExpression: 'SET n = :n',
      ExpressionAttributeValues: { ':n': { N: String(n) } },
    });
  } else {
    engine.handle('TransactWriteItems', {
      TransactItems: [{ Put: { TableName: 'log', Item: { pk, n: { N: String(n) } } } }],
    });
  }
  if (n === 0) process.send?.('started');
}
engine.close();
