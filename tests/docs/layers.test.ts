/**
 * The layering of ARCHITECTURE.md, checked on the sources: no import circles, dependencies point
 * inward only (engine ← game ← app ← platforms / store / render; functions and local only wire),
 * and no file of the inner layers names a messenger.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Static imports (type-only ones too: a circle of types is still a circle of meaning). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gms)) out.push(resolve(dirname(file), m[1]));
  return out;
}

const all = files(SRC);
const graph = new Map(all.map((f) => [f, importsOf(f).filter((to) => to.startsWith(SRC))]));
const layerOf = (file: string) => relative(SRC, file).split('/')[0].replace(/\.ts$/, '');

/** Which layers each layer may import (itself always). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  lib: [],
  engine: ['lib'],
  dice: ['lib'],
  i18n: ['lib', 'engine'],
  game: ['lib', 'engine', 'dice'],
  render: ['lib', 'engine', 'i18n'],
  ai: ['lib', 'engine', 'game'],
  aws: [],
  store: ['lib', 'aws'],
  app: ['lib', 'engine', 'game', 'i18n', 'render', 'ai', 'store', 'dice'],
  platforms: ['lib', 'i18n', 'app', 'config'],
  cli: ['lib', 'engine', 'game', 'render', 'i18n', 'dice'],
  config: ['lib', 'store'],
  secrets: ['lib', 'config', 'aws'],
  wiring: ['lib', 'config', 'store', 'dice', 'render', 'app', 'platforms'],
  local: ['lib', 'engine', 'game', 'i18n', 'render', 'app', 'store', 'dice', 'platforms', 'config', 'wiring'],
};

describe('layers', () => {
  it('no import circles', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const to of graph.get(file) ?? []) walk(to, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of all) walk(file, []);
    expect(circles).toEqual([]);
  });

  it('dependencies point inward only', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      const allowed = MAY_IMPORT[from];
      expect(allowed, `a layer the table does not know: ${from}`).toBeDefined();
      for (const to of targets) {
        const layer = layerOf(to);
        if (layer !== from && !allowed.includes(layer)) wrong.push(`${relative(SRC, file)} → ${relative(SRC, to)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the app, the game, the engine and the store name no messenger', () => {
    const named: string[] = [];
    for (const file of all.filter((f) => ['app', 'game', 'engine', 'store', 'lib'].includes(layerOf(f)))) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/telegram|discord|t\.me\b/i.test(line)) named.push(`${relative(SRC, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(named).toEqual([]);
  });

  it('the AWS SDK is not imported: AWS is called through src/aws/ (the SDK’s credential chain alone, lazily, where Lambda never goes)', () => {
    const importers = all.filter((f) => /from\s+'@aws-sdk\/|import\('@aws-sdk\//.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
    expect(importers).toEqual(['aws/credentials.ts']);
  });

  it('each Lambda file is a few lines of adaptation', () => {
    for (const name of readdirSync(join(ROOT, 'functions'))) {
      const lines = readFileSync(join(ROOT, 'functions', name), 'utf8').split('\n').filter((l) => l.trim() !== '' && !/^\s*(\*|\/\*\*|\/\/)/.test(l));
      expect(lines.length, `functions/${name}`).toBeLessThanOrEqual(15);
    }
  });
});
