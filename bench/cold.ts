/**
 * The four functions' deployment figures, as bench/local.ts's (a) and (b) measure the Telegram
 * one: (a) each entry bundled as serverless.yml's `custom.esbuild` does (minified ESM, node22,
 * sharp's binaries external), its size and largest inputs; (b) its cold import, a fresh `node` per
 * run, spawn → import resolved (median of BENCH_COLD_RUNS, default 7; dummy variables, DynamoDB on an
 * unused local port, so no network). Also the observability libraries alone (Powertools' logger
 * and metrics, docs/operate.md), bundled and imported the same way, to tell their share.
 * Prints figures; asserts nothing. Run: npx tsx bench/cold.ts
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import ESBUILD_PLUGINS from '../tools/deploy/esbuild-plugins.cjs';
import { median } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const ENTRIES = ['functions/telegram.ts', 'functions/discord.ts', 'functions/scheduler.ts', 'functions/legal.ts'];
const POWERTOOLS = `
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Logger } from '@aws-lambda-powertools/logger';
export const metrics = new Metrics({ namespace: 'nardy', serviceName: 'nardy' });
export const logger = new Logger({ serviceName: 'nardy' });
`;

const common = {
  bundle: true, platform: 'node', format: 'esm', target: 'node22', external: ['sharp', '@aws-sdk/credential-provider-node'], plugins: ESBUILD_PLUGINS,
  minify: true, mainFields: ['module', 'main'], write: false, metafile: true, logLevel: 'error',
  alias: { 'whatwg-url': join(ROOT, 'tools/deploy/shims/whatwg-url.mjs') },
  define: { 'import.meta.url': '__nardySourceUrl' },
  banner: {
    js: "import { createRequire as __nardyCreateRequire } from 'node:module'; const require = __nardyCreateRequire(import.meta.url); " +
      "const __nardySourceUrl = new URL('../src/render/fonts.ts', import.meta.url).href;",
  },
} as const satisfies esbuild.BuildOptions;

async function bundle(options: esbuild.BuildOptions, file: string): Promise<{ bytes: number; top: string }> {
  const result = await esbuild.build({ ...common, ...options });
  const output = result.outputFiles![0]!;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, output.contents);
  const inputs = Object.values(result.metafile!.outputs)[0]?.inputs ?? {};
  const by = new Map<string, number>();
  for (const [path, input] of Object.entries(inputs)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'src (ours)';
    by.set(pkg, (by.get(pkg) ?? 0) + input.bytesInOutput);
  }
  const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(0)} KB`).join(', ');
  return { bytes: output.contents.length, top };
}

const work = await mkdtemp(join(tmpdir(), 'nardy-bench-cold-'));
try {
  await symlink(join(ROOT, 'assets'), join(work, 'assets'));
  await symlink(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  const files: { name: string; file: string }[] = [];
  console.log('bundled size (esbuild, as serverless.yml custom.esbuild):');
  for (const entry of ENTRIES) {
    const file = join(work, entry.replace(/\.ts$/, '.mjs'));
    const { bytes, top } = await bundle({ entryPoints: [join(ROOT, entry)] }, file);
    console.log(`  ${entry.padEnd(24)} ${(bytes / 1024).toFixed(1).padStart(8)} KB   (largest: ${top})`);
    files.push({ name: entry, file });
  }
  const alone = join(work, 'functions/powertools.mjs');
  const { bytes } = await bundle({ stdin: { contents: POWERTOOLS, resolveDir: ROOT, loader: 'ts', sourcefile: 'powertools.ts' } }, alone);
  console.log(`  ${'(powertools alone)'.padEnd(24)} ${(bytes / 1024).toFixed(1).padStart(8)} KB`);
  files.push({ name: '(powertools alone)', file: alone });

  const env = {
    ...process.env,
    TELEGRAM_BOT_TOKEN: '123456:bench-dummy-token', TELEGRAM_WEBHOOK_SECRET: 'bench-secret', TELEGRAM_BOT_USERNAME: 'nardy_bot',
    DISCORD_APPLICATION_ID: '100000000000000001', DISCORD_PUBLIC_KEY: '0'.repeat(64), DISCORD_BOT_TOKEN: 'bench.dummy.discord-token',
    DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', AWS_REGION: 'eu-central-1', TABLE_NAME: 'nardy', AWS_LAMBDA_FUNCTION_NAME: 'bench',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FONTCONFIG_FILE: join(ROOT, 'assets/fonts/fonts.conf'),
  };
  // The streaming helpers the Lambda runtime provides (the Discord handler registers with them at import).
  const runtime = 'globalThis.awslambda = { streamifyResponse: (h) => h, HttpResponseStream: { from: (s) => s } };';
  const coldImport = (file: string) => new Promise<{ total: number; inside: number }>((done, fail) => {
    const script = `${runtime} const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); ` +
      'process.stdout.write(`ready ${performance.now() - t}\\n`); process.exit(0);';
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\S+)/.exec(out);
      if (match) done({ total: performance.now() - started, inside: Number(match[1]) });
    });
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!/ready/.test(out)) fail(new Error(`import of ${file} failed (exit ${code}): ${err.trim().split('\n').slice(0, 5).join(' | ')}`));
    });
  });
  console.log(`cold import (fresh node ${process.version}, median of ${RUNS}):`);
  for (const { name, file } of files) {
    const runs: { total: number; inside: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldImport(file));
    console.log(`  ${name.padEnd(24)} spawn → imported ${median(runs.map((r) => r.total)).toFixed(0).padStart(5)} ms   (import itself ${median(runs.map((r) => r.inside)).toFixed(0)} ms)`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
