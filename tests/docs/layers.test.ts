/**
 * The layering of ARCHITECTURE.md, checked on the sources: no import circles, dependencies point
 * inward only (engine ← game ← app ← platforms / store / render; functions and local only wire),
 * no file of the inner layers names a messenger, and neither do the configuration, the wiring and
 * the scheduler (a messenger is one folder and one line of the registry).
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

/**
 * Which layers each layer may import (itself always), and why. No exceptions: a messenger
 * (`platforms`) translates between its API and the app's contract (src/app/ports.ts) — it gets
 * the board's picture drawn through the contract (`Painter`) and the variants' names from the app,
 * so it imports neither the renderer nor the engine (STYLE.md §2, §16), nor the configuration (its
 * own variables are read in its folder, `<name>/config.ts`).
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  /** Result, errors, reading variables: below everything. */
  lib: [],
  /** The rules: pure. */
  engine: ['lib'],
  dice: ['lib'],
  /** The texts name variants and rules. */
  i18n: ['lib', 'engine'],
  /** Matches as values: the rules and the dice's commitments. */
  game: ['lib', 'engine', 'dice'],
  /** The picture from its spec, with its labels' words. */
  render: ['lib', 'engine', 'i18n'],
  ai: ['lib', 'engine', 'game'],
  aws: [],
  store: ['lib', 'aws'],
  /** The use cases: everything below, the store and the renderer behind their interfaces. */
  app: ['lib', 'engine', 'game', 'i18n', 'render', 'ai', 'store', 'dice'],
  /** Translators: the app's contract and door, the texts of their commands, the small library. */
  platforms: ['lib', 'i18n', 'app'],
  cli: ['lib', 'engine', 'game', 'render', 'i18n', 'dice'],
  /** The process's variables, and each messenger's through the registry (only its `config.ts`, below). */
  config: ['lib', 'store', 'platforms'],
  secrets: ['lib', 'config', 'aws'],
  /** The composition root. */
  wiring: ['lib', 'config', 'store', 'dice', 'render', 'app', 'platforms'],
  /** `npm start`: a second composition root with the stand-ins. */
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

  it('the configuration reaches into platforms only for the registry and each messenger’s own config.ts', () => {
    const reached = all.filter((f) => layerOf(f) === 'config').flatMap((f) => graph.get(f)!.filter((to) => layerOf(to) === 'platforms'))
      .map((to) => relative(SRC, to)).filter((to) => to !== 'platforms/configs.ts' && !/^platforms\/[a-z-]+\/config\.ts$/.test(to));
    expect(reached).toEqual([]);
  });

  it('issue #50: the configuration, the wiring and the scheduler name no messenger (each brings its own through the registry)', () => {
    const named: string[] = [];
    for (const file of [join(SRC, 'config.ts'), join(SRC, 'wiring.ts'), join(ROOT, 'functions/scheduler.ts')]) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/telegram|discord/i.test(line)) named.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(named).toEqual([]);
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
