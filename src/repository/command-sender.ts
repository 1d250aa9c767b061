import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  type DeleteCommandInput,
  type DeleteCommandOutput,
  type GetCommandInput,
  type GetCommandOutput,
  type PutCommandInput,
  type PutCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type TransactWriteCommandInput,
  type TransactWriteCommandOutput,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { CapacityLedger } from './capacity.js';

/**
 * The only place repository requests are sent. Request builders are pure; this sends their inputs
 * through the DocumentClient and books the consumed capacity under a label (an access pattern name
 * or `entity.operation`). Tests may substitute any object with the same methods. It has no Scan on
 * purpose: repositories read through access patterns, and only the admin module
 * (`./admin-scan.js`) scans.
 *
 * @example
 * const sender = createCommandSender(client);
 * await sender.get('getJob', buildGetRequest('research', job, { id: '1' }));
 * sender.capacity.totals().get('getJob')?.requests; // 1
 */
export interface CommandSender {
  readonly capacity: CapacityLedger;
  get(label: string, input: GetCommandInput): Promise<GetCommandOutput>;
  put(label: string, input: PutCommandInput): Promise<PutCommandOutput>;
  update(label: string, input: UpdateCommandInput): Promise<UpdateCommandOutput>;
  delete(label: string, input: DeleteCommandInput): Promise<DeleteCommandOutput>;
  query(label: string, input: QueryCommandInput): Promise<QueryCommandOutput>;
  batchWrite(label: string, input: BatchWriteCommandInput): Promise<BatchWriteCommandOutput>;
  batchGet(label: string, input: BatchGetCommandInput): Promise<BatchGetCommandOutput>;
  transactWrite(label: string, input: TransactWriteCommandInput): Promise<TransactWriteCommandOutput>;
}

/**
 * The DocumentClient repositories send through: `client` itself when it is one, else one on
 * `client` that drops undefined attribute values (optional attributes left unset).
 */
export function documentClientOf(client: DynamoDBClient | DynamoDBDocumentClient): DynamoDBDocumentClient {
  return client instanceof DynamoDBDocumentClient
    ? client
    : DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

/**
 * Awaits a response and books its consumed capacity under `label`.
 *
 * @example
 * const output = await bookCapacity(ledger, 'getJob', documents.send(new GetCommand(input)));
 */
export async function bookCapacity<O extends { ConsumedCapacity?: unknown }>(
  capacity: CapacityLedger,
  label: string,
  response: Promise<O>,
): Promise<O> {
  const output = await response;
  capacity.record(label, output.ConsumedCapacity as Parameters<CapacityLedger['record']>[1]);
  return output;
}

/** Wraps a `DynamoDBClient` (or an existing DocumentClient) as a {@link CommandSender}. */
export function createCommandSender(
  client: DynamoDBClient | DynamoDBDocumentClient,
  capacity = new CapacityLedger(),
): CommandSender {
  const documents = documentClientOf(client);
  const booked = <O extends { ConsumedCapacity?: unknown }>(label: string, response: Promise<O>): Promise<O> =>
    bookCapacity(capacity, label, response);
  return {
    capacity,
    get: (label, input) => booked(label, documents.send(new GetCommand(input))),
    put: (label, input) => booked(label, documents.send(new PutCommand(input))),
    update: (label, input) => booked(label, documents.send(new UpdateCommand(input))),
    delete: (label, input) => booked(label, documents.send(new DeleteCommand(input))),
    query: (label, input) => booked(label, documents.send(new QueryCommand(input))),
    batchWrite: (label, input) => booked(label, documents.send(new BatchWriteCommand(input))),
    batchGet: (label, input) => booked(label, documents.send(new BatchGetCommand(input))),
    transactWrite: (label, input) => booked(label, documents.send(new TransactWriteCommand(input))),
  };
}
