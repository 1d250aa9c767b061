import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { ModelDefinition } from '../model/model.js';
import { CapacityLedger } from '../repository/capacity.js';
import { createCommandSender, type CommandSender } from '../repository/command-sender.js';
import { TableRepository } from '../repository/table-repository.js';
import type { PageFrame, ConsoleSection } from './layout.js';
import { recordingSender, type SentRequest } from './recording-sender.js';

/** A model file that failed to load: shown on every page instead of the model. */
export interface ModelLoadFailure {
  readonly file: string;
  readonly message: string;
}

/** What the console serves: a client on the data, and optionally the model that explains it. */
export interface ConsoleOptions {
  /** Any `DynamoDBClient`: `createLocalClient`, one on `monotable serve`, DynamoDB Local or AWS. */
  readonly client: DynamoDBClient;
  /** How stream records are read; the Stream page says so when absent. */
  readonly streamsClient?: () => DynamoDBStreamsClient;
  readonly model?: ModelDefinition;
  readonly modelFailure?: ModelLoadFailure;
  /** Whether the pages may change data (create, edit, delete, transitions). */
  readonly allowWrites: boolean;
  /** Where the data lives, shown in each page's header (`in memory`, `database app.sqlite`, an endpoint). */
  readonly source: string;
  /** The endpoint the client talks to, for the AWS CLI lines (none in process). */
  readonly endpoint?: string;
  /** The CSRF token data-changing requests must carry; a random one when absent. */
  readonly csrfToken?: string;
}

/**
 * The state of one running console: its client, model, the capacity ledger every repository
 * call books into, and the token that guards its writes.
 */
export class ConsoleSession {
  readonly ledger = new CapacityLedger();
  readonly csrfToken: string;
  private readonly sender: CommandSender;
  private readonly cursorSecret = randomBytes(16).toString('hex');

  constructor(readonly options: ConsoleOptions) {
    this.csrfToken = options.csrfToken ?? randomBytes(24).toString('base64url');
    this.sender = createCommandSender(options.client, this.ledger);
  }

  get client(): DynamoDBClient {
    return this.options.client;
  }

  get model(): ModelDefinition | undefined {
    return this.options.model;
  }

  /**
   * The repositories of the model, sending through the session's ledger; `sent` collects each
   * request with its response's consumed capacity. The design check is skipped: the console
   * shows a failing design, it does not refuse it.
   */
  repository(model: ModelDefinition, sent?: SentRequest[]): TableRepository<ModelDefinition> {
    return new TableRepository(this.client, model, {
      designCheck: 'skip',
      cursorSecret: this.cursorSecret,
      sender: sent ? recordingSender(this.sender, sent) : this.sender,
    });
  }

  /** The frame of a page of this session. */
  frame(title: string, section: ConsoleSection, tableName?: string): PageFrame {
    return {
      title,
      section,
      source: this.options.source,
      readOnly: !this.options.allowWrites,
      hasModel: this.model !== undefined,
      ...(tableName === undefined ? {} : { tableName }),
    };
  }
}
