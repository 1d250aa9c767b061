import type { ModelDefinition } from '../model/model.js';
import type { StreamHandlerOptions } from './run-stream-handler.js';

/** The stream handler names a model declares (`table.stream.handlers`). */
export type ModelStreamHandlerName<M extends ModelDefinition> =
  NonNullable<M['table']['stream']> extends { readonly handlers?: infer H } ? keyof NonNullable<H> & string : never;

/** What `streamHandlerSettings` hands `runStreamHandler`: the declared settings, the table, the function's name. */
export type StreamHandlerSettings = Pick<
  StreamHandlerOptions,
  | 'tableName'
  | 'functionName'
  | 'batchSize'
  | 'maximumBatchingWindowInSeconds'
  | 'startingPosition'
  | 'bisectBatchOnFunctionError'
  | 'maximumRetryAttempts'
  | 'maximumRecordAgeInSeconds'
  | 'functionResponseTypes'
  | 'filterCriteria'
>;

/**
 * The event source mapping settings a model declares for one stream handler, as
 * `runStreamHandler` options, so the local run batches, filters and retries as the deployed
 * Lambda will (`parallelizationFactor`, memory and timeout have no local meaning and are left
 * out). `tableName` is the model's unless given.
 *
 * @example
 * const running = runStreamHandler({ client, handler, ...streamHandlerSettings(model, 'jobStatusCounters') });
 */
export function streamHandlerSettings<M extends ModelDefinition>(
  model: M,
  name: ModelStreamHandlerName<M>,
  options: { readonly tableName?: string } = {},
): StreamHandlerSettings {
  const declared = model.table.stream?.handlers?.[name];
  if (!declared) throw new Error(`table '${model.table.name}' declares no stream handler '${name}'`);
  const settings: { -readonly [K in keyof StreamHandlerSettings]: StreamHandlerSettings[K] } = {
    tableName: options.tableName ?? model.table.name,
    functionName: name,
    startingPosition: declared.startingPosition ?? 'TRIM_HORIZON',
  };
  if (declared.batchSize !== undefined) settings.batchSize = declared.batchSize;
  if (declared.maximumBatchingWindowInSeconds !== undefined)
    settings.maximumBatchingWindowInSeconds = declared.maximumBatchingWindowInSeconds;
  if (declared.bisectBatchOnFunctionError !== undefined)
    settings.bisectBatchOnFunctionError = declared.bisectBatchOnFunctionError;
  if (declared.maximumRetryAttempts !== undefined) settings.maximumRetryAttempts = declared.maximumRetryAttempts;
  if (declared.maximumRecordAgeInSeconds !== undefined)
    settings.maximumRecordAgeInSeconds = declared.maximumRecordAgeInSeconds;
  if (declared.functionResponseTypes !== undefined) settings.functionResponseTypes = declared.functionResponseTypes;
  if (declared.filterCriteria !== undefined) settings.filterCriteria = declared.filterCriteria;
  return settings;
}
