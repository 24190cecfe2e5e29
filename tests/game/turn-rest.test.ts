/**
 * The rest of a turn that the rules chose: a step that leaves one way to end the turn ends it
 * (`rest: 'play'`), or lays that way out for a Confirm (`rest: 'fill'`); a whole play can be laid
 * out for a Confirm too (`pending`). Checked on a built position and, for `rest`, against a walk
 * of every step sequence on random positions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalPlays, turnProgress, type Step } from '../../src/engine/index.ts';
import { positionOf, turnContextOf, type MatchState } from '../../src/game/index.ts';
import { fixedDice } from '../../src/dice/index.ts';
import { apply } from '../../src/game/index.ts';
import { ANN, BOB, T0, act, board, challenge, reject, started, withGame } from './fixture.ts';

/** Ann to play 6-5 with a checker on 22, one on 8 and thirteen on 1; Bob's checkers all on his 1 (her 24). */
function annToPlay65(): MatchState {
  const s = started({ variant: 'short' }, [6, 5]);
  return withGame(s, { board: board([[22, 1], [8, 1], [1, 13]], [[1, 15]]), turn: { seat: 0, stage: 'moving', dice: [6, 5], steps: [] } });
}

describe('a forced rest of the turn', () => {
  it("8/3 leaves only 22/16: with rest 'play' the step ends the turn with the whole play", () => {
    const { state, events } = act(annToPlay65(), { type: 'step', by: ANN.id, from: 8, to: 3, die: 5, rest: 'play' });
    expect(events.map((e) => e.type)).toContain('played');
    expect(events.find((e) => e.type === 'played')).toMatchObject({ seat: 0, move: expect.stringMatching(/22\/16.*8\/3|8\/3.*22\/16/) });
    expect(state.game!.turn.seat).toBe(1);
  });

  it("with rest 'fill' the forced step is made too and the turn waits for Confirm", () => {
    const { state, events } = act(annToPlay65(), { type: 'step', by: ANN.id, from: 8, to: 3, die: 5, rest: 'fill' });
    expect(events.map((e) => e.type)).toEqual(['stepped', 'stepped']);
    expect(state.game!.turn.steps.map((s) => `${s.from}/${s.to}`)).toEqual(['8/3', '22/16']);
    expect(reject(state, { type: 'step', by: ANN.id, from: 3, to: 0, rest: 'play' }).kind).toBe('illegal-play');
    const confirmed = act(state, { type: 'confirm', by: ANN.id });
    expect(confirmed.events.map((e) => e.type)).toContain('played');
  });

  it('22/16 leaves a choice (16/11 or 8/3): the step alone, whatever rest says', () => {
    for (const rest of ['play', 'fill', undefined] as const) {
      const { state, events } = act(annToPlay65(), { type: 'step', by: ANN.id, from: 22, to: 16, die: 6, ...(rest ? { rest } : {}) });
      expect(events.map((e) => e.type)).toEqual(['stepped']);
      expect(state.game!.turn.seat).toBe(0);
    }
  });

  it('without rest a step is only that step, as before', () => {
    const { events } = act(annToPlay65(), { type: 'step', by: ANN.id, from: 8, to: 3, die: 5 });
    expect(events.map((e) => e.type)).toEqual(['stepped']);
  });

  it('a whole play with pending is laid out as steps (replacing any made) and waits for Confirm', () => {
    const s = act(annToPlay65(), { type: 'step', by: ANN.id, from: 22, to: 16, die: 6 }).state;
    const { state, events } = act(s, { type: 'play', by: ANN.id, move: '22/17 8/2', pending: true });
    expect(events.map((e) => e.type)).toEqual(['undone', 'stepped', 'stepped']);
    expect(state.game!.turn.seat).toBe(0);
    expect(state.game!.turn.steps.map((x) => `${x.from}/${x.to}`).sort()).toEqual(['22/17', '8/2']);
    expect(act(state, { type: 'confirm', by: ANN.id }).events.find((e) => e.type === 'played')).toMatchObject({ move: expect.stringContaining('22/17') });
  });

  it('a malformed rest or pending is refused before the reducer reads it', () => {
    expect(reject(annToPlay65(), { type: 'step', by: ANN.id, from: 8, to: 3, rest: 'all' } as never).kind).toBe('unknown-command');
    expect(reject(annToPlay65(), { type: 'play', by: ANN.id, move: '8/3 22/16', pending: 'yes' } as never).kind).toBe('unknown-command');
  });
});

