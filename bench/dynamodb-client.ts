/**
 * The design's choice of DynamoDB client, measured again (issue #46): the hand-written signed
 * client (src/aws/, src/store/connection.ts) against `@aws-sdk/client-dynamodb` with
 * `@aws-sdk/lib-dynamodb`'s document client (items as JavaScript values, as the store uses them),
 * each bundled alone and tree-shaken as serverless.yml bundles a function (minified ESM, node22,
 * `@aws-sdk/credential-provider-node` external: the Lambda runtime has it). Each run is a fresh
 * node that imports its bundle and makes one strongly consistent GetItem against dynalite,
 * credentials from the environment as on Lambda; timed from spawn to the item read, and the
 * import alone. The two clients and a bare node in turn, so the machine's load falls on all of
 * them alike; the figure is the SDK's extra time: its median minus ours, and the median of the
 * turns' differences.
 * Run: npx tsx bench/dynamodb-client.ts (part of npm run bench). BENCH_COLD_RUNS (15) runs each.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSource, ROOT } from './bundles.ts';
import { median } from './stats.ts';
import { startEmbeddedDatabase } from '../src/local/database.ts';
import { connectDynamoDb, createTable } from '../src/store/index.ts';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15);

/** Each entry exports `first()`: the client made and one item read, as a function's first update does. */
const ENTRIES = {
  'hand-written (src/aws)': `
import { connectDynamoDb } from './src/store/connection.ts';
const db = connectDynamoDb({ region: process.env.AWS_REGION, endpoint: process.env.DYNAMODB_ENDPOINT, requestTimeoutMs: 3000 });
export const first = () => db.get({ TableName: 'nardy', Key: { pk: 'bench', sk: 'item' }, ConsistentRead: true });
`,
  '@aws-sdk/client-dynamodb': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: process.env.AWS_REGION, endpoint: process.env.DYNAMODB_ENDPOINT }));
export const first = () => db.send(new GetCommand({ TableName: 'nardy', Key: { pk: 'bench', sk: 'item' }, ConsistentRead: true }));
`,
} as const;

const work = await mkdtemp(join(tmpdir(), 'nardy-bench-dynamodb-'));
const database = await startEmbeddedDatabase(join(work, 'db'));
try {
  await symlink(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  const admin = connectDynamoDb({ region: 'local', endpoint: database.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await createTable(admin, 'nardy', { pollMs: 50, timeoutMs: 30_000 });
  await admin.put({ TableName: 'nardy', Item: { pk: 'bench', sk: 'item', state: { history: [1, 2, 3], name: 'a game' }, version: 7 } });
  admin.destroy();

  const files: Record<string, string> = {};
  console.log('the DynamoDB client, bundled alone as serverless.yml bundles (minified ESM, tree-shaken, credential-provider-node external):');
  for (const [name, source] of Object.entries(ENTRIES)) {
    const file = join(work, `functions/${name.replace(/\W+/g, '-')}.mjs`);
    const bytes = await bundleSource(source, file, { external: ['@aws-sdk/credential-provider-node'] });
    console.log(`  ${name.padEnd(26)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
    files[name] = file;
  }
  const env = {
    ...process.env, AWS_REGION: 'eu-central-1', DYNAMODB_ENDPOINT: database.endpoint,
    // As Lambda sets them from the function's role; dynalite accepts any.
    AWS_ACCESS_KEY_ID: 'AKIDBENCH', AWS_SECRET_ACCESS_KEY: 'bench-secret', AWS_SESSION_TOKEN: 'bench-session',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const run = (file: string | undefined) => new Promise<{ total: number; imported: number }>((done, fail) => {
    const script = file === undefined
      ? "process.stdout.write('read 0\\n');"
      : `const t = performance.now(); const { first } = await import(${JSON.stringify(pathToFileURL(file).href)}); const imported = performance.now() - t; ` +
        "const out = await first(); if (Number(out.Item?.version?.value ?? out.Item?.version) !== 7) throw new Error('wrong item: ' + JSON.stringify(out)); process.stdout.write(`read ${imported}\\n`); process.exit(0);";
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /read (\S+)/.exec(out);
      if (match) done({ total: performance.now() - started, imported: Number(match[1]) });
    });
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!/read/.test(out)) fail(new Error(`${file ?? 'bare node'} failed (exit ${code}): ${err.trim().split('\n').filter((l) => !l.includes(' at ')).slice(-6).join(' | ')}`));
    });
  });
  const names = Object.keys(ENTRIES);
  const times: Record<string, { total: number; imported: number }[]> = { 'bare node': [] };
  for (const name of names) times[name] = [];
  for (let i = 0; i < RUNS; i++) {
    times['bare node']!.push(await run(undefined));
    // Which client goes first alternates, so neither always follows the bare node.
    for (const name of i % 2 === 0 ? names : [...names].reverse()) times[name]!.push(await run(files[name]));
  }
  console.log(`spawn → first item read (fresh node ${process.version} each, in turn, median of ${RUNS}):`);
  for (const [name, runs] of Object.entries(times)) {
    const imported = name === 'bare node' ? '' : `   (import ${median(runs.map((r) => r.imported)).toFixed(0)} ms)`;
    console.log(`  ${name.padEnd(26)} ${median(runs.map((r) => r.total)).toFixed(0).padStart(5)} ms${imported}`);
  }
  const [ours, sdk] = [times[names[0]!]!, times[names[1]!]!];
  const more = median(sdk.map((r) => r.total)) - median(ours.map((r) => r.total));
  const perTurn = median(sdk.map((r, i) => r.total - ours[i]!.total));
  console.log(`  the SDK costs ${more.toFixed(0)} ms more (median of the turns' differences ${perTurn.toFixed(0)} ms; import alone ${(median(sdk.map((r) => r.imported)) - median(ours.map((r) => r.imported))).toFixed(0)} ms more)`);
} finally {
  await database.close();
  await rm(work, { recursive: true, force: true });
}
