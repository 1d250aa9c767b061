/**
 * Run as a child process, as another user (opening-files-as-another-user.test.ts): opens each
 * file given as `[path, readOnly]` in the JSON argument with an engine and prints, as JSON,
 * what happened: the SqliteFileError's code, folder and message, or the items of table `app`.
 */
import { Engine } from '../engine.js';
import { SqliteFileError } from './sqlite-file-error.js';

export type OpenOutcome =
  | { readonly opened: true; readonly items: number }
  | { readonly opened: false; readonly code: string; readonly folder?: string; readonly message: string };

function open(path: string, readOnly: boolean): OpenOutcome {
  try {
    const engine = new Engine({ path, readOnly, ttlReapIntervalMs: 0 });
    try {
      return { opened: true, items: engine.handle('Scan', { TableName: 'app', Select: 'COUNT' }).Count as number };
    } finally {
      engine.close();
    }
  } catch (error) {
    if (!(error instanceof SqliteFileError)) throw error;
    return { opened: false, code: error.code, folder: error.folder, message: error.message };
  }
}

const cases = JSON.parse(process.argv[2] ?? '[]') as [string, boolean][];
process.stdout.write(JSON.stringify(cases.map(([path, readOnly]) => open(path, readOnly))));
