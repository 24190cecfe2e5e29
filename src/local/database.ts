/**
 * The embedded DynamoDB of the local process (anchors-ecosystem.md §3.3): dynalite on 127.0.0.1
 * at a free port, its data in LevelDB under `<dataDir>/dynamodb` so games survive a restart. When
 * LevelDB cannot run here (the native `classic-level` binding did not load) it falls back to
 * memory and says so: the data will not persist. A folder locked by another process is an error.
 * Not a rule: local infrastructure.
 */
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';

/** A running embedded database. */
export type EmbeddedDatabase = {
  /** `http://127.0.0.1:PORT`, for the AWS SDK. */
  readonly endpoint: string;
  /** Whether the data is on disk (false: in memory, gone at exit). */
  readonly persistent: boolean;
  /** Why it is in memory, when it is. */
  readonly warning?: string;
  /** The HTTP server it answers on: a bench listens to its requests to count them, with no proxy in the way. */
  readonly server: Server;
  close(): Promise<void>;
};

type Dynalite = (options: { path?: string; createTableMs?: number; deleteTableMs?: number; updateTableMs?: number }) => Server;

/** Starts dynalite with its data under `dataDir` (in memory if LevelDB is unusable). */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const { default: dynalite } = (await import('dynalite')) as unknown as { default: Dynalite };
  const path = join(dataDir, 'dynamodb');
  let problem: string;
  try {
    await mkdir(path, { recursive: true });
    await openOnce(path);
    const server = await listen(dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }));
    const endpoint = endpointOf(server);
    const failure = await probe(endpoint);
    if (failure === undefined) return { endpoint, persistent: true, server, close: () => close(server) };
    await close(server).catch(() => undefined);
    problem = failure;
  } catch (error) {
    if (error instanceof DataDirBusyError) throw error;
    problem = error instanceof Error ? error.message : String(error);
  }
  const server = await listen(dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }));
  const warning = `LevelDB is not usable here (${problem}); the database is in memory and games will NOT persist after exit. ` +
    'Reinstall with install scripts enabled (npm ci --foreground-scripts) or set DYNAMODB_ENDPOINT to a real DynamoDB.';
  return { endpoint: endpointOf(server), persistent: false, warning, server, close: () => close(server) };
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

function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function endpointOf(server: Server): string {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`dynalite listens on ${String(address)}, not a TCP port`);
  return `http://127.0.0.1:${address.port}`;
}

/** Closes the HTTP side and then the LevelDB files (dynalite's `close` does both). */
function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
