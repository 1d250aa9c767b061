export {
  runStreamHandler,
  type RunningStreamHandler,
  type StreamHandlerFailure,
  type StreamHandlerOptions,
} from './run-stream-handler.js';
export { passesFilterCriteria, type FilterCriteria } from './filter-criteria.js';
export type {
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  DynamoDBStreamHandler,
  DynamoDBStreamRecord,
  StreamAttributeValue,
  StreamHandlerContext,
} from './lambda-event.js';
export {
  streamHandlerSettings,
  type ModelStreamHandlerName,
  type StreamHandlerSettings,
} from './stream-handler-settings.js';
