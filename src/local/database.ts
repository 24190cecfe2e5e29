/**
 * The embedded DynamoDB of the local process (anchors-ecosystem.md §3.3): dynalite on 127.0.0.1
 * at a free port, its data in LevelDB under `<dataDir>/dynamodb` so games survive a restart. When
 * LevelDB cannot run here (the native `classic-level` binding did not load) it falls back to
 * memory and says so: the data will not persist. A folder locked by another process is an error.
 * Not a rule: local infrastructure.
 *
 * dynalite runs in a thread of its own (database-server.mjs), as a real DynamoDB runs beside the
 * bot: its work (parsing, LevelDB) does not wait for the bot's (drawing a board) nor hold it up —
 * a write answered in one thread while the board is drawn in the other.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A running embedded database. */
export type EmbeddedDatabase = {
  /** `http://127.0.0.1:PORT`, for a DynamoDB client. */
  readonly endpoint: string;
  /** Whether the data is on disk (false: in memory, gone at exit). */
  readonly persistent: boolean;
  /** Why it is in memory, when it is. */
  readonly warning?: string;
  /** Calls `listener` with the operation (`GetItem`, …) of each request it answers, from now on: a bench counts them, with no proxy in the way. */
  onCall(listener: (operation: string) => void): void;
  close(): Promise<void>;
};

/** Starts dynalite with its data under `dataDir` (in memory if LevelDB is unusable). */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const path = join(dataDir, 'dynamodb');
  let problem: string;
  try {
    await mkdir(path, { recursive: true });
    await openOnce(path);
    const server = await serve(path);
    const failure = await probe(server.endpoint);
    if (failure === undefined) return { ...server, persistent: true };
    await server.close().catch(() => undefined);
    problem = failure;
  } catch (error) {
    if (error instanceof DataDirBusyError) throw error;
    problem = error instanceof Error ? error.message : String(error);
  }
  const warning = `LevelDB is not usable here (${problem}); the database is in memory and games will NOT persist after exit. ` +
    'Reinstall with install scripts enabled (npm ci --foreground-scripts) or set DYNAMODB_ENDPOINT to a real DynamoDB.';
  return { ...(await serve(null)), persistent: false, warning };
}

/** Starts dynalite's thread; resolves once it listens. */
function serve(path: string | null): Promise<Pick<EmbeddedDatabase, 'endpoint' | 'onCall' | 'close'>> {
  const worker = new Worker(new URL('./database-server.mjs', import.meta.url), { workerData: { path } });
  // The process lives as long as what it serves (npm start's HTTP server), not for this thread.
  worker.unref();
  const listeners: ((operation: string) => void)[] = [];
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= new Promise<void>((resolve, reject) => {
    // Closing is waited for: the LevelDB files are closed before the process may end.
    worker.ref();
    worker.once('exit', () => resolve());
    worker.once('error', reject);
    worker.postMessage('close');
  }));
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { port?: number; error?: string; call?: string }) => {
      if (message.call !== undefined) return listeners.forEach((listener) => listener(message.call!));
      if (message.error !== undefined) return void worker.terminate().finally(() => reject(new Error(message.error)));
      worker.off('error', reject);
      resolve({
        endpoint: `http://127.0.0.1:${message.port}`,
        onCall(listener) {
          if (listeners.length === 0) worker.postMessage('count');
          listeners.push(listener);
        },
        close,
      });
    });
  });
}

/** The data folder is held by another process (LevelDB allows one). */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

/**
 * Opens and closes the LevelDB at `path`: loads the native binding and takes the folder's lock
 * once, so a locked folder is a clear error here (inside dynalite it would crash the process).
 */
async function openOnce(path: string): Promise<void> {
  const { ClassicLevel } = await import('classic-level');
  const db = new ClassicLevel(path);
  try {
    await db.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') {
      throw new DataDirBusyError(`the data folder ${path} is in use by another process (another \`npm start\`?); stop it or use another folder`);
    }
    throw error;
  }
  await db.close();
}

/** One ListTables call: undefined when the database answers, else what went wrong. */
async function probe(endpoint: string): Promise<string | undefined> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        'x-amz-date': '20200101T000000Z',
        authorization: 'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      },
      body: '{}',
    });
    const text = await response.text();
    return response.ok ? undefined : `dynalite answered ${response.status}: ${text.slice(0, 200)}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
