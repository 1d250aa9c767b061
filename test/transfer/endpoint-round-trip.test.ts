import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { exportTable, importTable } from '../../src/transfer/index.js';
import { dynamoDbLocalSkipNote } from '../support/dynamodb-local.js';
import { createTable, endpointClient, putAll, scanAll, scratchDirectory, uniqueTableName } from './support/engines.js';
import { canonicalTable, everyTypeItems, everyTypeTable } from './support/every-attribute-type.js';

const endpoint = inject('dynamoDbLocalEndpoint');
const quiet = { progress: { enabled: false } } as const;

const suiteTitle = `a table holding every attribute type, DynamoDB Local → file → DynamoDB Local${dynamoDbLocalSkipNote(endpoint)}`;
describe.skipIf(!endpoint)(suiteTitle, () => {
  const scratch = scratchDirectory();
  const dynamoDbLocal = endpointClient(endpoint);
  afterAll(() => {
    dynamoDbLocal.destroy();
    scratch.remove();
  });

  it('leaves every item identical', async () => {
    const source = uniqueTableName('every_type_src');
    const target = uniqueTableName('every_type_dst');
    await createTable(dynamoDbLocal, everyTypeTable(source));
    await createTable(dynamoDbLocal, everyTypeTable(target));
    await putAll(dynamoDbLocal, source, everyTypeItems());
    const sourceItems = await scanAll(dynamoDbLocal, source);

    const file = join(scratch.path, `${source}.jsonl`);
    await exportTable({ from: endpoint, table: source, out: file, segments: 4, ...quiet });
    await importTable({ to: endpoint, table: target, in: file, ...quiet });
    expect(canonicalTable(await scanAll(dynamoDbLocal, target))).toEqual(canonicalTable(sourceItems));
  });
});
