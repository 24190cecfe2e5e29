/**
 * The Discord endpoint's deadline figures (issue 6): Discord wants the acknowledgement within 3 s
 * of sending an interaction, cold start included. Bundles functions/discord.ts as serverless.yml
 * does and prints (a) its size, (b) the cold import — a fresh `node` per run, spawn → module
 * imported — and (c) spawn → acknowledgement streamed for a signed slash command, the whole cold
 * path a first interaction takes before Discord has its answer (median of 5 each; the work after
 * the acknowledgement is not waited for). Prints figures; asserts nothing. Run: npx tsx bench/discord.ts
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { median } from './stats.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const ROOT = resolve(import.meta.dirname, '..');
const RUNS = 5;

const keys = generateKeyPairSync('ed25519');
const interaction = JSON.stringify({
  id: '1312000000000000001', type: 2, token: 'bench-token', application_id: '100000000000000001', version: 1, locale: 'en-US', channel_id: '1312000000000000002',
  member: { user: { id: '100000000000000011', username: 'bench', global_name: null, discriminator: '0', avatar: null }, roles: [] },
  data: { id: '1', name: 'nardy', type: 1, options: [{ name: 'challenge', type: 1, options: [] }] },
});
const timestamp = String(Math.floor(Date.now() / 1000));
const signature = sign(null, Buffer.from(timestamp + interaction), keys.privateKey).toString('hex');

const work = await mkdtemp(join(tmpdir(), 'nardy-bench-discord-'));
try {
  await symlink(join(ROOT, 'assets'), join(work, 'assets'));
  await symlink(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  const result = await esbuild.build({
    entryPoints: [join(ROOT, 'functions/discord.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node22', external: ['sharp', '@aws-sdk/credential-provider-node'],
    minify: true, mainFields: ['module', 'main'], write: false, logLevel: 'error', define: { 'import.meta.url': '__nardySourceUrl' },
    banner: { js: "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url); const __nardySourceUrl = new URL('../src/render/fonts.ts', import.meta.url).href;" },
  });
  const bundle = result.outputFiles[0]!.contents;
  const file = join(work, 'functions/discord.mjs');
  await mkdir(join(work, 'functions'), { recursive: true });
  await writeFile(file, bundle);
  console.log(`functions/discord.ts bundled (minified ESM, sharp and the SDK's credential chain external, as serverless.yml): ${(bundle.length / 1024).toFixed(0)} KB`);

  const env = {
    ...process.env,
    DISCORD_APPLICATION_ID: '100000000000000001', DISCORD_BOT_TOKEN: 'bench.dummy.discord-bot-token', DISCORD_API_ROOT: 'http://127.0.0.1:9/api',
    DISCORD_PUBLIC_KEY: keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex'),
    DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', AWS_REGION: 'eu-central-1', TABLE_NAME: 'nardy',
  };
  // The runtime's streaming global; `ack` is printed the moment the handler ends its response.
  const script = (respond: boolean) => `
    globalThis.awslambda = { streamifyResponse: (h) => h, HttpResponseStream: { from: (_s, p) => ({ write() {}, end() {
      process.stdout.write('ack ' + p.statusCode + '\\n'); process.exit(0); } }) } };
    const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    process.stdout.write('imported\\n');
    ${respond ? `await handler({ headers: ${JSON.stringify({ 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp })}, body: ${JSON.stringify(interaction)} }, {});` : 'process.exit(0);'}`;
  const run = (respond: boolean, marker: string) => new Promise<number>((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script(respond)], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(marker)) done(performance.now() - started);
    });
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('exit', (code) => out.includes(marker) || fail(new Error(`exit ${code}: ${err.trim().split('\n').slice(0, 3).join(' | ')}`)));
  });
  const bare = () => new Promise<number>((done) => {
    const started = performance.now();
    spawn(process.execPath, ['-e', ''], { stdio: 'ignore' }).on('exit', () => done(performance.now() - started));
  });
  const [bares, imports, acks]: number[][] = [[], [], []];
  for (let i = 0; i < RUNS; i++) bares.push(await bare());
  for (let i = 0; i < RUNS; i++) imports.push(await run(false, 'imported'));
  for (let i = 0; i < RUNS; i++) acks.push(await run(true, 'ack 200'));
  console.log(`cold, fresh node ${process.version}, median of ${RUNS}:`);
  console.log(`  spawn → exit of a bare node -e ""           ${median(bares).toFixed(0).padStart(5)} ms   (the floor on this machine)`);
  console.log(`  spawn → functions/discord imported          ${median(imports).toFixed(0).padStart(5)} ms`);
  console.log(`  spawn → acknowledgement of a slash command  ${median(acks).toFixed(0).padStart(5)} ms   (Discord allows 3000 ms)`);
} finally {
  await rm(work, { recursive: true, force: true });
}
