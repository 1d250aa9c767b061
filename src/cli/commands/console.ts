import { resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { InvalidArgumentError, type Command } from '../commander.js';
import { startConsole } from '../../console/console-server.js';
import type { ModelLoadFailure } from '../../console/console-session.js';
import { createLocalClient, createLocalStreamsClient } from '../../local/index.js';
import { isLoopback } from '../../local/server/host-allow-list.js';
import { loadModelModule } from '../../model/load-model-module.js';
import type { ModelDefinition } from '../../model/model.js';
import { createTableFromModel } from '../../repository/create-table.js';
import { packageRequire } from '../../shared/package-require.js';
import type { CliCommand } from '../command.js';

interface ConsoleFlags {
  readonly model?: string;
  readonly file?: string;
  readonly endpoint?: string;
  readonly region: string;
  readonly port: number;
  readonly host: string;
  readonly allowWrites?: boolean;
}

/**
 * `monotable console`: the model and its data in the browser. On a SQLite file or in memory it
 * runs the embedded engine itself (and creates the model's table there when it is missing); with
 * `--endpoint` it works against any DynamoDB endpoint, read-only unless `--allow-writes`.
 *
 * @example
 * monotable console --model examples/research-jobs/model.ts
 * monotable console --endpoint http://localhost:8000 --allow-writes
 */
export const consoleCommand: CliCommand = {
  register(program: Command): void {
    const command = program
      .command('console')
      .description('browse the model, its access patterns and the data in a local web console')
      .option(
        '--model <file>',
        'the model module (default export or `model`); without it, a plain table and item browser',
      )
      .option('--file <db.sqlite>', 'SQLite file of the embedded engine to open (default: in memory)')
      .option(
        '--endpoint <url>',
        'a DynamoDB endpoint instead (serve, DynamoDB Local, AWS); read-only unless --allow-writes',
      )
      .option(
        '--region <region>',
        'region of the endpoint (AWS: the usual credential chain applies)',
        process.env.AWS_REGION ?? 'us-east-1',
      )
      .option('-p, --port <port>', 'port to listen on (0: any free port)', parsePort, 8001)
      .option('--host <host>', 'interface to bind; off loopback anyone who reaches it sees the data', '127.0.0.1')
      .option('--allow-writes', 'let the console change data at --endpoint (the embedded engine is always writable)');
    command.action(async (flags: ConsoleFlags) => {
      if (flags.file && flags.endpoint) command.error('error: --file and --endpoint exclude each other');
      await runConsole(flags);
    });
  },
};

async function runConsole(flags: ConsoleFlags): Promise<void> {
  let model: ModelDefinition | undefined;
  let modelFailure: ModelLoadFailure | undefined;
  if (flags.model) {
    try {
      model = await loadModelModule(flags.model);
    } catch (error) {
      // Shown on the page too: the console still browses the tables.
      modelFailure = { file: flags.model, message: (error as Error).message };
      console.error(`monotable: the model ${flags.model} failed to load: ${modelFailure.message}`);
    }
  }
  const local = flags.endpoint === undefined;
  const client = local
    ? createLocalClient(flags.file ? { path: resolve(flags.file) } : { inMemory: true })
    : new DynamoDBClient({ endpoint: flags.endpoint, region: flags.region });
  const streamsClient = local
    ? () => createLocalStreamsClient(client)
    : () => {
        const { DynamoDBStreamsClient: StreamsClient } = packageRequire('@aws-sdk/client-dynamodb-streams') as {
          DynamoDBStreamsClient: new (config: object) => DynamoDBStreamsClient;
        };
        return new StreamsClient({ endpoint: flags.endpoint, region: flags.region });
      };
  if (model && local) await createTableFromModel(client, model, { ifExists: 'ignore' });
  const running = await startConsole({
    client,
    streamsClient,
    ...(model ? { model } : {}),
    ...(modelFailure ? { modelFailure } : {}),
    allowWrites: local || flags.allowWrites === true,
    source: local ? (flags.file ? `database ${flags.file}` : 'in memory') : `endpoint ${flags.endpoint}`,
    ...(flags.endpoint ? { endpoint: flags.endpoint } : {}),
    port: flags.port,
    host: flags.host,
  });
  if (!isLoopback(flags.host))
    console.warn(
      `monotable: warning: listening on ${flags.host}, reachable from other machines: anyone who can reach it sees the data${local || flags.allowWrites ? ' and can change it' : ''} (plain HTTP)`,
    );
  console.log(`monotable: console at ${running.url} (Ctrl-C stops)`);
  const stop = (signal: NodeJS.Signals): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    running.close().then(
      () => {
        client.destroy();
        process.exit(signal === 'SIGINT' ? 130 : 143);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is 0 to 65535');
  return port;
}
