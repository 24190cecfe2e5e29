/**
 * The rest of a turn that the rules chose: a step that leaves one way to end the turn ends it
 * (`rest: 'play'`), or lays that way out for a Confirm (`rest: 'fill'`); a whole play can be laid
 * out for a Confirm too (`pending`). Checked on a built position and, for `rest`, against a walk
 * of every step sequence on random positions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalPlays, turnProgress, type Step } from '../../src/engine/index.ts';
import { decodeMatch, encodeMatch, forcedSteps, positionOf, seatToAct, turnContextOf, type MatchState } from '../../src/game/index.ts';
import { mulberry32, rollDie } from '../arbitraries.ts';
import { fixedDice } from '../../src/dice/index.ts';
import { apply } from '../../src/game/index.ts';
import { ANN, BOB, T0, act, board, challenge, reject, started, step, withGame } from './fixture.ts';

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

/**
 * #47 B10: Ann on the bar in short nardy, where Bob holds every entry point but her 23. Her 2-2
 * must begin bar/23, and then she has a choice; her 2-1 too (then 8/7 or 6/5).
 */
function annOnTheBar(): MatchState {
  const s = started({ variant: 'short', doubling: true }, [6, 5]);
  return withGame(s, {
    board: board([[25, 1], [13, 5], [8, 4], [6, 5]], [[1, 2], [3, 2], [4, 2], [5, 2], [6, 2], [13, 5]]),
    turn: { seat: 0, stage: 'decide', dice: null, steps: [] },
  });
}

/** The turn's progress after `steps`. */
function progressAt(state: MatchState, steps: readonly Step[]) {
  const game = state.game!;
  const progress = turnProgress(positionOf(state.settings, game), game.turn.dice!, steps, turnContextOf(game));
  if (!progress.ok) throw new Error(progress.error.message);
  return progress.value;
}

const written = (steps: readonly Step[]) => steps.map((s) => `${s.from}/${s.to}`);

describe('#47 B10: a step the rules chose is made by itself', () => {
  it('a roll whose only first step is bar/23 makes it: the turn waits for Ann\'s choice after it', () => {
    for (const dice of [[2, 2], [2, 1]] as const) {
      const { state, events } = act(annOnTheBar(), { type: 'roll', by: ANN.id }, dice);
      expect(events.map((e) => e.type), `${dice}`).toEqual(['rolled', 'stepped']);
      expect(written(state.game!.turn.steps)).toEqual(['25/23']);
      expect(state.game!.turn.seat).toBe(0);
      expect(forcedSteps(state.settings, state.game!)).toBe(1);
    }
  });

  it('Undo cannot take back what the rules chose; it takes back Ann\'s own step, to bar/23', () => {
    const rolled = step(annOnTheBar(), { type: 'roll', by: ANN.id }, [2, 2]);
    expect(reject(rolled, { type: 'undo', by: ANN.id }).kind).toBe('wrong-phase');
    const moved = step(rolled, { type: 'step', by: ANN.id, from: 13, to: 11, die: 2, rest: 'play' });
    expect(written(moved.game!.turn.steps)).toEqual(['25/23', '13/11']);
    expect(forcedSteps(moved.settings, moved.game!)).toBe(1);
    const back = act(moved, { type: 'undo', by: ANN.id });
    expect(back.events.map((e) => e.type)).toEqual(['undone']);
    expect(written(back.state.game!.turn.steps)).toEqual(['25/23']);
  });

  it('a whole play still counts from the start of the turn, bar/23 included', () => {
    const rolled = step(annOnTheBar(), { type: 'roll', by: ANN.id }, [2, 1]);
    const { state, events } = act(rolled, { type: 'play', by: ANN.id, move: 'bar/23 8/7' });
    expect(events.find((e) => e.type === 'played')).toMatchObject({ seat: 0, move: 'bar/23 8/7', forced: false });
    expect(state.game!.turn.seat).toBe(1);
  });

  it('the stored match decodes with the step made, and a match stored before it was (no steps) gains it', () => {
    // Random plays of short nardy until a roll begins with a step the rules chose (a real history: decoding replays it).
    const rng = mulberry32(47);
    const dice = { die: () => rollDie(rng) };
    let s = opened('short');
    let found = 0;
    for (let i = 0; i < 4000 && found < 3 && s.phase === 'playing'; i++) {
      const game = s.game!;
      if (forcedSteps(s.settings, game) > 0 && game.turn.steps.length > 0) {
        found++;
        const decoded = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(s))));
        expect(decoded.ok && decoded.value).toEqual(s);
        const before = decodeMatch(JSON.parse(JSON.stringify({ ...encodeMatch(s), s: [] })));
        expect(before.ok && before.value).toEqual(s);
        expect(progressAt(s, []).next, 'the first step had no alternative').toHaveLength(1);
        const wrong = decodeMatch(JSON.parse(JSON.stringify({ ...encodeMatch(s), s: [{ ...game.turn.steps[0], from: 13 }] })));
        expect(wrong.ok, 'a stored step other than the one the rules chose').toBe(false);
        // A step after it, stored, decodes too.
        const next = progressAt(s, game.turn.steps).next[0];
        const moved = apply(s, { type: 'step', by: s.players[game.turn.seat]!.id, from: next.from, to: next.to, die: next.die }, T0, dice);
        if (!moved.ok) throw new Error(moved.error.message);
        const again = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(moved.value.state))));
        expect(again.ok && again.value).toEqual(moved.value.state);
      }
      const by = s.players[seatToAct(s)!]!.id;
      const plays = game.turn.dice ? legalPlays(positionOf(s.settings, game), game.turn.dice, turnContextOf(game)) : [];
      const r = apply(s, { type: 'play', by, move: plays[Math.floor(rng() * plays.length)]?.move ?? 'Ø' }, T0, dice);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
      if (s.phase === 'finished') s = opened('short');
    }
    expect(found).toBe(3);
  });

  it('a step that leaves one next step, and a choice after it, brings that step along (with rest), not without', () => {
    // Ann bears off with 2-2: 2/off leaves only 5/3, then 5/3 or 3/1.
    const s = started({ variant: 'short' }, [6, 5]);
    const bearing = withGame(s, {
      board: board([[0, 1], [1, 8], [2, 1], [5, 5]], [[1, 4], [2, 1], [3, 1], [4, 3], [5, 1], [12, 1], [13, 1], [18, 1], [21, 2]]),
      turn: { seat: 0, stage: 'moving', dice: [2, 2], steps: [] },
    });
    for (const rest of ['play', 'fill'] as const) {
      const { state, events } = act(bearing, { type: 'step', by: ANN.id, from: 2, to: 0, die: 2, rest });
      expect(events.map((e) => e.type)).toEqual(['stepped', 'stepped']);
      expect(written(state.game!.turn.steps)).toEqual(['2/0', '5/3']);
      // Undo takes one step back, as ever (a laid-out rest too).
      expect(written(step(state, { type: 'undo', by: ANN.id }).game!.turn.steps)).toEqual(['2/0']);
    }
    expect(act(bearing, { type: 'step', by: ANN.id, from: 2, to: 0, die: 2 }).events.map((e) => e.type)).toEqual(['stepped']);
  });
});
