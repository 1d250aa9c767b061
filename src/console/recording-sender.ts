import type { CommandSender } from '../repository/command-sender.js';

/** One request a repository call sent: the command, its input as sent, and what it consumed. */
export interface SentRequest {
  readonly command: 'Get' | 'Put' | 'Update' | 'Delete' | 'Query' | 'BatchWrite' | 'BatchGet' | 'TransactWrite';
  readonly label: string;
  readonly input: object;
  consumedCapacity?: unknown;
}

/**
 * A sender that passes every request on to `sender` and appends it to `sent`, with the consumed
 * capacity of its response, so a page can show the exact request the repository sent.
 *
 * @example
 * const sent: SentRequest[] = [];
 * await new TableRepository(client, model, { sender: recordingSender(sender, sent) }).query('getJob', { id: '1' });
 * sent[0].command; // 'Query'
 */
export function recordingSender(sender: CommandSender, sent: SentRequest[]): CommandSender {
  const record =
    <I extends object, O>(command: SentRequest['command'], send: (label: string, input: I) => Promise<O>) =>
    async (label: string, input: I): Promise<O> => {
      const entry: SentRequest = { command, label, input };
      sent.push(entry);
      const output = await send(label, input);
      entry.consumedCapacity = (output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      return output;
    };
  return {
    capacity: sender.capacity,
    get: record('Get', sender.get.bind(sender)),
    put: record('Put', sender.put.bind(sender)),
    update: record('Update', sender.update.bind(sender)),
    delete: record('Delete', sender.delete.bind(sender)),
    query: record('Query', sender.query.bind(sender)),
    batchWrite: record('BatchWrite', sender.batchWrite.bind(sender)),
    batchGet: record('BatchGet', sender.batchGet.bind(sender)),
    transactWrite: record('TransactWrite', sender.transactWrite.bind(sender)),
  };
}
