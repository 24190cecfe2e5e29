/**
 * Issue #50: a Lambda of one messenger bundles no other messenger — neither its folder nor its
 * libraries (the carve's registry first put every messenger's loader beside the configurations, and
 * the Telegram function's bundle grew from 1.47 to 2.15 MB of Discord's libraries, all parsed at
 * every cold start). Bundled as serverless.yml bundles it (esbuild, its plugins and aliases).
 */
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import ESBUILD_PLUGINS from '../../tools/deploy/esbuild-plugins.cjs';

const ROOT = resolve(import.meta.dirname, '../..');

async function inputsOf(entry: string): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [join(ROOT, entry)], bundle: true, platform: 'node', format: 'esm', target: 'node22', external: ['sharp', '@aws-sdk/credential-provider-node'],
    plugins: ESBUILD_PLUGINS, mainFields: ['module', 'main'], write: false, metafile: true, logLevel: 'error',
    alias: { 'whatwg-url': join(ROOT, 'tools/deploy/shims/whatwg-url.mjs') },
  });
  return Object.keys(result.metafile.inputs);
}

/** What marks each messenger's code in a bundle: its folder, and the libraries only it uses. */
const MARKS: Record<string, RegExp> = {
  telegram: /src\/platforms\/telegram\/|node_modules\/telegraf\//,
  discord: /src\/platforms\/discord\/(?!config\.ts)|node_modules\/@discordjs\//,
  vk: /src\/platforms\/vk\/(?!config\.ts)/,
};

describe('issue #50: each messenger\'s function bundles only its own messenger', () => {
  for (const [name, own] of [['telegram', 'functions/telegram.ts'], ['discord', 'functions/discord.ts'], ['vk', 'functions/vk.ts']] as const) {
    it(`${own} holds ${name} and no other messenger`, async () => {
      const inputs = await inputsOf(own);
      expect(inputs.some((path) => MARKS[name]!.test(path))).toBe(true);
      for (const [other, mark] of Object.entries(MARKS)) if (other !== name) expect(inputs.filter((path) => mark.test(path) && !/\/config\.ts$/.test(path))).toEqual([]);
    }, 60_000);
  }
});
