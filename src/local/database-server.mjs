// The embedded DynamoDB's own thread (database.ts starts it): dynalite answering on 127.0.0.1 at a
// free port, its data in LevelDB at `workerData.path` (in memory when null). Plain JavaScript, so
// the thread starts the same under tsx, vitest and node. It posts { port } once listening (or
// { error }), and { call: operation } for each request once sent 'count'; sent 'close', it closes
// and its thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

const server = dynalite({ ...(workerData.path === null ? {} : { path: workerData.path }), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.once('error', (error) => parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));

parentPort.on('message', (message) => {
  if (message === 'count') {
    server.on('request', (request) => parentPort.postMessage({ call: String(request.headers['x-amz-target'] ?? '').split('.').at(-1) || '?' }));
  } else if (message === 'close') {
    // dynalite's close ends the HTTP side and then the LevelDB files.
    server.close(() => parentPort.close());
    server.closeAllConnections();
  }
});
