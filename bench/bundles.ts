/**
 * The bundles the benches start in fresh processes: an entry bundled as serverless.yml's
 * `custom.esbuild` bundles it, and a bare telegraf handler bundled the same way (the reference
 * every figure of the handler is a ratio against: what any telegraf webhook pays).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import ESBUILD_PLUGINS from '../tools/deploy/esbuild-plugins.cjs';

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * The bare handler: telegraf alone, answering the press it is given, bundled as our handler is
 * (its figure is what any telegraf webhook pays: node, the bundle, one Bot API call).
 */
export const BARE_TELEGRAF = `
import { Telegraf } from 'telegraf';
const bot = new Telegraf(process.env.TELEGRAM_BOT_TOKEN, { telegram: { apiRoot: process.env.TELEGRAM_API_ROOT } });
bot.botInfo = { id: 1000, is_bot: true, first_name: 'Nardy', username: 'nardy_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
bot.on('callback_query', (ctx) => ctx.answerCbQuery('ok'));
export const handler = async (event) => { await bot.handleUpdate(JSON.parse(event.body)); return { statusCode: 200, body: '' }; };
`;

/** Bundles an entry as serverless.yml's custom.esbuild does, into `file`; returns its size and its largest inputs. */
export async function bundle(entry: string, file: string, { minify = true } = {}): Promise<{ bytes: number; top: string }> {
  const result = await esbuild.build({
    entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node22', external: ['sharp', '@aws-sdk/credential-provider-node'], plugins: ESBUILD_PLUGINS,
    minify, mainFields: ['module', 'main'], write: false, metafile: true, logLevel: 'error',
    alias: { 'whatwg-url': join(ROOT, 'tools/deploy/shims/whatwg-url.mjs') },
    define: { 'import.meta.url': '__nardySourceUrl' },
    banner: {
      js: "import { createRequire as __nardyCreateRequire } from 'node:module'; const require = __nardyCreateRequire(import.meta.url); " +
        "const __nardySourceUrl = new URL('../src/render/fonts.ts', import.meta.url).href;",
    },
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error(`${entry}: esbuild wrote nothing`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, output.contents);
  const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {};
  const heaviest = Object.entries(inputs)
    .map(([path, input]) => ({ pkg: /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'src (ours)', bytes: input.bytesInOutput }))
    .reduce((by, { pkg, bytes }) => by.set(pkg, (by.get(pkg) ?? 0) + bytes), new Map<string, number>());
  const top = [...heaviest].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(0)} KB`).join(', ');
  return { bytes: output.contents.length, top };
}

/** Bundles a module's source text (`contents`, resolved from the repository) the same way, into `file`; returns its size. */
export async function bundleSource(contents: string, file: string, { external = [] as string[] } = {}): Promise<number> {
  const built = await esbuild.build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true, platform: 'node', format: 'esm', target: 'node22', minify: true, mainFields: ['module', 'main'], write: false, logLevel: 'error', external,
    alias: { 'whatwg-url': join(ROOT, 'tools/deploy/shims/whatwg-url.mjs') },
    banner: { js: "import { createRequire as __nardyCreateRequire } from 'node:module'; const require = __nardyCreateRequire(import.meta.url);" },
  });
  const output = built.outputFiles[0]!;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, output.contents);
  return output.contents.length;
}