/** A match of the variant with its first game under way (whatever the opening throws needed). */
function opened(variant: string): MatchState {
  const r = apply(challenge({ variant, doubling: false }), { type: 'accept', by: BOB }, T0, fixedDice([6, 5, 4, 3, 2, 1, 6, 5, 4, 3]));
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

/** The plays every complete sequence after `steps` ends in, found by walking the step API to its leaves. */
function reachable(state: MatchState, steps: readonly Step[]): Set<string> {
  const game = state.game!;
  const progress = turnProgress(positionOf(state.settings, game), game.turn.dice!, steps, turnContextOf(game));
  if (!progress.ok) throw new Error(progress.error.message);
  if (progress.value.next.length === 0) return new Set(progress.value.play ? [progress.value.play.move] : []);
  const out = new Set<string>();
  for (const s of progress.value.next) for (const m of reachable(state, [...steps, s])) out.add(m);
  return out;
}

describe('turnProgress rest, against a walk of every sequence', () => {
  it('rest is given exactly when one play is reachable, and its steps end in that play', () => {
    const seen = { rest: 0, choice: 0 };
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 30 }), fc.constantFrom('short', 'long', 'plakoto') , (seed, variant) => {
      // A random position: random legal plays with random dice from the start, seats alternating.
      let rng = seed;
      const random = (n: number) => Math.floor((rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 * n);
      let state = opened(variant);
      let seat: 0 | 1 = 0;
      const turns = random(40);
      for (let i = 0; i <= turns; i++) {
        const dice: [number, number] = [1 + random(6), 1 + random(6)];
        state = withGame(state, { turn: { seat, stage: 'moving', dice, steps: [] } });
        if (i === turns) break;
        const plays = legalPlays(positionOf(state.settings, state.game!), dice, turnContextOf(state.game!));
        if (plays.length > 0) {
          const [me, them] = plays[random(plays.length)].board;
          if (me[0] === 15 || them[0] === 15) break;
          state = withGame(state, { board: seat === 0 ? [me, them] : [them, me] });
        }
        seat = seat === 0 ? 1 : 0;
      }
      const game = state.game!;
      const position = positionOf(state.settings, game);
      const first = turnProgress(position, game.turn.dice!, [], turnContextOf(game));
      if (!first.ok) throw new Error(first.error.message);
      for (const s of first.value.next) {
        const after = turnProgress(position, game.turn.dice!, [s], turnContextOf(game));
        if (!after.ok) throw new Error(after.error.message);
        const plays = reachable(state, [s]);
        expect(after.value.rest !== undefined, `after ${s.from}/${s.to}: ${[...plays].join(' | ')}`).toBe(plays.size === 1);
        seen[after.value.rest ? 'rest' : 'choice']++;
        if (after.value.rest) {
          expect([...plays]).toEqual([after.value.rest.play.move]);
          const end = turnProgress(position, game.turn.dice!, [s, ...after.value.rest.steps], turnContextOf(game));
          expect(end.ok && end.value.complete && end.value.play?.move).toBe(after.value.rest.play.move);
        }
      }
    }), { numRuns: 50, seed: 16 });
    // The walk met both kinds of first step many times (a property that checked nothing would pass).
    expect(seen.rest).toBeGreaterThan(5);
    expect(seen.choice).toBeGreaterThan(20);
  });
});
