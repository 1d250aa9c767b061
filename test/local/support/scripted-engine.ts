import { Answer } from '../../../src/engine/answer.js';
import { DynamoDBError } from '../../../src/engine/errors.js';
import type { EngineLike } from '../../../src/local/engine-like.js';

type Wire = Record<string, any>;

/**
 * A stand-in engine with canned DynamoDB answers, so the transport (fast path, full
 * stack, HTTP server) is tested on shapes the SDK treats specially (binaries, dates,
 * error members) independently of the real engine's progress.
 */
export class ScriptedEngine implements EngineLike {
  readonly items = new Map<string, Wire>();
  readonly calls: Array<{ operation: string; input: unknown }> = [];
  closed = false;

  answer(operation: string, input: unknown): Answer {
    return new Answer(this.handle(operation, input));
  }

  handle(operation: string, input: any): Record<string, unknown> {
    this.calls.push({ operation, input });
    switch (operation) {
      case 'ListTables':
        return { TableNames: ['scripted'] };
      case 'DescribeTable':
        if (input.TableName !== 'scripted') {
          throw new DynamoDBError(
            'ResourceNotFoundException',
            `Requested resource not found: Table: ${input.TableName} not found`,
          );
        }
        return {
          Table: {
            TableName: 'scripted',
            TableStatus: 'ACTIVE',
            CreationDateTime: 1767225600.123,
            ItemCount: 0,
            KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
            BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: 1767225600 },
          },
        };
      case 'PutItem': {
        const key = JSON.stringify(input.Item.pk);
        const old = this.items.get(key);
        if (input.ConditionExpression && old) {
          throw new DynamoDBError(
            'ConditionalCheckFailedException',
            'The conditional request failed',
            400,
            input.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' ? { Item: old } : {},
          );
        }
        this.items.set(key, input.Item);
        return input.ReturnValues === 'ALL_OLD' && old ? { Attributes: old } : {};
      }
      case 'GetItem': {
        if (input.TableName === 'missing')
          throw new DynamoDBError('ResourceNotFoundException', 'Requested resource not found');
        const item = this.items.get(JSON.stringify(input.Key.pk));
        const capacity =
          input.ReturnConsumedCapacity === 'TOTAL'
            ? { ConsumedCapacity: { TableName: input.TableName, CapacityUnits: 0.5 } }
            : {};
        return item ? { Item: structuredClone(item), ...capacity } : capacity;
      }
      case 'Query':
        return {
          Items: [...this.items.values()].map((item) => structuredClone(item)),
          Count: this.items.size,
          ScannedCount: this.items.size,
          ConsumedCapacity: { TableName: input.TableName, CapacityUnits: 1 },
        };
      case 'TransactWriteItems':
        throw new DynamoDBError(
          'TransactionCanceledException',
          'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
          400,
          {
            CancellationReasons: [
              { Code: 'None' },
              {
                Code: 'ConditionalCheckFailed',
                Message: 'The conditional request failed',
                Item: { pk: { S: 'x' }, blob: { B: 'AQID' }, set: { BS: ['AQ==', 'Ag=='] } },
              },
            ],
          },
        );
      case 'UpdateItem':
        throw new DynamoDBError(
          'ValidationException',
          'Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET"',
        );
      case 'DeleteItem':
        // Not a DynamoDBError: the transport must answer it as DynamoDB's InternalServerError.
        throw new TypeError('scripted engine bug');
      default:
        throw new DynamoDBError('UnknownOperationException', '');
    }
  }

  close(): void {
    this.closed = true;
  }
}
