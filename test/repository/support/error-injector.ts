import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Makes a real client meet the errors the service answers under load or contention: a rule
 * names a command (`UpdateItem`, `BatchWriteItem`, …) and the error its next `times` requests
 * get instead of reaching the engine (the SDK's own error classes, as the SDK would build them
 * from DynamoDB's answer). It sits before the SDK's retry, so a test sees exactly the calls the
 * repository makes. Requests no rule matches go through untouched.
 */
export interface ErrorRule {
  /** The operation's name, as DynamoDB names it (`TransactWriteItems`). */
  readonly command: string;
  /** How many of the next matching requests fail. */
  times: number;
  readonly error: () => Error;
  /** Runs before the error is thrown: another writer acting while this request is refused. */
  readonly before?: () => Promise<void>;
}

export interface ErrorInjector {
  readonly rules: ErrorRule[];
  /** Requests sent per operation since the last reset, failed ones included. */
  readonly sent: Map<string, number>;
  reset(...rules: ErrorRule[]): void;
}

const installed = new WeakMap<DynamoDBClient, ErrorInjector>();

/** Installs the injector on `client` once (a shared client keeps one) and returns it, reset. */
export function injectErrors(client: DynamoDBClient): ErrorInjector {
  const existing = installed.get(client);
  if (existing) {
    existing.reset();
    return existing;
  }
  const injector: ErrorInjector = {
    rules: [],
    sent: new Map(),
    reset(...rules) {
      this.rules.splice(0, this.rules.length, ...rules);
      this.sent.clear();
    },
  };
  type Handler = (args: { input: object }) => Promise<{ output: object }>;
  const middleware =
    (next: Handler, context: { commandName?: string }): Handler =>
    async (args) => {
      const command = (context.commandName ?? '').replace(/Command$/, '');
      injector.sent.set(command, (injector.sent.get(command) ?? 0) + 1);
      const rule = injector.rules.find((candidate) => candidate.command === command && candidate.times > 0);
      if (!rule) return next(args);
      rule.times--;
      await rule.before?.();
      throw rule.error();
    };
  client.middlewareStack.add(middleware as never, { step: 'initialize', name: 'monotableTestErrorInjector' });
  installed.set(client, injector);
  return injector;
}
