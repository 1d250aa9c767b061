import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
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
  type ScanCommandInput,
  type ScanCommandOutput,
  type TransactWriteCommandInput,
  type TransactWriteCommandOutput,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { CapacityLedger } from './capacity.js';

/**
 * The only place requests are sent. Request builders are pure; this sends their inputs through the
 * DocumentClient and books the consumed capacity under a label (an access pattern name or
 * `entity.operation`). Tests may substitute any object with the same methods.
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
  scan(label: string, input: ScanCommandInput): Promise<ScanCommandOutput>;
}

/** Wraps a `DynamoDBClient` (or an existing DocumentClient) as a {@link CommandSender}. */
export function createCommandSender(client: DynamoDBClient | DynamoDBDocumentClient, capacity = new CapacityLedger()): CommandSender {
  const documents =
    client instanceof DynamoDBDocumentClient
      ? client
      : DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const booked = async <O extends { ConsumedCapacity?: unknown }>(label: string, response: Promise<O>): Promise<O> => {
    const output = await response;
    capacity.record(label, output.ConsumedCapacity as Parameters<CapacityLedger['record']>[1]);
    return output;
  };
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
    scan: (label, input) => booked(label, documents.send(new ScanCommand(input))),
  };
}
