// The training tools end to end on a tiny budget: a mistyped option stops before anything is
// written, targets.ts appends whole games that a second run continues, and fit.ts turns them into
// a checkpoint the computer can load.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTPUTS, netFromJson, type NetJson } from '../../src/ai/net.ts';
import { BOARD, aiRules } from '../../src/ai/rules.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { netFor } from '../../src/ai/player.ts';
import { Rollout } from '../../tools/ai/rollout.ts';
import { GAME_AT, RECORD, TARGETS_AT } from '../../tools/ai/target-file.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const tool = (name: string, ...args: string[]) => spawnSync(TSX, [join(ROOT, 'tools/ai', name), ...args], { cwd: ROOT, encoding: 'utf8' });

describe('training tools', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-train-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a misspelt option prints the usage and trains nothing', () => {
    const checkpoint = join(dir, 'never.json');
    const run = tool('train.ts', '--variant', 'short', '--minute', '1', '--checkpoint', checkpoint);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Unknown option '--minute'[\s\S]*usage: tsx tools\/ai\/train\.ts/);
    expect(existsSync(checkpoint)).toBe(false);
    const help = tool('train.ts', '--help', '--checkpoint', checkpoint);
    expect(help.status).toBe(0);
    expect(existsSync(checkpoint)).toBe(false);
  });

  it('train.ts --workers 2 trains one net in two threads and writes a checkpoint the computer can load', () => {
    const checkpoint = join(dir, 'workers.json');
    writeFileSync(checkpoint, readFileSync(join(ROOT, 'src/ai/weights/long.json')));
    const before = JSON.parse(readFileSync(checkpoint, 'utf8')) as NetJson;
    const run = tool('train.ts', '--variant', 'long', '--minutes', '0.05', '--alpha', '0.01', '--workers', '2', '--checkpoint', checkpoint);
    expect(run.status, run.stderr).toBe(0);
    const after = JSON.parse(readFileSync(checkpoint, 'utf8')) as NetJson;
    const played = after.games - before.games;
    expect(played).toBeGreaterThan(0);
    expect(run.stdout).toContain(`this run ${played} games`);
    expect(after.runs.at(-1)).toMatch(/, 2 workers$/);
    expect(after.weights).not.toBe(before.weights);
    const ev = new NetEvaluator(netFromJson(after), aiRules('long'));
    const board = new Int8Array(BOARD);
    board[24] = 15; board[26 + 24] = 15;
    ev.score(board, 0);
    for (const p of ev.last) expect(p).toBeGreaterThanOrEqual(0);
    expect(tool('train.ts', '--variant', 'long', '--workers', '0', '--checkpoint', checkpoint).status).toBe(2);
  });

  it('targets.ts appends whole games with 2-ply, 1-ply or 0-ply targets, or a share of their positions, or the best plays of each turn, and fit.ts fits a loadable net to them', () => {
    const data = join(dir, 'short.bin');
    // A budget of a few milliseconds still plays the one game it has started.
    const first = tool('targets.ts', '--variant', 'short', '--minutes', '0.0001', '--out', data);
    expect(first.status, first.stderr).toBe(0);
    const size = statSync(data).size;
    expect(size % RECORD).toBe(0);
    const second = tool('targets.ts', '--variant', 'short', '--minutes', '0.0001', '--one-ply', '--out', data);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain(`${size / RECORD} positions of 1 games`);
    const bytes = readFileSync(data), view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    const count = bytes.length / RECORD;
    expect(count).toBeGreaterThan(size / RECORD);
    for (let i = 0; i < count; i++) {
      expect(view.getUint32(i * RECORD + GAME_AT, true)).toBe(i < size / RECORD ? 0 : 1);
      let checkers = 0;
      for (let p = 0; p < BOARD; p++) checkers += Math.max(0, view.getInt8(i * RECORD + p));
      expect(checkers).toBe(30);
      for (let o = 0; o < OUTPUTS; o++) {
        const v = view.getFloat32(i * RECORD + TARGETS_AT + o * 4, true);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }

    // --zero-ply: the targets are the committed net's own outputs, which the computer's evaluator gives again.
    const zero = join(dir, 'zero.bin');
    const third = tool('targets.ts', '--variant', 'short', '--minutes', '0.0001', '--zero-ply', '--out', zero);
    expect(third.status, third.stderr).toBe(0);
    const z = readFileSync(zero), zv = new DataView(z.buffer, z.byteOffset, z.length);
    const ev = new NetEvaluator(netFor('short'), aiRules('short'));
    const board = new Int8Array(BOARD);
    for (let i = 0; i < z.length / RECORD; i++) {
      for (let p = 0; p < BOARD; p++) board[p] = zv.getInt8(i * RECORD + p);
      ev.score(board, 0);
      for (let o = 0; o < OUTPUTS; o++) expect(zv.getFloat32(i * RECORD + TARGETS_AT + o * 4, true)).toBeCloseTo(ev.last[o], 6);
    }

    // --every 3: the same game (its dice come from the seed alone), a third of its positions.
    const sampled = join(dir, 'sampled.bin'), whole = join(dir, 'whole.bin');
    expect(tool('targets.ts', '--variant', 'short', '--minutes', '0.0001', '--one-ply', '--seed', '5', '--out', whole).status).toBe(0);
    const fourth = tool('targets.ts', '--variant', 'short', '--minutes', '0.0001', '--one-ply', '--seed', '5', '--every', '3', '--out', sampled);
    expect(fourth.status, fourth.stderr).toBe(0);
    const all = readFileSync(whole), some = readFileSync(sampled);
    // A board's target may differ in the last bit: the search sums a play's inputs onto those of the
    // position evaluated before it, and the positions before differ.
    const targetsOf = (b: Buffer, i: number) => Array.from({ length: OUTPUTS }, (_, o) => b.readFloatLE(i * RECORD + TARGETS_AT + o * 4));
    const targetsByBoard = new Map<string, number[]>();
    for (let i = 0; i < all.length / RECORD; i++) targetsByBoard.set(all.subarray(i * RECORD, i * RECORD + TARGETS_AT).toString('hex'), targetsOf(all, i));
    const kept = some.length / RECORD;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(targetsByBoard.size / 2);
    for (let i = 0; i < kept; i++) {
      const expected = targetsByBoard.get(some.subarray(i * RECORD, i * RECORD + TARGETS_AT).toString('hex'));
      expect(expected).toBeDefined();
      targetsOf(some, i).forEach((t, o) => expect(t).toBeCloseTo(expected![o], 6));
    }
    expect(tool('targets.ts', '--variant', 'short', '--every', '0', '--out', sampled).status).toBe(2);

    // --plays 3: each turn's three best plays, the one made among them.
    const three = join(dir, 'three.bin');
    const fifth = tool('targets.ts', '--variant', 'short', '--minutes', '0.0001', '--one-ply', '--seed', '5', '--plays', '3', '--out', three);
    expect(fifth.status, fifth.stderr).toBe(0);
    const alternatives = readFileSync(three);
    const threeBoards = new Set(Array.from({ length: alternatives.length / RECORD }, (_, i) => alternatives.subarray(i * RECORD, i * RECORD + TARGETS_AT).toString('hex')));
    expect(threeBoards.size).toBeGreaterThan(2 * targetsByBoard.size);
    for (const b of targetsByBoard.keys()) expect(threeBoards.has(b)).toBe(true);

    // --rollout 36: each position's target is 36 games played out from it, on dice seeded by the run's seed, the game and the turn.
    const rolled = join(dir, 'rolled.bin');
    const sixth = tool('targets.ts', '--variant', 'long', '--minutes', '0.0001', '--rollout', '36', '--seed', '8', '--out', rolled);
    expect(sixth.status, sixth.stderr).toBe(0);
    const r = readFileSync(rolled);
    expect(r.length / RECORD).toBeGreaterThan(20);
    const longRules = aiRules('long');
    const rollout = new Rollout(longRules, new NetEvaluator(netFor('long'), longRules));
    const again = new Float32Array(OUTPUTS), rollBoard = new Int8Array(BOARD);
    // Every turn of the first game is kept until the bear-off race, so record i is turn i.
    for (let i = 0; i < 10; i++) {
      for (let p = 0; p < BOARD; p++) rollBoard[p] = r.readInt8(i * RECORD + p);
      rollout.value(rollBoard, 0, 36, 8 * 1_000_003 + i, again);
      expect(targetsOf(r, i), `record ${i}`).toEqual(Array.from(again));
    }
    expect(tool('targets.ts', '--variant', 'long', '--rollout', '30', '--out', rolled).status).toBe(2);
    expect(tool('targets.ts', '--variant', 'long', '--rollout', '36', '--one-ply', '--out', rolled).status).toBe(2);

    const out = join(dir, 'fitted.json');
    const fit = tool('fit.ts', '--variant', 'short', '--data', data, '--out', out, '--passes', '2');
    expect(fit.status, fit.stderr).toBe(0);
    expect(fit.stdout).toMatch(/held-out error 0\.\d+, equity's 0\.\d+/);
    const adam = tool('fit.ts', '--variant', 'short', '--data', data, '--out', out, '--passes', '1', '--adam', '--cross-entropy', '--alpha', '0.0001');
    expect(adam.status, adam.stderr).toBe(0);
    expect((JSON.parse(readFileSync(out, 'utf8')) as NetJson).runs.at(-1)).toContain('Adam, batches of 32, cross-entropy');
    const json = JSON.parse(readFileSync(out, 'utf8')) as NetJson;
    expect(netFromJson(json).hidden).toBe(json.hidden);
    expect(json.runs.at(-1)).toContain('fitted to');
  });
});
