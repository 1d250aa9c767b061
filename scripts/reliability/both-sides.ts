/**
 * The two places a reliability script measures: an in-process client on an in-memory
 * engine, then `monotable serve` over HTTP on a SQLite file (as `serve` keeps its tables by
 * default), each engine made by `engineAt` and closed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Engine } from '../../src/engine/engine.js';
import { createLocalClient, startServer } from '../../src/local/index.js';

export type MeasureOneSide = (label: string, engine: Engine, client: DynamoDBClient) => Promise<boolean>;

/** Whether `measure` passed on both sides; `engineAt(path)` opens the file, `engineAt()` an in-memory engine. */
export async function measureInProcessAndOverHttp(
  folderPrefix: string,
  engineAt: (path?: string) => Engine,
  measure: MeasureOneSide,
): Promise<boolean> {
  const inProcessEngine = engineAt();
  const inProcessClient = createLocalClient({ engine: inProcessEngine });
  const inProcessOk = await measure('in-process', inProcessEngine, inProcessClient);
  inProcessClient.destroy();
  inProcessEngine.close();

  const folder = mkdtempSync(join(tmpdir(), folderPrefix));
  const servedEngine = engineAt(join(folder, 'engine.db'));
  const server = await startServer({ engine: servedEngine, port: 0 });
  const httpClient = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const httpOk = await measure('over HTTP, file', servedEngine, httpClient);
  httpClient.destroy();
  await server.close();
  servedEngine.close();
  rmSync(folder, { recursive: true, force: true });
  return inProcessOk && httpOk;
}
