/**
 * Vitest global setup: one in-memory dynalite server on 127.0.0.1 at a free port for the whole
 * run, its URL provided to test files as `inject('dynamoEndpoint')`. Test files create their own
 * tables (random names), so files running in parallel never share state.
 *
 * If dynalite is missing or cannot start, the run fails here, saying what to install: a storage
 * suite that silently skips would pass without testing anything.
 */
import type { Server } from 'node:http';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the dynalite server, for `DYNAMODB_ENDPOINT`. */
    dynamoEndpoint: string;
  }
}

async function startDynalite(): Promise<Server> {
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return server;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: Server;
  try {
    server = await startDynalite();
  } catch (error) {
    throw new Error(
      `dynalite (the in-memory DynamoDB the store tests run against) could not start: ${String(error)}. ` +
        'Install the dev dependencies with `npm ci` (dynalite@4.0.0 is in package.json).',
    );
  }
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`dynalite listens on ${address}, not a TCP port`);
  project.provide('dynamoEndpoint', `http://127.0.0.1:${address.port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
